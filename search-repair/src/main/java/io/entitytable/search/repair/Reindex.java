package io.entitytable.search.repair;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.access.Backoff;
import io.entitytable.search.client.IndexAliases;
import io.entitytable.search.client.IndexBootstrap;
import io.entitytable.search.client.PhysicalIndexes;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Rebuilds the search index from the table and moves the alias to it, with no downtime and nothing lost; or, when no
 * alias exists yet, fills the first index in place (a backfill).
 *
 * <p><b>Rebuild.</b> (1) Choose the next physical index ({@link io.entitytable.deployment.SearchIndexNames#after}; a
 * rebuild that stopped before its swap left the next alias, and its index is filled again). (2) Create it and point
 * the next alias ({@link SearchIndex#NEXT_ALIAS}) at it: from then on the indexer writes every batch through both
 * aliases. (3) Wait {@link SearchIndex#REBUILD_SETTLE}. (4) Scan the table (parallel, strongly consistent) and write
 * every customer, store and order at its external version. (5) In one {@code _aliases} request move the live alias to
 * the new index and remove the next alias. (6) Delete the previous index (unless asked to keep it).
 *
 * <p><b>Why nothing is lost.</b> Take any change of an item, written to the table at time w. If w is before the Scan
 * starts, the strongly consistent Scan reads that item at that version or a later one (or finds it gone), and writes
 * it. If w is after the Scan starts, the indexer handles its stream record after w, hence more than {@link
 * SearchIndex#NEXT_ALIAS_RECHECK} after the next alias was created (the settle wait is longer); the indexer relies on
 * a lookup for at most that long after sending it, so the lookup it uses was sent after the alias existed, saw it, and
 * the record is written to the new index too. Both paths write at the item's external version, so whichever arrives
 * last, the index keeps the highest: a Scan copy older than a dual write gets a 409, and so does a dual write older
 * than the Scan copy. A delete after the Scan copied the item arrives as a tombstone above that version: the stream
 * delivers an item's records in order, and the indexer writes the REMOVE through both aliases. An item deleted before
 * the Scan reached it is neither copied nor needed (its ids are never reused). After the swap the live alias is the
 * new index, so writes keep reaching it; a write resolved against the old index just before the swap was also written
 * through the next alias, and one that fails because the old index was deleted is retried through the live alias.
 *
 * <p><b>Backfill.</b> With no live alias (a first deployment over an existing table, a new local engine), the first
 * index and the alias are created ({@link IndexBootstrap}, as the indexer does at its start) and filled in place:
 * there was nothing to search before, and the indexer writes through the live alias from its start, so the same
 * argument holds without a next alias or a wait.
 *
 * <p>The new index holds no tombstones: a Scan finds no deleted items, so a rebuild also purges them.
 *
 * <p>A reindex shows its fill on {@code progress}, names refused documents on {@code err} and calls {@code hooks} at
 * its steps (table-verify's {@code reindex} command passes all three).
 */
public record Reindex(
        DynamoDbClient dynamo,
        OpenSearchClient search,
        ReindexRequest request,
        Progress progress,
        PrintStream err,
        Hooks hooks) {

    /**
     * The whole reindex, quietly: for the local runtime's backfill and the benchmarks. Refused documents are counted in
     * the summary, not printed.
     */
    public static ReindexSummary run(DynamoDbClient dynamo, OpenSearchClient search, ReindexRequest request) {
        return new Reindex(
                        dynamo,
                        search,
                        request,
                        Progress.NONE,
                        new PrintStream(OutputStream.nullOutputStream()),
                        Hooks.NONE)
                .run();
    }

    public ReindexSummary run() {
        long start = System.nanoTime();
        IndexAliases aliases = new IndexAliases(search, request.names());
        PhysicalIndexes indexes = new PhysicalIndexes(search, request.managedShards());
        Optional<String> live = aliases.live();
        if (live.isEmpty()) {
            String first = new IndexBootstrap(search, request.names(), request.managedShards()).ensureIndexAndAlias();
            IndexFill fill = fill(first);
            return summary("backfill", null, first, false, false, fill, start);
        }

        Optional<String> leftover = aliases.next();
        boolean resumed =
                leftover.isPresent() && request.names().isCurrentMapping(leftover.get()) && !leftover.equals(live);
        String next;
        if (resumed) {
            next = leftover.get();
            err.println("a stopped reindex left " + request.names().nextAlias() + " -> " + next + "; filling it again");
        } else {
            leftover.ifPresent(aliases::dropNext);
            next = request.names().after(live);
            while (indexes.exists(next)) {
                next = request.names().after(Optional.of(next));
            }
            indexes.create(next);
            aliases.pointNext(next);
        }
        sleep(request.settle());
        hooks.scanStarting();
        IndexFill fill = fill(next);
        hooks.beforeSwap();
        aliases.swap(live, next);
        boolean deleted = false;
        if (!request.keepOld()) {
            indexes.delete(live.get());
            deleted = true;
        }
        return summary("rebuild", live.get(), next, resumed, deleted, fill, start);
    }

    private IndexFill fill(String index) {
        DocumentLoad load = new DocumentLoad(search, index, err);
        IndexFill fill = new IndexFill(dynamo, request.tableName(), request.segments(), load);
        try (Progress.Shown shown =
                progress.show(() -> "[reindex] %s -> %s: %,d items read, %,d documents written, %d/%d segments done"
                        .formatted(
                                request.tableName(),
                                index,
                                fill.itemsScanned.get(),
                                load.written.get() + load.conflicts.get(),
                                fill.segmentsDone.get(),
                                fill.segments()))) {
            fill.run();
        }
        return fill;
    }

    private ReindexSummary summary(
            String mode, String previous, String index, boolean resumed, boolean deleted, IndexFill fill, long start) {
        return new ReindexSummary(
                mode,
                previous,
                index,
                resumed,
                deleted,
                fill.itemsScanned.get(),
                fill.documents.get(),
                fill.load().written.get(),
                fill.load().conflicts.get(),
                fill.load().refused.get(),
                fill.linesQueried.get(),
                fill.capacity.sum(),
                Duration.ofNanos(System.nanoTime() - start));
    }

    private static void sleep(Duration duration) {
        if (duration.isZero() || duration.isNegative()) {
            return;
        }
        Backoff.sleep(duration, "the indexer learnt of the next index");
    }

    /** Points where a test acts while a rebuild runs. */
    public interface Hooks {
        Hooks NONE = new Hooks() {};

        /** The next alias exists and has settled; the Scan starts right after. */
        default void scanStarting() {}

        /** The Scan and its writes are done; the swap comes right after. */
        default void beforeSwap() {}
    }

    /** Where the fill's running status goes: table-verify's status line on a terminal, or nowhere. */
    public interface Progress {
        Progress NONE = status -> () -> {};

        /** Shows {@code status} until the returned status is closed. */
        Shown show(Supplier<String> status);

        /** A status being shown. */
        interface Shown extends AutoCloseable {
            @Override
            void close();
        }
    }
}
