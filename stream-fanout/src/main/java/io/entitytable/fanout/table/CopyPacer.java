package io.entitytable.fanout.table;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * A token bucket that holds the writes of one change's copies to a rate (see {@code CopyPace}): {@link #acquire()}
 * returns at once while the bucket has a token and otherwise waits for the next one. Written here rather than taken
 * from Guava's RateLimiter, which would add megabytes to the function's zip for these few lines.
 */
public final class CopyPacer {
    private final long intervalNanos;
    private final long burstNanos;
    private final LongSupplier clock;
    private final Sleeper sleeper;
    /** The instant from which the bucket is empty; the bucket starts full. */
    private long emptyFrom;

    interface Sleeper {
        void sleep(long nanos);
    }

    public CopyPacer(int perSecond, int burst) {
        this(perSecond, burst, System::nanoTime, LockSupport::parkNanos);
    }

    CopyPacer(int perSecond, int burst, LongSupplier clock, Sleeper sleeper) {
        this.intervalNanos = TimeUnit.SECONDS.toNanos(1) / perSecond;
        this.burstNanos = intervalNanos * burst;
        this.clock = clock;
        this.sleeper = sleeper;
        this.emptyFrom = clock.getAsLong() - burstNanos;
    }

    /** Takes one token, waiting until there is one. */
    public void acquire() {
        long wait = reserve();
        if (wait > 0) {
            sleeper.sleep(wait);
        }
    }

    /** How long the caller must wait for its token; the bucket refills one token per interval, up to the burst. */
    private synchronized long reserve() {
        long now = clock.getAsLong();
        emptyFrom = Math.max(emptyFrom, now - burstNanos) + intervalNanos;
        return Math.max(0, emptyFrom - now);
    }
}
