package io.entitytable.api;

import io.entitytable.api.error.ApiProblem;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** TEST ONLY: writers released at the same instant, for the concurrency tests. */
final class SimultaneousWriters implements AutoCloseable {
    private final int threads;
    private final ExecutorService pool;

    /** Up to {@code threads} writers at once. */
    SimultaneousWriters(int threads) {
        this.threads = threads;
        this.pool = Executors.newFixedThreadPool(threads);
    }

    /** {@link #all(int, IntFunction)} with one writer per thread. */
    <T> List<T> all(IntFunction<Callable<T>> task) throws Exception {
        return all(threads, task);
    }

    /** Runs one task per writer, all released at the same instant, and returns their results in writer order. */
    <T> List<T> all(int writers, IntFunction<Callable<T>> task) throws Exception {
        CountDownLatch ready = new CountDownLatch(writers);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<T>> futures = new ArrayList<>();
        for (int writer = 0; writer < writers; writer++) {
            Callable<T> work = task.apply(writer);
            futures.add(pool.submit(() -> {
                ready.countDown();
                go.await();
                return work.call();
            }));
        }
        ready.await(10, TimeUnit.SECONDS);
        go.countDown();
        List<T> results = new ArrayList<>();
        for (Future<T> future : futures) {
            results.add(future.get(60, TimeUnit.SECONDS));
        }
        return results;
    }

    /** The result of a service call, or the status of the problem it threw. */
    static Object outcome(Callable<?> call) throws Exception {
        try {
            return call.call();
        } catch (ApiProblem problem) {
            return problem.status();
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
