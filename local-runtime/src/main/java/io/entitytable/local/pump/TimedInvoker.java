package io.entitytable.local.pump;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A {@link FunctionInvoker} that remembers when each of its last invocations started and how long it took, as the
 * REPORT lines of a deployed function's log do: how tests and benchmarks see how long one stream batch held its shard.
 */
public final class TimedInvoker implements FunctionInvoker {
    private static final int KEPT = 10_000;

    private final FunctionInvoker function;
    private final Clock clock;
    private final Deque<Invocation> invocations = new ArrayDeque<>();

    private volatile String marker;
    private final List<Invocation> marked = new CopyOnWriteArrayList<>();

    public TimedInvoker(FunctionInvoker function, Clock clock) {
        this.function = function;
        this.clock = clock;
    }

    @Override
    public InvocationResult invoke(String event) {
        Instant start = clock.instant();
        long begin = System.nanoTime();
        try {
            return function.invoke(event);
        } finally {
            Duration took = Duration.ofNanos(System.nanoTime() - begin);
            String watched = marker;
            if (watched != null && event.contains(watched)) {
                marked.add(new Invocation(start, took));
            }
            synchronized (invocations) {
                invocations.addLast(new Invocation(start, took));
                if (invocations.size() > KEPT) {
                    invocations.removeFirst();
                }
            }
        }
    }

    /** The invocations that started at or after {@code from}, oldest first (of the last 10,000). */
    public List<Invocation> since(Instant from) {
        synchronized (invocations) {
            return invocations.stream().filter(i -> !i.start().isBefore(from)).toList();
        }
    }

    /** From now on, also keeps apart the invocations whose event contains {@code text} (an id): {@link #marked()}. */
    public void mark(String text) {
        marked.clear();
        marker = text;
    }

    /** The invocations since {@link #mark} whose event contained its text. */
    public List<Invocation> marked() {
        return List.copyOf(marked);
    }

    public record Invocation(Instant start, Duration took) {}
}
