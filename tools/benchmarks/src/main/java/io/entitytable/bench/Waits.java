package io.entitytable.bench;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** The benchmarks' waits: for tasks they started, and between polls. */
final class Waits {
    private Waits() {}

    /** Waits for every task; the first that failed fails the benchmark, named by {@code what}. */
    static void forAll(List<? extends Future<?>> tasks, String what) {
        for (Future<?> task : tasks) {
            try {
                task.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } catch (ExecutionException e) {
                throw new IllegalStateException(what + " failed", e.getCause());
            }
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
