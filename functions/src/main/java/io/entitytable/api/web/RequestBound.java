package io.entitytable.api.web;

import java.util.concurrent.Executor;

/**
 * A value of the request the current thread works for: bound by a JAX-RS filter on the thread that runs the resource
 * method, and carried to the pool threads that work for the same request ({@link #propagating}), captured when a task
 * is submitted. For what the SDK's calls need of the request and cannot be handed: its timing, its table.
 */
public final class RequestBound<T> {
    private final ThreadLocal<T> current = new ThreadLocal<>();

    /** The current thread's value, or null outside a request. */
    public T get() {
        return current.get();
    }

    public void bind(T value) {
        current.set(value);
    }

    /** Unbinds {@code value} if it is the one bound (a later request may have rebound the thread already). */
    public void unbind(T value) {
        if (current.get() == value) {
            current.remove();
        }
    }

    public void clear() {
        current.remove();
    }

    /** {@code task} bound, while it runs, to the value that is current when this is called. */
    public Runnable propagate(Runnable task) {
        T value = current.get();
        if (value == null) {
            return task;
        }
        return () -> {
            T previous = current.get();
            current.set(value);
            try {
                task.run();
            } finally {
                if (previous == null) {
                    current.remove();
                } else {
                    current.set(previous);
                }
            }
        };
    }

    /** {@code pool}, with every task bound to the value that is current on the thread that hands it over. */
    public Executor propagating(Executor pool) {
        return task -> pool.execute(propagate(task));
    }
}
