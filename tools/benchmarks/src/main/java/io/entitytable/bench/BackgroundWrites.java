package io.entitytable.bench;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;

/**
 * Writes through the front door at a steady rate from client threads of their own, beside a measurement: each write
 * changes the email of one of a business's customers (a core change, so both stream consumers get a record, and the
 * fan-out rewrites the customer's copies). Paced by slots ({@code start + i / rate}), so a slow write delays only its own thread; enough
 * threads keep the rate while a write takes up to {@code THREADS / rate} seconds. A slot already more than a second
 * late is skipped, not caught up in a burst, so the rate offered never exceeds the one asked for: a system that cannot
 * keep up shows as a lower achieved rate. Bounded: it stops by itself after {@code maxDuration}, whatever its caller
 * does.
 */
final class BackgroundWrites implements AutoCloseable {
    private static final int THREADS = 16;
    private static final long LATE_NANOS = 1_000_000_000L;

    /** Where the writes go: a client of one local system and the customers they rename. */
    record Target(ApiClient api, List<String> customerIds) {}

    private final AtomicReference<Target> target;
    private final double perSecond;
    private final long deadline;
    private final AtomicLong nextSlot = new AtomicLong();
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final ExecutorService threads = Executors.newFixedThreadPool(THREADS, runnable -> {
        Thread thread = new Thread(runnable, "bench-background-writes");
        thread.setDaemon(true);
        return thread;
    });
    private final List<Future<?>> running;
    private final long started = System.nanoTime();
    private volatile long stopped;

    private BackgroundWrites(Target first, double perSecond, Duration maxDuration) {
        this.target = new AtomicReference<>(first);
        this.perSecond = perSecond;
        this.deadline = started + maxDuration.toNanos();
        this.running = IntStream.range(0, THREADS)
                .mapToObj(i -> threads.submit(this::write))
                .<Future<?>>map(future -> future)
                .toList();
    }

    static BackgroundWrites start(Target first, double perSecond, Duration maxDuration) {
        return new BackgroundWrites(first, perSecond, maxDuration);
    }

    /** Sends the next writes to {@code next} (the system being measured). */
    void aim(Target next) {
        target.set(next);
    }

    private void write() {
        long intervalNanos = Math.round(1e9 / perSecond);
        while (!Thread.currentThread().isInterrupted() && stopped == 0) {
            long slot = nextSlot.getAndIncrement();
            long at = started + slot * intervalNanos;
            if (at > deadline) {
                return;
            }
            long wait = at - System.nanoTime();
            if (wait < -LATE_NANOS) {
                skipped.incrementAndGet();
                continue;
            }
            if (wait > 0) {
                try {
                    TimeUnit.NANOSECONDS.sleep(wait);
                } catch (InterruptedException e) {
                    return;
                }
            }
            Target now = target.get();
            String customer =
                    now.customerIds().get((int) (slot % now.customerIds().size()));
            // The email, which no key carries: one stream record per write, as most changes are (a rename that moves
            // the customer's sort key is two, a remove and an insert).
            ApiClient.Response response =
                    now.api().patch("/customers/" + customer, "{\"email\":\"busy" + slot + "@example.com\"}");
            (response.status() / 100 == 2 ? written : refused).incrementAndGet();
        }
    }

    /** Writes answered anything else (none is expected: the benchmark lifts the per-business share). */
    long refused() {
        return refused.get();
    }

    /** Slots skipped because they were more than a second late (every thread busy with a slow write). */
    long skipped() {
        return skipped.get();
    }

    /** Writes a second from the start to the stop (or to now). */
    double achievedPerSecond() {
        long end = stopped == 0 ? System.nanoTime() : stopped;
        return (written.get() + refused.get()) / ((end - started) / 1e9);
    }

    @Override
    public void close() {
        if (stopped == 0) {
            stopped = System.nanoTime();
        }
        threads.shutdownNow();
        try {
            threads.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        running.forEach(future -> future.cancel(true));
    }
}
