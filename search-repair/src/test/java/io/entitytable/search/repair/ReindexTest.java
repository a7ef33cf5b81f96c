package io.entitytable.search.repair;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.SearchIndexNames;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.model.backfill.IndexBackfill;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.indexer.EngineView;
import io.entitytable.search.indexer.IndexerConfig;
import io.entitytable.search.indexer.SearchIndexer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * reindex on the local DynamoDB engine (in this JVM) and the real search engine (one child JVM per test JVM), each test on its own table
 * and its own alias. The indexer in these tests is the search indexer's own class, run in this JVM over the stream
 * records of the changes the tests make, looking the next alias up on every batch (so the rebuild needs no settling
 * time), except where the test is about that interval.
 */
class ReindexTest {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    /** The indexer's look-up interval in the rebuild-while-writing test, and the rebuild's longer wait. */
    private static final Duration NEXT_ALIAS_RECHECK = Duration.ofSeconds(1);

    private static final Duration REBUILD_SETTLE = Duration.ofMillis(1500);

    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;

    private final EngineView engine = new EngineView();
    private final OpenSearchClient search = SearchClients.create(engine.endpoint, false);
    private final SearchIndexNames names =
            new SearchIndexNames("r" + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet() + "-entities");
    private final String table = "reindex" + COUNTER.incrementAndGet();

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        dynamo = local.client();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        local.close();
    }

    @Test
    void withNoAlias_shouldBackfillTheFirstIndexInPlace_equalToTheTable() {
        // GIVEN a table of 25 customers, 8 stores and 15 orders (1-3 lines each), and no index at all
        SearchSample sample = sample().fill(25, 8, 15);

        // WHEN
        ReindexSummary summary = reindex(Reindex.Hooks.NONE);

        // THEN the first index holds every core item at its version, behind the alias
        assertThat(summary.mode()).isEqualTo("backfill");
        assertThat(summary.index()).isEqualTo(names.first());
        assertThat(engine.aliasTargets(names.alias())).containsExactly(names.first());
        assertThat(engine.liveVersions(names.alias())).isEqualTo(sample.expectedVersions());
        assertThat(summary.documents()).isEqualTo(48);
        assertThat(summary.written()).isEqualTo(48);
        // 48 core items, 30 order lines and the backfill progress items every new table is created with
        assertThat(summary.itemsScanned()).isEqualTo(78 + IndexBackfill.ALL.size());
        assertThat(summary.refused()).isZero();
    }

    @Test
    void rebuild_shouldFillTheNextIndexFromTheTable_moveTheAlias_andDeleteTheOldIndex() {
        // GIVEN an index filled by the indexer that has drifted from the table: items it never got, a tombstone
        SearchSample sample = sample().fill(20, 5, 10);
        SearchIndexer indexer = indexer();
        DeclaredItem gone = sample.customer("Gone", "Away");
        process(indexer, List.of(sample.put(gone), sample.delete(gone)));
        DeclaredItem missed = sample.customer("Never", "Indexed");
        sample.put(missed);
        assertThat(engine.documents(names.alias()).get(gone.id()).deleted()).isTrue();

        // WHEN
        ReindexSummary summary = reindex(Reindex.Hooks.NONE);

        // THEN the second generation holds exactly the table, the alias moved, the first index is gone
        String second = names.physical(1, 2);
        assertThat(summary.mode()).isEqualTo("rebuild");
        assertThat(summary.previousIndex()).isEqualTo(names.first());
        assertThat(summary.index()).isEqualTo(second);
        assertThat(summary.previousDeleted()).isTrue();
        assertThat(engine.aliasTargets(names.alias())).containsExactly(second);
        assertThat(engine.aliasTargets(names.nextAlias())).isEmpty();
        assertThat(engine.exists(names.first())).isFalse();
        assertThat(engine.liveVersions(names.alias())).isEqualTo(sample.expectedVersions());
        // no tombstones: a Scan finds no deleted item
        assertThat(engine.documents(second)).doesNotContainKey(gone.id());

        // AND an indexer starting after the swap leaves the alias where it is and does not re-create the first index
        DeclaredItem later = sample.customer("After", "Swap");
        process(indexer(), List.of(sample.put(later)));
        assertThat(engine.exists(names.first())).isFalse();
        assertThat(engine.aliasTargets(names.alias())).containsExactly(second);
        assertThat(engine.liveVersions(names.alias())).containsEntry(later.id(), 2L);

        // AND a third run takes the next generation
        assertThat(reindex(Reindex.Hooks.NONE).index()).isEqualTo(names.physical(1, 3));
    }

    @Test
    void writesWhileTheRebuildRuns_shouldAllEndRightInTheNewIndex() {
        writesWhileTheRebuildRuns(NEXT_ALIAS_RECHECK, REBUILD_SETTLE);
    }

    private void writesWhileTheRebuildRuns(Duration recheck, Duration settle) {
        // GIVEN an index in step with the table, and an indexer that relies on its alias look-ups for a second, and
        // has just learnt that there is no next alias
        SearchSample sample = sample().fill(12, 6, 9);
        reindex(Reindex.Hooks.NONE);
        SearchIndexer indexer = indexer(recheck);
        List<DeclaredItem> customers = sample.live.values().stream()
                .filter(item -> item.entity() == Entity.CUSTOMER)
                .map(DeclaredItem.class::cast)
                .toList();
        List<DeclaredItem> stores = sample.live.values().stream()
                .filter(item -> item.entity() == Entity.STORE)
                .map(DeclaredItem.class::cast)
                .toList();
        CoreItem order = sample.live.values().stream()
                .filter(item -> item.entity() == Entity.ORDER)
                .findFirst()
                .orElseThrow();
        List<Record> lateRecords = new ArrayList<>();
        process(indexer, List.of(sample.retag(stores.get(2), "before")));

        // WHEN changes happen at every stage of a rebuild that waits longer than that before its Scan, their records
        // handled at once or late
        Reindex.Hooks hooks = new Reindex.Hooks() {
            @Override
            public void scanStarting() {
                // handled before the Scan copies the same versions: the Scan's copies then conflict
                process(indexer, sample.rename(customers.get(0), "Renamed"));
                DeclaredItem created = sample.store("Opened Meanwhile");
                process(indexer, List.of(sample.put(created)));
                // written now, its record handled only after the swap (a lagging stream)
                lateRecords.add(sample.retag(stores.get(0), "late"));
            }

            @Override
            public void beforeSwap() {
                // after the Scan copied them: only the indexer's writes through the next alias can carry these
                process(indexer, List.of(sample.delete(order)));
                process(indexer, sample.rename(customers.get(1), "Changed"));
                DeclaredItem created = sample.customer("Created", "Late");
                process(indexer, List.of(sample.put(created)));
            }
        };
        ReindexSummary summary =
                new Reindex(dynamo, search, request().withSettle(settle), Reindex.Progress.NONE, quiet(), hooks).run();
        process(indexer, lateRecords);
        process(indexer, List.of(sample.delete(stores.get(1))));

        // THEN the new index equals the table: renamed, created and retagged items at their versions, deleted ones
        // as tombstones
        assertThat(engine.aliasTargets(names.alias())).containsExactly(summary.index());
        assertThat(engine.liveVersions(names.alias())).isEqualTo(sample.expectedVersions());
        assertThat(engine.documents(names.alias()).get(order.id()).deleted()).isTrue();
        assertThat(engine.documents(names.alias()).get(stores.get(1).id()).deleted())
                .isTrue();
        assertThat(engine.documents(names.alias())
                        .get(customers.get(0).id())
                        .source()
                        .path("lastName")
                        .asText())
                .isEqualTo("Renamed");
        assertThat(engine.documents(names.alias())
                        .get(stores.get(0).id())
                        .source()
                        .path("tags")
                        .asText())
                .isEqualTo("late");
        // the Scan met the renamed customer and the new store already indexed at those versions
        assertThat(summary.conflicts()).isEqualTo(2);
    }

    @Test
    void aRebuildStoppedBeforeItsSwap_shouldBeResumedIntoTheSameIndex() {
        // GIVEN an index, and the next index a stopped rebuild left behind its next alias
        SearchSample sample = sample().fill(6, 3, 4);
        reindex(Reindex.Hooks.NONE);
        String leftover = names.physical(1, 2);
        engine.send("PUT", "/" + leftover, io.entitytable.deployment.SearchIndex.definitionJson());
        engine.send("PUT", "/" + leftover + "/_alias/" + names.nextAlias(), null);

        // WHEN
        ReindexSummary summary = reindex(Reindex.Hooks.NONE);

        // THEN
        assertThat(summary.resumed()).isTrue();
        assertThat(summary.index()).isEqualTo(leftover);
        assertThat(engine.aliasTargets(names.alias())).containsExactly(leftover);
        assertThat(engine.aliasTargets(names.nextAlias())).isEmpty();
        assertThat(engine.liveVersions(names.alias())).isEqualTo(sample.expectedVersions());
    }

    @Test
    void keepOld_shouldLeaveThePreviousIndexWithoutAlias() {
        // GIVEN
        sample().fill(3, 1, 1);
        reindex(Reindex.Hooks.NONE);

        // WHEN
        ReindexSummary summary = new Reindex(
                        dynamo, search, request().withKeepOld(true), Reindex.Progress.NONE, quiet(), Reindex.Hooks.NONE)
                .run();

        // THEN
        assertThat(summary.previousDeleted()).isFalse();
        assertThat(engine.exists(names.first())).isTrue();
        assertThat(engine.aliasTargets(names.alias())).containsExactly(names.physical(1, 2));
    }

    @Test
    void ordersWhoseLinesTheScanDidNotHold_shouldGetThemFromAQuery() {
        // GIVEN orders, and a Scan handing items one at a time so that pages split item collections
        SearchSample sample = sample().fill(2, 0, 6);

        // WHEN every order reaches the assembler without its lines
        ScannedDocuments assembled = new ScannedDocuments();
        sample.live.values().stream()
                .filter(item -> item.entity() == Entity.ORDER)
                .forEach(order -> assertThat(assembled.add(order.toItem())).isEmpty());

        // THEN they are held for a Query, and a line completes its order
        assertThat(assembled.incompleteOrders()).hasSize(6);
        CoreItem first = sample.live.values().stream()
                .filter(item -> item.entity() == Entity.ORDER)
                .filter(order -> order.collectionItems().size() == 1)
                .findFirst()
                .orElseThrow();
        assertThat(assembled.add(first.collectionItems().get(0)))
                .singleElement()
                .satisfies(document -> assertThat(document.text().get("sku")).containsExactly("SKU-1"));
        assertThat(assembled.incompleteOrders()).hasSize(5);
        assertThat(Values.string(first.collectionItems().get(0), Attributes.SKU))
                .isEqualTo("SKU-1");
    }

    private SearchSample sample() {
        local.createTable(table);
        return new SearchSample(dynamo, table);
    }

    private ReindexRequest request() {
        return ReindexRequest.of(table).withSegments(3).withNames(names).withSettle(Duration.ZERO);
    }

    private ReindexSummary reindex(Reindex.Hooks hooks) {
        return new Reindex(dynamo, search, request(), Reindex.Progress.NONE, quiet(), hooks).run();
    }

    /** An indexer that looks the next alias up on every batch. */
    private SearchIndexer indexer() {
        return indexer(Duration.ZERO);
    }

    private SearchIndexer indexer(Duration nextAliasRecheck) {
        return SearchIndexer.create(
                IndexerConfig.forEndpoint(engine.endpoint)
                        .withNames(names)
                        .withTable(table)
                        .withNextAliasRecheck(nextAliasRecheck),
                orderId -> dynamo
                        .queryPaginator(PartitionQuery.sortBeginsWith(null, orderId, Keys.lineTypePrefix())
                                .consistentRead()
                                .toRequest(table))
                        .items()
                        .stream()
                        .toList(),
                letters -> {
                    throw new AssertionError("nothing should be refused: " + letters);
                });
    }

    private static void process(SearchIndexer indexer, List<Record> records) {
        assertThat(indexer.process(records).getBatchItemFailures()).isEmpty();
    }

    private static PrintStream quiet() {
        return new PrintStream(new ByteArrayOutputStream());
    }
}
