package io.entitytable.local.pump;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The stream records a pump reads that were written before it started: what an earlier run left after its checkpoint,
 * read again at this start (delivered again if that run had delivered them but died before checkpointing, for the
 * first time otherwise). The start says how many there were, per consumer.
 */
final class Backlog {
    /** Stream records carry their creation time rounded down to the second. */
    private final Instant writtenBefore;

    private final AtomicLong read = new AtomicLong();
    private volatile boolean readPastStart;
    private final AtomicLong forTheFunction = new AtomicLong();

    Backlog(Instant pumpStarted) {
        this.writtenBefore = pumpStarted.truncatedTo(ChronoUnit.SECONDS);
    }

    /** Counts {@code record} if it was written before the pump started. */
    void count(PumpRecord record, boolean passesFilter) {
        if (record.approximateCreation().isBefore(writtenBefore)) {
            read.incrementAndGet();
            if (passesFilter) {
                forTheFunction.incrementAndGet();
            }
        } else {
            readPastStart = true;
        }
    }

    /**
     * Whether a record written since the start was read: every record before it in its shard was read (locally one
     * shard is open at a time, and a child shard is read only after its parent), so the backlog is counted in full
     * even while new writes keep the pump from ever being caught up.
     */
    boolean readPastStart() {
        return readPastStart;
    }

    long read() {
        return read.get();
    }

    long forTheFunction() {
        return forTheFunction.get();
    }
}
