package io.entitytable.api.timing;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The {@link RequestTiming} of the request the current thread works for, so the SDK interceptor can find it: the SDK
 * hands an interceptor nothing of the HTTP request. The JAX-RS filters bind it on the thread that runs the resource
 * method; {@link #propagating(ExecutorService)} carries it to the pool threads that run a request's parallel Queries,
 * captured when the task is submitted.
 */
public final class CurrentRequestTiming {
    private static final ThreadLocal<RequestTiming> CURRENT = new ThreadLocal<>();

    private CurrentRequestTiming() {}

    /** The current thread's request, or null outside a request (start-up, tests' own clients). */
    public static RequestTiming get() {
        return CURRENT.get();
    }

    public static void bind(RequestTiming timing) {
        CURRENT.set(timing);
    }

    /** Unbinds {@code timing} if it is the one bound (a later request may have rebound the thread already). */
    public static void unbind(RequestTiming timing) {
        if (CURRENT.get() == timing) {
            CURRENT.remove();
        }
    }

    /** {@code task} bound, while it runs, to the request that is current when this is called. */
    public static Runnable propagate(Runnable task) {
        RequestTiming timing = CURRENT.get();
        if (timing == null) {
            return task;
        }
        return () -> {
            RequestTiming previous = CURRENT.get();
            CURRENT.set(timing);
            try {
                task.run();
            } finally {
                if (previous == null) {
                    CURRENT.remove();
                } else {
                    CURRENT.set(previous);
                }
            }
        };
    }

    /**
     * {@code pool}, with every task bound to the request that submitted it. {@code CompletableFuture.supplyAsync} and
     * {@code submit} both go through {@code execute}, on the submitting thread, which is where the request is known.
     */
    public static ExecutorService propagating(ExecutorService pool) {
        return new Propagating(pool);
    }

    private static final class Propagating extends AbstractExecutorService {
        private final ExecutorService delegate;

        Propagating(ExecutorService delegate) {
            this.delegate = delegate;
        }

        @Override
        public void execute(Runnable command) {
            delegate.execute(propagate(command));
        }

        @Override
        public void shutdown() {
            delegate.shutdown();
        }

        @Override
        public List<Runnable> shutdownNow() {
            return delegate.shutdownNow();
        }

        @Override
        public boolean isShutdown() {
            return delegate.isShutdown();
        }

        @Override
        public boolean isTerminated() {
            return delegate.isTerminated();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return delegate.awaitTermination(timeout, unit);
        }
    }
}
