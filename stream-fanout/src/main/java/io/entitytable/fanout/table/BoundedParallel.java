package io.entitytable.fanout.table;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs independent tasks (the writes of one record, or the items of one batch) concurrently on a fixed pool (the
 * bound), waits for all of them, and then fails with the first failure. Waiting for every task before failing keeps a
 * failed record's writes from overlapping the next attempt's.
 */
public final class BoundedParallel implements AutoCloseable {
    private final ExecutorService pool;

    public BoundedParallel(int threads) {
        AtomicInteger counter = new AtomicInteger();
        ThreadFactory daemons = runnable -> {
            Thread thread = new Thread(runnable, "fanout-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        this.pool = Executors.newFixedThreadPool(threads, daemons);
    }

    public void runAll(List<Runnable> tasks) {
        if (tasks.isEmpty()) {
            return;
        }
        if (tasks.size() == 1) {
            tasks.get(0).run();
            return;
        }
        List<Future<?>> futures = new ArrayList<>(tasks.size());
        tasks.forEach(task -> futures.add(pool.submit(task)));
        RuntimeException first = null;
        for (Future<?> future : futures) {
            try {
                future.get();
            } catch (ExecutionException e) {
                if (first == null) {
                    first = e.getCause() instanceof RuntimeException runtime
                            ? runtime
                            : new IllegalStateException(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for fan-out writes", e);
            }
        }
        if (first != null) {
            throw first;
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
