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
 * went away mid-init can go on running).
 */
class StopWhileStartingTest {
    private static final Duration START_LIMIT = Duration.ofSeconds(120);

    @TempDir
    Path dataFolder;

    @Test
    void sigterm_whileTheFunctionsStart_shouldStopEveryFunctionJvm() throws Exception {
        // GIVEN the local runtime starting, the JVM of a function launched and the start not done
        Set<ProcessHandle> children = new LinkedHashSet<>();
        try (LocalRuntimeProcess system = LocalRuntimeProcess.start(
                "start",
                "--in-memory",
                "--no-search",
                "--data",
                dataFolder.toString(),
                "--api-port",
                Integer.toString(LocalDynamoDb.freePort()),
                "--dynamodb-port",
                Integer.toString(LocalDynamoDb.freePort()),
                "--sqs-port",
                Integer.toString(LocalDynamoDb.freePort()))) {
            long deadline = System.nanoTime() + START_LIMIT.toNanos();
            while (children.isEmpty() && system.handle().isAlive() && System.nanoTime() < deadline) {
                system.handle().children().forEach(children::add);
                Thread.sleep(20);
            }
            assertThat(children).as(system.output()).isNotEmpty();
            assertThat(system.stdout())
                    .as("stopped before the start was done")
                    .doesNotContain("Ctrl-C stops everything");

            // WHEN it is stopped, every process it starts meanwhile noted while it lives
            long stopping = System.nanoTime();
            system.handle().destroy();
            long stopDeadline = System.nanoTime() + START_LIMIT.toNanos();
            while (system.handle().isAlive() && System.nanoTime() < stopDeadline) {
                system.handle().children().forEach(children::add);
                Thread.sleep(20);
            }
            assertThat(system.handle().isAlive())
                    .as("still running " + START_LIMIT + " after SIGTERM")
                    .isFalse();
            System.out.printf(
                    "[test] stopped while starting in %d ms, with %d child JVM(s)%n",
                    (System.nanoTime() - stopping) / 1_000_000, children.size());

            // THEN it said so in two lines, and printed no stack trace: what the stop interrupted is not a failure
            system.awaitExit(START_LIMIT);
            assertThat(system.stdout()).contains("[local] stopping while starting...\n", "[local] stopped\n");
            assertThat(system.output())
                    .doesNotContain("could not start")
                    .doesNotContain("Exception")
                    .doesNotContainPattern("(?m)^\\s+at ");
        }

        // AND none of them outlived it: it stopped them itself, rather than leave them to find their Runtime API gone
        try {
            assertThat(children.stream().filter(ProcessHandle::isAlive).map(ProcessHandle::pid))
                    .as("child JVMs still running when the local runtime had ended")
                    .isEmpty();
        } finally {
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }
}
