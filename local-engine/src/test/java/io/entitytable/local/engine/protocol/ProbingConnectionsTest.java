package io.entitytable.local.engine.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** When the URL-connection client's connections are kept: only while enough of them are busy at once. */
class ProbingConnectionsTest {
    private static final int KEEP_FROM = 4;

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final ProbingConnections connections = new ProbingConnections(KEEP_FROM, now::get);

    private List<ProbingConnections.Activity> busy(int count) {
        List<ProbingConnections.Activity> busy = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ProbingConnections.Activity connection = connections.connection();
            connection.requestBegan();
            busy.add(connection);
        }
        return busy;
    }

    @Test
    void keep_shouldCloseConnectionOfClientSendingOneRequestAtATime() {
        // GIVEN
        ProbingConnections.Activity only = busy(1).get(0);

        // WHEN / THEN
        assertThat(only.keep()).isFalse();
    }

    @Test
    void keep_shouldCloseWhileFewerThanKeepFromConnectionsAreBusy() {
        // GIVEN
        List<ProbingConnections.Activity> busy = busy(KEEP_FROM - 1);

        // WHEN / THEN
        assertThat(busy).noneMatch(ProbingConnections.Activity::keep);
    }

    @Test
    void keep_shouldKeepConnectionsWhileKeepFromOfThemAreBusy() {
        // GIVEN
        List<ProbingConnections.Activity> busy = busy(KEEP_FROM);

        // WHEN / THEN
        assertThat(busy).allMatch(ProbingConnections.Activity::keep);
    }

    @Test
    void keep_shouldCountNoConnectionIdleLongerThanTheActiveWindow() {
        // GIVEN KEEP_FROM - 1 connections whose last request is older than the window, and one just begun
        busy(KEEP_FROM - 1);
        now.addAndGet(ProbingConnections.ACTIVE_NANOS + TimeUnit.MILLISECONDS.toNanos(1));
        ProbingConnections.Activity recent = busy(1).get(0);

        // WHEN / THEN
        assertThat(recent.keep()).isFalse();
    }

    @Test
    void keep_shouldCountNoClosedConnection() {
        // GIVEN
        List<ProbingConnections.Activity> busy = busy(KEEP_FROM);

        // WHEN
        busy.get(0).close();

        // THEN
        assertThat(busy.get(1).keep()).isFalse();
    }
}
