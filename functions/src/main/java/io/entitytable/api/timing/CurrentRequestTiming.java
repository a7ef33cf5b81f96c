package io.entitytable.api.timing;

import io.entitytable.api.web.RequestBound;
import java.util.concurrent.Executor;

/**
 * The {@link RequestTiming} of the request the current thread works for, so the SDK interceptor can find it: the SDK
 * hands an interceptor nothing of the HTTP request. The JAX-RS filters bind it on the thread that runs the resource
 * method; {@link #propagating(Executor)} carries it to the pool threads that run a request's parallel Queries,
 * captured when the task is submitted.
 */
public final class CurrentRequestTiming {
    private static final RequestBound<RequestTiming> CURRENT = new RequestBound<>();

    private CurrentRequestTiming() {}

    /** The current thread's request, or null outside a request (start-up, tests' own clients). */
    public static RequestTiming get() {
        return CURRENT.get();
    }

    public static void bind(RequestTiming timing) {
        CURRENT.bind(timing);
    }

    /** Unbinds {@code timing} if it is the one bound (a later request may have rebound the thread already). */
    public static void unbind(RequestTiming timing) {
        CURRENT.unbind(timing);
    }

    /** {@code task} bound, while it runs, to the request that is current when this is called. */
    public static Runnable propagate(Runnable task) {
        return CURRENT.propagate(task);
    }

    /** {@code pool}, with every task bound to the request that is current on the thread that hands it over. */
    public static Executor propagating(Executor pool) {
        return CURRENT.propagating(pool);
    }
}
