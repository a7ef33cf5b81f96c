package io.entitytable.search.repair;

import java.time.Duration;

/**
 * What a reindex did.
 *
 * @param mode {@code rebuild} (a new index filled, then the alias swapped) or {@code backfill} (no alias existed: the
 *     first index was created and filled in place)
 * @param previousIndex the index the alias pointed at before (null for a backfill)
 * @param index the index the alias points at now
 * @param resumed a stopped rebuild's next index was filled again instead of a new one
 * @param previousDeleted the previous index was deleted after the swap
 * @param itemsScanned every item the Scan read (core items, copies, lines, counters, jobs)
 * @param documents search documents built (customers, stores, orders)
 * @param written documents the index took
 * @param conflicts documents the index already held at that version or a newer one (the indexer's dual write)
 * @param refused documents the index refused for their content
 * @param linesQueried orders whose lines were queried because the Scan had not yet seen them all
 * @param duration from the first request to the swap (or the backfill's last write)
 */
public record ReindexSummary(
        String mode,
        String previousIndex,
        String index,
        boolean resumed,
        boolean previousDeleted,
        long itemsScanned,
        long documents,
        long written,
        long conflicts,
        long refused,
        long linesQueried,
        double consumedReadCapacityUnits,
        Duration duration) {

    /** Items scanned per second of the whole run. */
    public double itemsPerSecond() {
        double seconds = duration.toNanos() / 1e9;
        return seconds <= 0 ? 0 : itemsScanned / seconds;
    }
}
