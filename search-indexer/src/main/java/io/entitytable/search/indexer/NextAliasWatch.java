package io.entitytable.search.indexer;

import io.entitytable.search.client.IndexAliases;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * Whether a rebuild's next alias exists, looked up at most once per {@code recheck}. What the indexer learnt is relied
 * on only for {@code recheck} after the lookup was <em>sent</em>: a lookup that missed the alias was sent before it
 * existed, so that answer runs out at most {@code recheck} after the alias was created, before any rebuild's Scan
 * starts ({@code SearchIndex.REBUILD_SETTLE} is longer). Time is this JVM's monotonic clock: no clocks are compared
 * across machines.
 */
final class NextAliasWatch {
    private final IndexAliases aliases;
    private final long recheckNanos;
    private final LongSupplier nanoTime;

    private boolean known;
    private boolean present;
    private long askedAt;

    NextAliasWatch(IndexAliases aliases, Duration recheck, LongSupplier nanoTime) {
        this.aliases = aliases;
        this.recheckNanos = recheck.toNanos();
        this.nanoTime = nanoTime;
    }

    /** Whether every write must also go through the next alias. */
    synchronized boolean nextAliasPresent() {
        long now = nanoTime.getAsLong();
        if (!known || now - askedAt >= recheckNanos) {
            present = aliases.nextExists();
            askedAt = now;
            known = true;
        }
        return present;
    }

    /** The engine said the next alias is gone (the rebuild swapped or gave up): look again next time. */
    synchronized void forget() {
        known = false;
    }
}
