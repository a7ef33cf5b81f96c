package io.entitytable.bench;

import io.entitytable.deployment.SearchIndexNames;
import io.entitytable.local.LocalSystem;
import io.entitytable.model.CoreItem;
import io.entitytable.search.client.IndexAliases;
import io.entitytable.search.client.PhysicalIndexes;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.client.SearchDocument;
import io.entitytable.search.repair.Reindex;
import io.entitytable.search.repair.ReindexRequest;
import io.entitytable.search.repair.ReindexSummary;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.VersionType;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.bulk.BulkResponseItem;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The reindex ({@link Reindex#run}, the code of table-verify's {@code reindex} command) against the search part's
 * running engine, after the other search measurements:
 *
 * <ol>
 *   <li>a table of its own in the same local DynamoDB engine, in the project's layout with its stream off, seeded with core
 *       items ({@link SearchSeed}, BatchWriteItem) and their businesses, order lines and child counters; no pump
 *       reads it, so nothing else works while the reindex runs, and the search part's index and indexer are left as
 *       they were;
 *   <li>for each segment count: the reindex into an index family of its own (a backfill first, then rebuilds, each
 *       into a new empty index), and, as the baseline, the same documents bulk-loaded straight into a new empty index
 *       from as many threads, the way the reindex writes them (500 a bulk, id, routing, external version), without
 *       the Scan; the two alternate which goes first.
 * </ol>
 */
final class ReindexBench {
    /** An index family no indexer writes to, so a rebuild needs no settling time. */
    static final SearchIndexNames NAMES = new SearchIndexNames("bench-reindex");

    private static final int BULK_SIZE = 500;

    /** One segment count: the reindex and the raw bulk of the same documents. */
    record Run(int segments, boolean rawFirst, ReindexSummary reindex, long rawDocuments, Duration raw) {
        double documentsPerSecond() {
            return reindex.written() / seconds(reindex.duration());
        }

        double rawDocumentsPerSecond() {
            return rawDocuments / seconds(raw);
        }
    }

    record Result(
            String table,
            int businesses,
            int coreItems,
            int tableItems,
            double seedSeconds,
            int defaultSegments,
            List<Run> runs) {}

    private ReindexBench() {}

    static Result run(LocalSystem system, Mode mode, ExecutorService pool) {
        String table = system.options().tableName() + "-reindex";
        List<SearchDocument> documents = new ArrayList<>();
        OpenSearchClient search = SearchClients.create(system.searchEngine().endpoint(), false);
        try (DynamoDbClient dynamo = system.dynamoDb().client()) {
            StreamlessTable.create(dynamo, table);
            long seedStart = System.nanoTime();
            SearchSeed.Seeded seeded = SearchSeed.writeToTable(
                    dynamo,
                    table,
                    mode.reindexBusinesses(),
                    mode.reindexCoreItems(),
                    pool,
                    new Random(7),
                    item -> documents.add(document(item)));
            double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
            System.err.printf(
                    Locale.ROOT,
                    "[bench] reindex: seeded %,d core items (%,d table items) in %.1f s%n",
                    seeded.throughStream(),
                    seeded.tableItems(),
                    seedSeconds);

            List<Run> runs = new ArrayList<>();
            int[] segmentCounts = mode.reindexSegments();
            for (int i = 0; i < segmentCounts.length; i++) {
                int segments = segmentCounts[i];
                boolean rawFirst = i % 2 == 1;
                Duration raw = null;
                if (rawFirst) {
                    raw = rawBulk(search, documents, segments, pool, i);
                }
                ReindexSummary summary = Reindex.run(
                        dynamo,
                        search,
                        ReindexRequest.of(table)
                                .withSegments(segments)
                                .withNames(NAMES)
                                .withSettle(Duration.ZERO));
                check(summary, documents.size());
                if (!rawFirst) {
                    raw = rawBulk(search, documents, segments, pool, i);
                }
                Run run = new Run(segments, rawFirst, summary, documents.size(), raw);
                runs.add(run);
                System.err.printf(
                        Locale.ROOT,
                        "[bench] reindex: %d segment(s) %s: %,d items scanned, %,d documents in %.1f s (%,.0f items/s,"
                                + " %,.0f documents/s); raw bulk %.1f s (%,.0f documents/s)%n",
                        segments,
                        summary.mode(),
                        summary.itemsScanned(),
                        summary.written(),
                        seconds(summary.duration()),
                        summary.itemsPerSecond(),
                        run.documentsPerSecond(),
                        seconds(raw),
                        run.rawDocumentsPerSecond());
            }
            // Give the search engine and the DynamoDB engine their memory back.
            new IndexAliases(search, NAMES).live().ifPresent(index -> new PhysicalIndexes(search, false).delete(index));
            dynamo.deleteTable(request -> request.tableName(table));
            return new Result(
                    table,
                    seeded.businessIds().size(),
                    seeded.throughStream(),
                    seeded.tableItems(),
                    seedSeconds,
                    ReindexRequest.of(table).segments(),
                    runs);
        } finally {
            try {
                search._transport().close();
            } catch (IOException e) {
                // Closing the connections at the end of the part: nothing left to do about it.
            }
        }
    }

    /** The document the reindex builds from the item's image and an order's lines, as the indexer does. */
    private static SearchDocument document(CoreItem item) {
        return SearchDocument.of(item.toItem(), item.collectionItems()).orElseThrow();
    }

    /** A reindex whose count is off measured something else: stop rather than report it. */
    private static void check(ReindexSummary summary, int expected) {
        if (summary.documents() != expected
                || summary.written() + summary.conflicts() != expected
                || summary.refused() != 0) {
            throw new IllegalStateException("the reindex built " + summary.documents() + " documents, wrote "
                    + summary.written() + " (" + summary.conflicts() + " conflicts, " + summary.refused()
                    + " refused) of " + expected);
        }
    }

    /**
     * The documents bulk-loaded into a new empty index from {@code threads} threads, each its share 500 a bulk; from
     * the index's creation to the last bulk's answer (the reindex's time also starts before it creates its index).
     */
    private static Duration rawBulk(
            OpenSearchClient search, List<SearchDocument> documents, int threads, ExecutorService pool, int round) {
        PhysicalIndexes indexes = new PhysicalIndexes(search, false);
        String index = NAMES.alias() + "-raw-" + round;
        AtomicLong written = new AtomicLong();
        long start = System.nanoTime();
        indexes.create(index);
        List<Future<?>> tasks = new ArrayList<>();
        int share = (documents.size() + threads - 1) / threads;
        for (int t = 0; t < threads; t++) {
            List<SearchDocument> part = documents.subList(
                    Math.min(documents.size(), t * share), Math.min(documents.size(), (t + 1) * share));
            tasks.add(pool.submit(() -> {
                for (int from = 0; from < part.size(); from += BULK_SIZE) {
                    written.addAndGet(bulk(search, index, part.subList(from, Math.min(part.size(), from + BULK_SIZE))));
                }
            }));
        }
        Waits.forAll(tasks, "raw bulk");
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        indexes.delete(index);
        if (written.get() != documents.size()) {
            throw new IllegalStateException("raw bulk wrote " + written.get() + " of " + documents.size());
        }
        return elapsed;
    }

    private static int bulk(OpenSearchClient search, String index, List<SearchDocument> documents) {
        List<BulkOperation> operations = documents.stream()
                .map(document -> BulkOperation.of(op -> op.index(i -> i.id(document.id())
                        .routing(document.businessId())
                        .version(document.indexVersion())
                        .versionType(VersionType.External)
                        .document(document.toMap()))))
                .toList();
        BulkResponse response;
        try {
            response = search.bulk(b -> b.index(index).operations(operations));
        } catch (IOException e) {
            throw new IllegalStateException("raw bulk: engine unreachable", e);
        }
        int ok = 0;
        for (BulkResponseItem item : response.items()) {
            if (item.status() >= 300) {
                throw new IllegalStateException("raw bulk: " + item.status() + " " + item.error());
            }
            ok++;
        }
        return ok;
    }

    static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }
}
