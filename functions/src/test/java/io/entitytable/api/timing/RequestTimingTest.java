package io.entitytable.api.timing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RequestTimingTest {

    @Test
    void snapshot_shouldSumSequentialCalls_andMeasureAppFromStart() {
        // GIVEN a request that started at t=1000 and made two calls one after the other
        RequestTiming timing = new RequestTiming(1_000, null);
        timing.callStarted(2_000);
        timing.callEnded(5_000, null, null);
        timing.callStarted(6_000);
        timing.callEnded(8_000, null, null);

        // WHEN
        RequestTiming.Snapshot snapshot = timing.snapshot(10_000);

        // THEN
        assertThat(snapshot.appNanos()).isEqualTo(9_000);
        assertThat(snapshot.dbNanos()).isEqualTo(5_000);
        assertThat(snapshot.appNanos() - snapshot.dbNanos() - snapshot.searchNanos())
                .isEqualTo(4_000);
        assertThat(snapshot.calls()).isEqualTo(2);
        assertThat(snapshot.capacityReported()).isFalse();
    }

    @Test
    void snapshot_shouldCountOverlappingCallsOnce_asTheWallTimeAnyWasOutstanding() {
        // GIVEN three parallel calls: [10, 40], [20, 30] inside it, [35, 60] overlapping its end; then [70, 80]
        RequestTiming timing = new RequestTiming(0, null);
        timing.callStarted(10);
        timing.callStarted(20);
        timing.callEnded(30, null, null);
        timing.callStarted(35);
        timing.callEnded(40, null, null);
        timing.callEnded(60, null, null);
        timing.callStarted(70);
        timing.callEnded(80, null, null);

        // WHEN
        RequestTiming.Snapshot snapshot = timing.snapshot(100);

        // THEN the union [10, 60] + [70, 80] is 60, not the sum 30 + 10 + 25 + 10 = 75
        assertThat(snapshot.dbNanos()).isEqualTo(60);
        assertThat(snapshot.calls()).isEqualTo(4);
        assertThat(snapshot.appNanos() - snapshot.dbNanos() - snapshot.searchNanos())
                .isEqualTo(40);
    }

    @Test
    void snapshot_shouldCountACallStillInFlight_upToNow() {
        // GIVEN a call that started at 50 and has not ended (a failed sibling's request answered already)
        RequestTiming timing = new RequestTiming(0, null);
        timing.callStarted(50);

        // WHEN
        RequestTiming.Snapshot snapshot = timing.snapshot(120);

        // THEN
        assertThat(snapshot.dbNanos()).isEqualTo(70);
        assertThat(snapshot.calls()).isEqualTo(1);
    }

    @Test
    void callEnded_shouldAddUpReadAndWriteUnits_whenDynamoDbReportedThem() {
        // GIVEN
        RequestTiming timing = new RequestTiming(0, null);
        timing.callStarted(1);
        timing.callEnded(2, 0.5, null);
        timing.callStarted(3);
        timing.callEnded(4, null, 2.0);
        timing.callStarted(5);
        timing.callEnded(6, 1.0, null);

        // WHEN
        RequestTiming.Snapshot snapshot = timing.snapshot(10);

        // THEN
        assertThat(snapshot.capacityReported()).isTrue();
        assertThat(snapshot.readUnits()).isEqualTo(1.5);
        assertThat(snapshot.writeUnits()).isEqualTo(2.0);
    }

    @Test
    void callEnded_shouldRefuse_whenNoCallStarted() {
        // GIVEN
        RequestTiming timing = new RequestTiming(0, null);

        // WHEN / THEN
        assertThatThrownBy(() -> timing.callEnded(1, null, null)).isInstanceOf(IllegalStateException.class);
    }
}
