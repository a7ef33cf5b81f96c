package io.entitytable.fanout.refresh;

import io.entitytable.queue.RefreshMessage;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * When a worker stops taking new pages of a segment and sends the rest of it to the queue: before the Lambda
 * deadline by a margin that holds one more page at the slowest pace, or after a fixed slice when one is set.
 */
public record SliceDeadline(LongSupplier nanoClock, long endNanos) {
    /** One page at the slowest pace (8 segments share 800 copies/s: 250 copies take 2.5 s), with room to spare. */
    public static final Duration MARGIN = Duration.ofSeconds(15);

    /** {@code remainingMillis} from the Lambda context; {@code maxSlice} caps the slice (null: no cap). */
    public static SliceDeadline of(long remainingMillis, Duration maxSlice) {
        return of(remainingMillis, maxSlice, System::nanoTime);
    }

    static SliceDeadline of(long remainingMillis, Duration maxSlice, LongSupplier nanoClock) {
        long slice = Math.max(0, remainingMillis - MARGIN.toMillis());
        if (maxSlice != null) {
            slice = Math.min(slice, maxSlice.toMillis());
        }
        return new SliceDeadline(
                nanoClock, nanoClock.getAsLong() + Duration.ofMillis(slice).toNanos());
    }

    /**
     * Whether the rest of a segment must wait for another slice: when no page that lasts as long as the last one did
     * ({@code lastPageNanos}) fits before the deadline, the message goes back to {@code queue} to go on after {@code
     * cursor}, and true.
     */
    public boolean sentOn(RefreshQueue queue, RefreshMessage message, String cursor, long lastPageNanos) {
        if (!reached() && !reachedBefore(lastPageNanos)) {
            return false;
        }
        queue.send(message.continuingAfter(cursor));
        return true;
    }

    public boolean reached() {
        return nanoClock.getAsLong() >= endNanos;
    }

    /**
     * Reached, or too close to take one more page that may last as long as the last one did, twice over: the margin
     * assumes DynamoDB answers at its usual speed, and a slow table must not make a slice run into the function's
     * timeout (a timed-out message comes back only after the visibility timeout).
     */
    public boolean reachedBefore(long nextPageNanos) {
        return nanoClock.getAsLong() + 2 * nextPageNanos >= endNanos + MARGIN.toNanos();
    }
}
