package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local runtime stopped as Ctrl-C stops it (SIGTERM) while it is still starting: the JVMs it has started for its
 * functions stop before it ends, and none is left running on its own, holding its memory (a function whose Runtime API
 * went away mid-init can go on running). The same for {@code invoke}, which starts one function.
 */
class StopWhileStartingTest {
    private static final Duration START_LIMIT = Duration.ofSeconds(120);

    @TempDir
    Path dataFolder;

    @Test
    void sigterm_whileTheFunctionsStart_shouldStopEveryFunctionJvm() throws Exception {
        // GIVEN the local runtime starting
        try (LocalRuntimeProcess system = LocalRuntimeProcess.start(
                "start",
                "--in-memory",
                "--no-search",
                "--no-archive",
                "--data",
                dataFolder.toString(),
                "--api-port",
                Integer.toString(LocalDynamoDb.freePort()),
                "--dynamodb-port",
                Integer.toString(LocalDynamoDb.freePort()),
                "--sqs-port",
                Integer.toString(LocalDynamoDb.freePort()))) {
            // WHEN it is stopped once the JVM of a function is launched, the start not done
            Set<ProcessHandle> children = stopAtFirstChild(system);

            // THEN it said so in two lines, and printed no stack trace: what the stop interrupted is not a failure
            assertThat(system.stdout()).contains("[local] stopping while starting...\n", "[local] stopped\n");
            assertNoFailurePrinted(system);
            // AND none of the JVMs it started outlived it
            assertAllEnded(children);
        }
    }

    @Test
    void sigterm_whileInvokeStartsItsFunction_shouldStopTheFunctionsJvm() throws Exception {
        // GIVEN an invocation of the API function, with a DynamoDB engine of its own (none runs on the port)
        Path event =
                Path.of(getClass().getResource("/events/api-health-live.json").toURI());
        try (LocalRuntimeProcess invoke = LocalRuntimeProcess.start(
                "invoke", "api", event.toString(), "--dynamodb-port", Integer.toString(LocalDynamoDb.freePort()))) {
            // WHEN it is stopped once the function's JVM is launched
            Set<ProcessHandle> children = stopAtFirstChild(invoke);

            // THEN it said so, printed no stack trace, and the function's JVM did not outlive it
            assertThat(invoke.stderr()).contains("[invoke] stopped\n");
            assertNoFailurePrinted(invoke);
            assertAllEnded(children);
        }
    }

    /**
     * Waits for the first child JVM of {@code running}, stops it with SIGTERM before it has printed that it is ready,
     * and waits for it to end; returns every child seen meanwhile.
     */
    private static Set<ProcessHandle> stopAtFirstChild(LocalRuntimeProcess running) throws InterruptedException {
        Set<ProcessHandle> children = new LinkedHashSet<>();
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        while (children.isEmpty() && running.handle().isAlive() && System.nanoTime() < deadline) {
            running.handle().children().forEach(children::add);
            Thread.sleep(20);
        }
        assertThat(children).as(running.output()).isNotEmpty();
        assertThat(running.stdout())
                .as("stopped before the start was done")
                .doesNotContain("Ctrl-C stops everything")
                .doesNotContain("\"statusCode\"");

        long stopping = System.nanoTime();
        running.handle().destroy();
        long stopDeadline = System.nanoTime() + START_LIMIT.toNanos();
        while (running.handle().isAlive() && System.nanoTime() < stopDeadline) {
            running.handle().children().forEach(children::add);
            Thread.sleep(20);
        }
        assertThat(running.handle().isAlive())
                .as("still running " + START_LIMIT + " after SIGTERM")
                .isFalse();
        System.out.printf(
                "[test] stopped while starting in %d ms, with %d child JVM(s)%n",
                (System.nanoTime() - stopping) / 1_000_000, children.size());
        running.awaitExit(START_LIMIT);
        return children;
    }

    private static void assertNoFailurePrinted(LocalRuntimeProcess stopped) {
        assertThat(stopped.output())
                .doesNotContain("could not start")
                .doesNotContain("Exception")
                .doesNotContainPattern("(?m)^\\s+at ");
    }

    /** It stopped them itself, rather than leave them to find their Runtime API gone. */
    private static void assertAllEnded(Set<ProcessHandle> children) {
        try {
            assertThat(children.stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid))
                    .as("child JVMs still running when the local runtime had ended")
                    .isEmpty();
        } finally {
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
