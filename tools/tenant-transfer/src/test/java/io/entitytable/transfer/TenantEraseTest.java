package io.entitytable.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.checks.DriftCheck;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.IndexLag;
import io.entitytable.local.engine.behaviour.ThroughputLimits;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.supplier.Supplier;
import io.entitytable.queue.RefreshMessage;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * A business erased by its job on the local DynamoDB engine, with the fan-out over the table's stream and the refresh worker over
 * an in-memory queue: nothing of it is left but its tombstones and the record of the erase, another business in the
 * same table is item for item as it was, and an export made before the erase brings it back, tombstones gone.
 */
class TenantEraseTest {
    @TempDir
    Path dir;

    @Test
    void erase_shouldLeaveOnlyTombstonesAndTheJob_andTheOtherBusinessAsItWas_andAnImportBringsItBack() {
        // GIVEN two businesses written as the API writes them and fanned out: links both ways, tags, a renamed store,
        // orders with lines
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("erase");
        TenantFixture fixture = new TenantFixture(dynamo, table);
        DeclaredItem acme = fixture.business("Acme", "vip");
        DeclaredItem lyon = fixture.store(acme, "Lyon Centre", "Lyon", "flagship");
        DeclaredItem paris = fixture.store(acme, "Paris Nord", "Paris");
        DeclaredItem ada = fixture.customer(acme, "Ada", "Lovelace", "vip");
        DeclaredItem grace = fixture.customer(acme, "Grace", "Hopper", "vip", "navy");
        fixture.link(ada, lyon);
        fixture.link(ada, paris);
        fixture.link(grace, lyon);
        fixture.rename(paris, "Paris Gare du Nord");
        DeclaredItem gift = fixture.order(ada, 3, "gift");
        DeclaredItem large = fixture.order(grace, 97, "rush");
        DeclaredItem beta = fixture.business("Beta", "vip");
        DeclaredItem bern = fixture.store(beta, "Bern", "Bern", "flagship");
        DeclaredItem alan = fixture.customer(beta, "Alan", "Turing", "vip");
        fixture.link(alan, bern);
        fixture.order(alan, 2, "gift");
        StreamAndQueue system = new StreamAndQueue(dynamo, table);
        system.settle();
        Map<ItemKey, Map<String, AttributeValue>> before = TableItems.of(dynamo, table);
        Path file = dir.resolve("acme.ndjson");
        CommandRun export =
                CommandRun.of("export", "--business", acme.id(), "--out", file.toString(), "--table", table);
        assertThat(export.exitCode()).as(export.err()).isZero();
        Set<String> acmeIds = Set.of(acme.id(), lyon.id(), paris.id(), ada.id(), grace.id(), gift.id(), large.id());

        // WHEN the business is marked for erasing as the API marks it, and the stream and the queue are worked until
        // both are quiet
        fixture.erase(acme.id());
        int invocations = system.settle();

        // THEN nothing of Acme is left but tombstones (key, kind, version) and the erase's record (counts, times)
        Map<ItemKey, Map<String, AttributeValue>> after = TableItems.of(dynamo, table);
        Map<ItemKey, Map<String, AttributeValue>> acmeLeft = new TreeMap<>();
        after.forEach((key, item) -> {
            if (isOf(item, acme.id(), acmeIds, before)) {
                acmeLeft.put(key, item);
            }
        });
        assertOnlyTombstonesAndTheErase("what is left of Acme", acmeLeft.values());
        assertThat(acmeLeft.values().stream()
                        .filter(item -> ItemKind.TOMBSTONE.value().equals(Values.string(item, Attributes.KIND))))
                .as("tombstones: key, kind and version only")
                .hasSize(4)
                .allSatisfy(item -> assertThat(item.keySet())
                        .containsExactlyInAnyOrder(
                                Attributes.ID, Attributes.TYPE, Attributes.KIND, Attributes.VERSION));
        EraseJob job = EraseJob.from(after.get(EraseJob.keyOf(acme.id())));
        assertThat(job.status()).isEqualTo(EraseJob.Status.DONE);
        assertThat(job.finishedAt()).isNotNull();
        // 2 stores, 2 customers, 2 orders with 3 + 97 lines, and the business
        assertThat(job.itemsDeleted()).isEqualTo(2 + 2 + 2 + 100 + 1);
        assertThat(after.get(EraseJob.keyOf(acme.id())).keySet())
                .doesNotContain(Attributes.NAME, Attributes.ERASING, Attributes.TAGS);

        // THEN Beta is item for item as it was
        Map<ItemKey, Map<String, AttributeValue>> betaBefore = new TreeMap<>(before);
        betaBefore.keySet().removeIf(key -> isOf(before.get(key), acme.id(), acmeIds, before));
        Map<ItemKey, Map<String, AttributeValue>> betaAfter = new TreeMap<>(after);
        betaAfter.keySet().removeAll(acmeLeft.keySet());
        assertThat(betaAfter).isEqualTo(betaBefore);
        assertThat(betaAfter.values().stream().map(item -> Values.string(item, Attributes.KIND)))
                .contains("core", "line", "edge", "tag", "counter");
        DriftCheck afterErase = DriftCheck.of(dynamo, table);
        assertThat(afterErase.clean()).as(afterErase.toString()).isTrue();
        assertThat(invocations).isPositive();

        // WHEN the export is imported and fanned out
        CommandRun imported = CommandRun.of("import", "--in", file.toString(), "--table", table);
        assertThat(imported.exitCode()).as(imported.err()).isZero();
        system.settle();

        // THEN every item of Acme is back as it was, and the erase's record is all there is beside them: the import
        // deleted each tombstone with the subject it brought back, so no tombstone says "gone" of a live subject
        Map<ItemKey, Map<String, AttributeValue>> restored = TableItems.of(dynamo, table);
        assertThat(restored.remove(EraseJob.keyOf(acme.id()))).isNotNull();
        assertThat(restored).isEqualTo(before);
        DriftCheck afterImport = DriftCheck.of(dynamo, table);
        assertThat(afterImport.clean()).as(afterImport.toString()).isTrue();
    }

    @Test
    void erase_shouldDeleteTheIdempotencyRecordsOfTheBusinessesRequests_andKeepAnotherBusinesses() {
        // GIVEN a business with a customer created with an Idempotency-Key, more records in its first shard than one
        // page of the erase reads, and another business with a record of its own
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("eraseRecords");
        TenantFixture fixture = new TenantFixture(dynamo, table);
        DeclaredItem acme = fixture.business("Acme");
        DeclaredItem ada = fixture.customerWithKey(acme, "create-ada", "Ada", "Lovelace");
        String acmeShard = Values.string(ada.toItem(), Attributes.BUSINESS_SHARD);
        for (int i = 0; i < EraseJob.PAGE_SIZE + 20; i++) {
            Map<String, AttributeValue> record =
                    TenantFixture.record("bulk-" + i).toItem(acmeShard);
            dynamo.putItem(request -> request.tableName(table).item(record));
        }
        DeclaredItem beta = fixture.business("Beta");
        DeclaredItem alan = fixture.customerWithKey(beta, "create-alan", "Alan", "Turing");
        StreamAndQueue system = new StreamAndQueue(dynamo, table);
        system.settle();
        // Records written before the erase, as they are when one is asked: businessGsi lists them. (One the index does
        // not list yet when its shard is read is left to its time to live, docs/design.md §9.)
        SharedLocalDynamoDb.awaitIndexesCaughtUp();
        assertThat(records(dynamo, table)).hasSize(1 + EraseJob.PAGE_SIZE + 20 + 1);

        // WHEN Acme is erased by a request with a key of its own, and the stream and the queue are worked until quiet
        fixture.eraseWithKey(acme.id(), "erase-acme");
        system.settle();

        // THEN Acme's records are gone, the erase's own among them; Beta's stays, listed under Beta's shard
        assertThat(EraseJob.from(TableItems.of(dynamo, table).get(EraseJob.keyOf(acme.id())))
                        .status())
                .isEqualTo(EraseJob.Status.DONE);
        List<Map<String, AttributeValue>> left = records(dynamo, table);
        assertThat(left).singleElement().satisfies(record -> assertThat(record)
                .containsEntry(Attributes.IDEMPOTENCY_KEY, Values.s("create-alan"))
                .containsEntry(
                        Attributes.BUSINESS_SHARD,
                        Values.s(Keys.idempotencyPartition(Values.string(alan.toItem(), Attributes.BUSINESS_SHARD)))));
    }

    @Test
    void erase_shouldTakeAChildOfAnEntityDefinedInTestSourcesOnly_inTheFirstPhase_andFinish() {
        // GIVEN a business with a store, a customer linking it, and suppliers: an entity defined in test sources,
        // which nothing links to, more of them than a page of the erase reads
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("eraseSupplier");
        TenantFixture fixture = new TenantFixture(dynamo, table);
        DeclaredItem acme = fixture.business("Acme");
        DeclaredItem lyon = fixture.store(acme, "Lyon Centre", "Lyon");
        DeclaredItem ada = fixture.customer(acme, "Ada", "Lovelace");
        fixture.link(ada, lyon);
        for (int i = 0; i < 3; i++) {
            fixture.supplier(acme, "Supplier " + i);
        }
        StreamAndQueue system = new StreamAndQueue(dynamo, table);
        system.settle();
        assertThat(EraseJob.Phase.CHILDREN.deletes()).contains(Supplier.ENTITY);

        // WHEN the business is erased, and the stream and the queue are worked until quiet
        fixture.erase(acme.id());
        system.settle();

        // THEN the job is done, the suppliers went with the rest (3 suppliers, a store, a customer, the business),
        // and nothing is left but tombstones and the erase's record
        assertErasedLeavingOnlyTombstones(dynamo, table, acme.id());
        assertThat(eraseJob(dynamo, table, acme.id()).itemsDeleted()).isEqualTo(3 + 1 + 1 + 1);
    }

    private static List<Map<String, AttributeValue>> records(DynamoDbClient dynamo, String table) {
        return TableItems.of(dynamo, table).values().stream()
                .filter(item -> ItemKind.IDEMPOTENCY.value().equals(Values.string(item, Attributes.KIND)))
                .toList();
    }

    @Test
    void erase_shouldTakeAnotherRound_andLeaveNoChild_whenTheIndexIsBehindAChild() {
        // GIVEN a business whose newest customer businessGsi does not show yet: the engine holds the index back from
        // just before that customer was written until the first round's businessGsi Queries are done (4 segments of the
        // children phase, 4 of the stores phase), as an index that is behind its table
        try (LocalDynamoDb engine = LocalDynamoDb.startInMemory(
                        EngineSettings.immediate().withIndexLag(IndexLag.fixed(Duration.ZERO)));
                DynamoDbClient plain = engine.client()) {
            String table = "lagging";
            engine.createTable(table);
            TenantFixture fixture = new TenantFixture(plain, table);
            DeclaredItem acme = fixture.business("Acme");
            DeclaredItem lyon = fixture.store(acme, "Lyon Centre", "Lyon");
            DeclaredItem ada = fixture.customer(acme, "Ada", "Lovelace", "vip");
            fixture.link(ada, lyon);
            engine.control().holdIndex(table, TableLayout.BUSINESS_GSI);
            DeclaredItem late = fixture.customer(acme, "Late", "Comer", "vip");
            fixture.link(late, lyon);
            fixture.order(late, 2);
            AtomicInteger behindFor = new AtomicInteger(2 * EraseJob.SEGMENTS);
            try (DynamoDbClient lagging = engine.client(new ExecutionInterceptor() {
                @Override
                public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                    if (context.request() instanceof QueryRequest query
                            && TableLayout.BUSINESS_GSI.equals(query.indexName())
                            && behindFor.decrementAndGet() == 0) {
                        engine.control().releaseIndex(table, TableLayout.BUSINESS_GSI);
                    }
                }
            })) {
                StreamAndQueue system = new StreamAndQueue(engine, lagging, lagging, table);
                system.settle();

                // WHEN it is erased
                fixture.erase(acme.id());
                system.settle();
            }

            // THEN the first round's counters said a child was left, a second round found it once the index caught up,
            // and nothing of the business is left but tombstones and the erase's record
            assertThat(behindFor.get())
                    .as("businessGsi Queries after the index caught up")
                    .isNegative();
            assertThat(eraseJob(plain, table, acme.id()).round()).isEqualTo(2);
            assertErasedLeavingOnlyTombstones(plain, table, acme.id());
        }
    }

    @Test
    void erase_shouldPauseItsIdleRounds_andStartNoOtherAfterTenMinutes_andFinishOnceRestartedWithTheCountRight() {
        // GIVEN a business with a customer, whose child counter counts one child more than it has (as a write around
        // the API would leave it), and a worker whose clock moves 10 s at each reading
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("eraseIdle");
        TenantFixture fixture = new TenantFixture(dynamo, table);
        DeclaredItem acme = fixture.business("Acme");
        DeclaredItem ada = fixture.customer(acme, "Ada", "Lovelace");
        ItemKey counter = ChildCounters.of(acme.id(), ada.toItem());
        count(dynamo, table, counter, "ADD", 1);
        SteppingClock clock = new SteppingClock(Instant.parse("2026-11-26T12:00:00Z"), Duration.ofSeconds(10));
        StreamAndQueue system = new StreamAndQueue(dynamo, table).withClock(clock);
        system.settle();

        // WHEN it is erased, and the stream and the queue are worked until quiet
        fixture.erase(acme.id());
        system.settle();

        // THEN the first round deleted the customer, the rounds after it deleted nothing, each after the pause, and
        // once they had deleted nothing for ten minutes none followed: the job waits, every segment of its last phase
        // done, and has stopped once its last progress is as old as a stopped job's
        EraseJob job = eraseJob(dynamo, table, acme.id());
        assertThat(job.status()).isEqualTo(EraseJob.Status.RUNNING);
        assertThat(job.phase()).isEqualTo(EraseJob.Phase.ARCHIVE);
        assertThat(job.doneSegments()).isEqualTo(job.segments());
        assertThat(job.itemsDeleted()).isEqualTo(1);
        assertThat(job.round()).isBetween(4L, 30L);
        assertThat(system.delays()).hasSize((int) job.round() - 2).containsOnly(EraseJob.IDLE_ROUND_PAUSE);
        assertThat(job.idleTooLongAt(clock.instant())).isTrue();
        assertThat(job.stoppedAt(job.updatedAt().plus(EraseJob.STOPPED_AFTER).plusSeconds(1)))
                .isTrue();
        assertThat(TableItems.of(dynamo, table)).containsKey(new ItemKey(acme.id(), Keys.BUSINESS_TYPE));

        // WHEN the count is set right and the erase restarted, as repair restarts a stopped one
        count(dynamo, table, counter, "SET", 0);
        system.sendAll(List.of(RefreshMessage.restartOf(Keys.subjectRef(Entity.BUSINESS, acme.id()))));
        system.settle();

        // THEN its last phase, worked again, ends with nothing counted, and the business is gone
        EraseJob done = eraseJob(dynamo, table, acme.id());
        assertThat(done.status()).isEqualTo(EraseJob.Status.DONE);
        assertThat(done.round()).isEqualTo(job.round());
        assertOnlyTombstonesAndTheErase(
                "what is left", TableItems.of(dynamo, table).values());
    }

    /**
     * The erase of {@code businessId} is done, nothing is left in {@code table} but tombstones and its record, and
     * verify finds no drift.
     */
    private static void assertErasedLeavingOnlyTombstones(DynamoDbClient dynamo, String table, String businessId) {
        assertThat(eraseJob(dynamo, table, businessId).status()).isEqualTo(EraseJob.Status.DONE);
        assertOnlyTombstonesAndTheErase(
                "what is left", TableItems.of(dynamo, table).values());
        DriftCheck check = DriftCheck.of(dynamo, table);
        assertThat(check.clean()).as(check.toString()).isTrue();
    }

    /** Every item of {@code items} ({@code what}) is a tombstone or the erase's record. */
    private static void assertOnlyTombstonesAndTheErase(String what, Collection<Map<String, AttributeValue>> items) {
        assertThat(items).as(what).allSatisfy(item -> assertThat(Values.string(item, Attributes.KIND))
                .isIn(ItemKind.TOMBSTONE.value(), ItemKind.ERASE.value()));
    }

    /** {@code ADD} {@code n} to, or {@code SET} {@code n} as, the child count of {@code counter}. */
    private static void count(DynamoDbClient dynamo, String table, ItemKey counter, String action, long n) {
        dynamo.updateItem(request -> request.tableName(table)
                .key(counter.toAttributes())
                .updateExpression(action.equals("ADD") ? "ADD #count :n" : "SET #count = :n")
                .expressionAttributeNames(Map.of("#count", Attributes.CHILD_COUNT))
                .expressionAttributeValues(Map.of(":n", Values.n(n))));
    }

    private static EraseJob eraseJob(DynamoDbClient dynamo, String table, String businessId) {
        return EraseJob.from(dynamo.getItem(request -> request.tableName(table)
                        .key(EraseJob.keyOf(businessId).toAttributes())
                        .consistentRead(true))
                .item());
    }

    /** A clock that moves {@code step} on at each reading: the worker's rounds seem to take minutes. */
    private static final class SteppingClock extends Clock {
        private final AtomicReference<Instant> now;
        private final Duration step;

        SteppingClock(Instant start, Duration step) {
            this.now = new AtomicReference<>(start);
            this.step = step;
        }

        @Override
        public Instant instant() {
            return now.getAndUpdate(at -> at.plus(step));
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            throw new UnsupportedOperationException();
        }
    }

    @Test
    void erase_shouldFinishAPage_whenTheWorkerFailsBetweenItsBatchWritesAndItsTransaction() {
        // GIVEN a business with a store, a linked customer and an order of 3 lines, fanned out, and a worker whose
        // first
        // transaction deleting children fails (their tombstones put and lines deleted already), as a worker that stops
        // there
        DynamoDbClient plain = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("stopped");
        TenantFixture fixture = new TenantFixture(plain, table);
        DeclaredItem acme = fixture.business("Acme");
        DeclaredItem lyon = fixture.store(acme, "Lyon Centre", "Lyon");
        DeclaredItem ada = fixture.customer(acme, "Ada", "Lovelace", "vip");
        fixture.link(ada, lyon);
        DeclaredItem order = fixture.order(ada, 3);
        AtomicInteger failFor = new AtomicInteger(1);
        Map<ItemKey, Boolean> presentAtFailure = new ConcurrentHashMap<>();
        ItemKey firstLine = new ItemKey(order.id(), Keys.lineType(1));
        ItemKey orderKey = ItemKey.of(order.toItem());
        DynamoDbClient stopping = SharedLocalDynamoDb.client(new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof TransactWriteItemsRequest transaction
                        && transaction.transactItems().stream()
                                .anyMatch(action -> action.delete() != null
                                        && action.delete().key().equals(orderKey.toAttributes()))
                        && failFor.getAndDecrement() > 0) {
                    for (ItemKey key : List.of(firstLine, orderKey)) {
                        presentAtFailure.put(
                                key,
                                plain.getItem(request -> request.tableName(table)
                                                .key(key.toAttributes())
                                                .consistentRead(true))
                                        .hasItem());
                    }
                    throw SdkClientException.create("the worker stopped");
                }
            }
        });
        new StreamAndQueue(plain, table).settle();
        StreamAndQueue system = new StreamAndQueue(plain, stopping, table).redelivering(1);

        // WHEN it is erased
        fixture.erase(acme.id());
        system.settle();

        // THEN the failed message, delivered again, finished the page: the order's lines went before the failure, the
        // order and the customer after it, and nothing of the business is left but tombstones and the erase's record
        assertThat(failFor.get()).isNegative();
        assertThat(presentAtFailure).containsEntry(firstLine, false).containsEntry(orderKey, true);
        assertThat(system.failures()).isEqualTo(1);
        assertErasedLeavingOnlyTombstones(plain, table, acme.id());
    }

    @Test
    void erase_shouldSendItsUnprocessedBatchWritesAgain_andLeaveNothing() {
        // GIVEN a business with two stores, two customers linked to them and orders of 3 lines each, fanned out, on an
        // engine whose partitions take 50 write units a second, and another writer that makes an order's partition
        // hot just before each of the worker's first 4 BatchWriteItems deletes its lines, so that the engine answers
        // them with part of their writes unprocessed, as DynamoDB answers when their partitions are over their
        // throughput
        // 50 rather than DynamoDB's 1,000: the writer drains a partition one unit a request at the end, which outpaces
        // the refill only while its requests take less than 20 ms, and a busy machine's often took more than 5.
        ThroughputLimits limits = new ThroughputLimits(3000, 50, Duration.ofMillis(500));
        try (LocalDynamoDb engine =
                        LocalDynamoDb.startInMemory(EngineSettings.immediate().withThroughput(limits));
                DynamoDbClient plain = engine.client()) {
            String table = "unprocessed";
            engine.createTable(table);
            TenantFixture fixture = new TenantFixture(plain, table);
            DeclaredItem acme = fixture.business("Acme");
            List<DeclaredItem> stores =
                    List.of(fixture.store(acme, "Lyon Centre", "Lyon"), fixture.store(acme, "Paris Nord", "Paris"));
            for (String name : List.of("Ada", "Grace")) {
                DeclaredItem customer = fixture.customer(acme, name, "Hopper", "vip");
                stores.forEach(store -> fixture.link(customer, store));
                for (int i = 0; i < 4; i++) {
                    fixture.order(customer, 3);
                }
            }
            new StreamAndQueue(engine, plain, plain, table).settle();
            try (HotPartitions hot = new HotPartitions(engine, table, 4);
                    DynamoDbClient worker = engine.client(hot)) {
                StreamAndQueue system = new StreamAndQueue(engine, plain, worker, table);

                // WHEN it is erased
                fixture.erase(acme.id());
                system.settle();

                // THEN writes were left unprocessed, sent again, and nothing of the business is left but its tombstones
                // and the erase's record: no order line either
                assertThat(hot.unprocessed()).isPositive();
                assertThat(system.failures()).isZero();
            }
            assertErasedLeavingOnlyTombstones(plain, table, acme.id());
            assertThat(TableItems.of(plain, table).values())
                    .filteredOn(item -> ItemKind.TOMBSTONE.value().equals(Values.string(item, Attributes.KIND)))
                    .hasSize(4);
        }
    }

    @Test
    void erase_shouldDeleteEveryShardAndEveryCounter_ofABusinessWithItsOwnShardCount() {
        // GIVEN a business grown to 32 shards, with a store, a customer and an order in shards below the first 16
        // counters and above them (each counted on the counter its shard says, 32 counters in all), fanned out, and a
        // business of the old fixed layout beside it
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("sharded");
        TenantFixture fixture = new TenantFixture(dynamo, table);
        int[] shards = {0, 3, 15, 16, 20, 31};
        DeclaredItem big = fixture.sharded(dynamo, 32, shards);
        DeclaredItem beta = fixture.business("Beta", "vip");
        DeclaredItem bern = fixture.store(beta, "Bern", "Bern", "flagship");
        fixture.link(fixture.customer(beta, "Alan", "Turing", "vip"), bern);
        StreamAndQueue system = new StreamAndQueue(dynamo, table);
        system.settle();
        // Children written before the erase, as they are when one is asked: businessGsi lists them all at its first
        // round (one it did not list yet would take a second round).
        SharedLocalDynamoDb.awaitIndexesCaughtUp();
        Map<ItemKey, Map<String, AttributeValue>> before = TableItems.of(dynamo, table);
        List<ItemKey> counters = ChildCounters.all(big.id(), big.shards());
        assertThat(counters).hasSize(32);
        assertThat(before).containsKeys(counters.toArray(ItemKey[]::new));
        assertThat(before.keySet().stream().map(ItemKey::id))
                .as("tag copies in the partitions of shards 20 and 31")
                .contains(Keys.tagPartition(big.id(), "vip", 20), Keys.tagPartition(big.id(), "gift", 31));
        Set<String> bigIds = new HashSet<>();
        bigIds.add(big.id());
        before.values().stream()
                .filter(item -> CoreItem.isCore(item) && big.id().equals(Values.string(item, Attributes.BUSINESS_ID)))
                .forEach(item -> bigIds.add(Values.string(item, Attributes.ID)));
        assertThat(bigIds).hasSize(1 + 3 * shards.length);

        // WHEN it is erased as the API erases it, and the stream and the queue are worked until both are quiet
        fixture.erase(big.id());
        system.settle();

        // THEN its job ran one segment a shard and is done, every counter is gone, and nothing of it is left but
        // tombstones and the job
        Map<ItemKey, Map<String, AttributeValue>> after = TableItems.of(dynamo, table);
        EraseJob job = EraseJob.from(after.get(EraseJob.keyOf(big.id())));
        assertThat(job.status()).isEqualTo(EraseJob.Status.DONE);
        assertThat(job.segments()).isEqualTo(32);
        assertThat(job.round()).isEqualTo(1);
        // 6 stores, 6 customers, 6 orders with a line each, and the business
        assertThat(job.itemsDeleted()).isEqualTo(6 + 6 + 6 + 6 + 1);
        assertThat(after.keySet()).doesNotContainAnyElementsOf(counters);
        Map<ItemKey, Map<String, AttributeValue>> bigLeft = new TreeMap<>();
        after.forEach((key, item) -> {
            if (isOf(item, big.id(), bigIds, before)) {
                bigLeft.put(key, item);
            }
        });
        assertOnlyTombstonesAndTheErase("what is left of the sharded business", bigLeft.values());

        // THEN the business of the old fixed layout is item for item as it was
        Map<ItemKey, Map<String, AttributeValue>> betaBefore = new TreeMap<>(before);
        betaBefore.keySet().removeIf(key -> isOf(before.get(key), big.id(), bigIds, before));
        Map<ItemKey, Map<String, AttributeValue>> betaAfter = new TreeMap<>(after);
        betaAfter.keySet().removeAll(bigLeft.keySet());
        assertThat(betaAfter).isEqualTo(betaBefore);
        DriftCheck check = DriftCheck.of(dynamo, table);
        assertThat(check.clean()).as(check.toString()).isTrue();
    }

    /** Of the business: it names the business, or one of its subjects, or it was not in the table before. */
    private static boolean isOf(
            Map<String, AttributeValue> item,
            String businessId,
            Set<String> subjectIds,
            Map<ItemKey, Map<String, AttributeValue>> before) {
        if (!before.containsKey(ItemKey.of(item))) {
            return true;
        }
        String text = item.values().stream()
                .map(value -> value.s() != null ? value.s() : String.valueOf(value.ss()))
                .collect(Collectors.joining(" "));
        return text.contains(businessId) || subjectIds.stream().anyMatch(text::contains);
    }
}
