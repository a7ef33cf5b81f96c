package io.entitytable.search.repair;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.deployment.SearchIndexNames;
import java.time.Duration;

/**
 * What a reindex does: which table it Scans, with how many segments, into which index family, and what happens around
 * the swap.
 *
 * @param managedShards true on a collection that manages shards itself (Serverless: signed endpoints)
 * @param keepOld keep the previous index after the swap (no alias points at it; it no longer gets writes)
 * @param settle the wait between creating the next alias and starting the Scan ({@link SearchIndex#REBUILD_SETTLE};
 *     zero only when every indexer looks the alias up on each batch, as tests' do)
 */
public record ReindexRequest(
        String tableName,
        int segments,
        SearchIndexNames names,
        boolean managedShards,
        boolean keepOld,
        Duration settle) {

    /**
     * Twice verify's default: each segment reads a page and then waits for that page's bulk request, so within a
     * segment the Scan and the writes add up; more segments overlap them (tools/benchmarks/README.md, the reindex
     * table: 8 segments are the first to reach the 5,000 items/s target).
     */
    public static final int DEFAULT_SEGMENTS = 8;

    /** The project's index, {@link #DEFAULT_SEGMENTS} segments, the previous index deleted, the full settling time. */
    public static ReindexRequest of(String tableName) {
        return new ReindexRequest(
                tableName, DEFAULT_SEGMENTS, SearchIndex.NAMES, false, false, SearchIndex.REBUILD_SETTLE);
    }

    public ReindexRequest withSegments(int newSegments) {
        return new ReindexRequest(tableName, newSegments, names, managedShards, keepOld, settle);
    }

    public ReindexRequest withNames(SearchIndexNames newNames) {
        return new ReindexRequest(tableName, segments, newNames, managedShards, keepOld, settle);
    }

    public ReindexRequest withManagedShards(boolean managed) {
        return new ReindexRequest(tableName, segments, names, managed, keepOld, settle);
    }

    public ReindexRequest withKeepOld(boolean keep) {
        return new ReindexRequest(tableName, segments, names, managedShards, keep, settle);
    }

    public ReindexRequest withSettle(Duration newSettle) {
        return new ReindexRequest(tableName, segments, names, managedShards, keepOld, newSettle);
    }
}
