package io.entitytable.local;

import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a write, then polls a read over the copies until it shows the change, and records how long that took: the
 * write-to-visible time a user of the API sees (the stream pump's lag plus the fan-out's work). The usual "until
 * asserted" loop, written out so that it measures from the moment the write was sent.
 */
final class VisibilityLog {
    private static final Duration POLL = Duration.ofMillis(20);

    /** One step: the write's own round trip, and the time from sending it until the read showed it. */
    record Step(String name, long writeMillis, long visibleMillis) {}

    private final Duration timeout;
    private final List<Step> steps = new ArrayList<>();

    VisibilityLog(Duration timeout) {
        this.timeout = timeout;
    }

    /**
     * @param visible AssertJ assertions over API reads; retried until they pass or the timeout, when the last failure
     *     is thrown
     */
    Step step(String name, Runnable write, Runnable visible) {
        long sent = System.nanoTime();
        write.run();
        long written = System.nanoTime();
        long deadline = written + timeout.toNanos();
        while (true) {
            try {
                visible.run();
                break;
            } catch (AssertionError notYet) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(
                            "step '" + name + "' not visible within " + timeout.toSeconds() + " s: "
                                    + notYet.getMessage(),
                            notYet);
                }
                sleep();
            }
        }
        Step step = new Step(name, millis(written - sent), millis(System.nanoTime() - sent));
        steps.add(step);
        return step;
    }

    List<Step> steps() {
        return List.copyOf(steps);
    }

    void print(PrintStream out) {
        out.println("[test] write-to-visible times (write = the API call; visible = from sending it until the read"
                + " over the copies showed it)");
        out.printf("[test] %-44s %9s %11s%n", "step", "write ms", "visible ms");
        for (Step step : steps) {
            out.printf("[test] %-44s %9d %11d%n", step.name(), step.writeMillis(), step.visibleMillis());
        }
        long[] visible = steps.stream().mapToLong(Step::visibleMillis).sorted().toArray();
        if (visible.length > 0) {
            out.printf(
                    "[test] %-44s %9s %11d%n[test] %-44s %9s %11d%n",
                    "median", "", visible[visible.length / 2], "max", "", visible[visible.length - 1]);
        }
    }

    private static long millis(long nanos) {
        return Duration.ofNanos(nanos).toMillis();
    }

    private static void sleep() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the copies", e);
        }
    }
}
