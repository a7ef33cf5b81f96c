package io.entitytable.fanout;

import static io.entitytable.deployment.metrics.MetricNames.FUNCTION;
import static io.entitytable.deployment.metrics.MetricNames.SHARD_GROWTHS;
import static io.entitytable.deployment.metrics.MetricNames.WRITE_RATE_FAILURES;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.metrics.EmfLines;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.fanout.growth.ShardGrowthWatch;
import io.entitytable.fanout.refresh.InMemoryRefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.GrowthConfig;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RequestLimits;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.entitytable.model.WriteRates;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A business's shard count growing by itself: the fan-out counts each business's core-item changes per window and
 * doubles the count when the window's rate is above the threshold of the count the business has.
 */
class ShardGrowthTest {
    private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final Address AUSTIN = new Address("1 Main St", "Austin", "TX", "73301", "US");
    private static final Duration WINDOW = Duration.ofSeconds(2);
    private static final Duration CACHE = Duration.ofSeconds(5);

    private static LocalDynamoDb local;
    private static DynamoDbClient plain;
    private static int tables;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        plain = local.client();
    }

    @AfterAll
    static void stop() {
        plain.close();
        local.close();
    }

    // ---- counting -----------------------------------------------------------------------------------------

    @Test
    void counted_shouldCountEachCoreChangeForItsBusiness_includingTheBusinessesOwnItem_andNothingElse() {
        // GIVEN a business's own change, two stores' insert and modify, another business's store's remove, and a
        // record of a copy
        Map<String, AttributeValue> business = business(ShardCount.first());
        String businessId = Values.string(business, Attributes.ID);
        Map<String, AttributeValue> store = store(businessId);
        Map<String, AttributeValue> moved = new HashMap<>(store);
        moved.put(Attributes.VERSION, Values.n(2));
        String otherId = Ids.newId();
        Map<String, AttributeValue> copy = new HashMap<>();
        copy.put(Attributes.ID, Values.s(Keys.tagPartition(businessId, "red")));
        copy.put(Attributes.TYPE, Values.s("store#" + Ids.newId()));
        copy.put(Attributes.KIND, Values.s(ItemKind.TAG.value()));
        copy.put(Attributes.BUSINESS_ID, Values.s(businessId));
        List<Record> records = List.of(
                Records.insert(business),
                Records.insert(store),
                Records.modify(store, moved),
                Records.insert(store(businessId)),
                Records.remove(store(otherId)),
                Records.insert(copy));

        // WHEN every change is counted
        Map<String, Long> counts = ShardGrowthWatch.counted(records, 1);

        // THEN four for the business (its own item among them), one for the other, none for the copy
        assertThat(counts).containsExactly(Map.entry(businessId, 4L), Map.entry(otherId, 1L));
    }

    @Test
    void counted_shouldCountOneSubjectInN_asNChanges() {
        // GIVEN many stores of one business, each changed twice
        String businessId = Ids.newId();
        List<Record> records = new ArrayList<>();
        long sampled = 0;
        for (int i = 0; i < 400; i++) {
            Map<String, AttributeValue> store = store(businessId);
            records.add(Records.insert(store));
            records.add(Records.remove(store));
            if (Math.floorMod(Values.string(store, Attributes.ID).hashCode(), 16) == 0) {
                sampled++;
            }
        }

        // WHEN counted one subject in 16
        Map<String, Long> counts = ShardGrowthWatch.counted(records, 16);

        // THEN each sampled subject's changes count 16 each, all of a subject's changes or none
        assertThat(sampled).isPositive();
        assertThat(counts).containsExactly(Map.entry(businessId, sampled * 2 * 16));
    }

    // ---- growing ------------------------------------------------------------------------------------------

    @Test
    void aBusinessAboveTheThreshold_shouldDoubleOnce_andAgainOnlyWhenItsRateDoublesToo() {
        // GIVEN a business at one shard, and a threshold of 8 writes a second at one shard (0.01 x 800) over 2 s
        String table = newTable();
        Map<String, AttributeValue> business = business(ShardCount.first());
        String businessId = Values.string(business, Attributes.ID);
        plain.putItem(request -> request.tableName(table).item(business));
        GrowthConfig config = growth(0.01);
        EmfLines emf = new EmfLines();
        MetricsRecorder metrics = emf.recorder("fanout");
        ShardGrowthWatch watch = new ShardGrowthWatch(plain, table, config, CLOCK, metrics);

        // WHEN 20 changes arrive in the window: 10 a second
        watch.afterBatch(stores(businessId, 20));

        // THEN the count doubled; writers keep one shard for two cache lifetimes
        assertThat(countOf(table, businessId)).isEqualTo(new ShardCount(2, 1, NOW.plus(CACHE.multipliedBy(2)), true));

        // WHEN 10 more arrive in the same window: 15 a second, below the 16 of two shards
        watch.afterBatch(stores(businessId, 10));
        // AND another instance of the fan-out sees one more: it reads the count, 2
        new ShardGrowthWatch(plain, table, config, CLOCK, MetricsRecorder.none()).afterBatch(stores(businessId, 1));

        // THEN it did not grow again
        assertThat(countOf(table, businessId).count()).isEqualTo(2);

        // WHEN the window reaches 41 changes in all: 20.5 a second, above two shards' 16
        watch.afterBatch(stores(businessId, 10));

        // THEN it doubled again, writers still at one shard until the first growth's time is up
        assertThat(countOf(table, businessId)).isEqualTo(new ShardCount(4, 1, NOW.plus(CACHE.multipliedBy(2)), true));
        metrics.flush();
        assertThat(emf.sum(SHARD_GROWTHS, Map.of(FUNCTION, "fanout"))).isEqualTo(2);
        // AND the window's count is a rate item that the table's time to live removes
        Map<String, AttributeValue> window = plain.getItem(request -> request.tableName(table)
                        .key(WriteRates.key(businessId, NOW.getEpochSecond()).toAttributes()))
                .item();
        assertThat(window)
                .containsEntry(Attributes.RATE_COUNT, Values.n(41))
                .containsEntry(Attributes.KIND, Values.s(ItemKind.RATE.value()))
                .containsEntry(
                        Attributes.EXPIRES_AT,
                        Values.n(NOW.getEpochSecond() + 2 + RequestLimits.RATE_ITEM_KEPT.toSeconds()));
    }

    @Test
    void growthFromSixteen_shouldAddTheCountersOfTheNewShards() {
        // GIVEN a business at 16 shards, and a threshold of 12.8 writes a second at 16 (0.001 x 16 x 800)
        String table = newTable();
        ShardCount sixteen = ShardCount.first().grownTo(16, NOW.minusSeconds(60), NOW.minusSeconds(50));
        Map<String, AttributeValue> business = business(sixteen);
        String businessId = Values.string(business, Attributes.ID);
        plain.putItem(request -> request.tableName(table).item(business));
        ShardGrowthWatch watch = new ShardGrowthWatch(plain, table, growth(0.001), CLOCK, MetricsRecorder.none());

        // WHEN 30 changes arrive in the window: 15 a second
        watch.afterBatch(stores(businessId, 30));

        // THEN 32 shards, and counters 16 to 31 exist, each at zero
        assertThat(countOf(table, businessId).count()).isEqualTo(32);
        for (ItemKey counter :
                ChildCounters.all(businessId, countOf(table, businessId)).subList(16, 32)) {
            assertThat(plain.getItem(request -> request.tableName(table).key(counter.toAttributes()))
                            .item())
                    .containsEntry(Attributes.CHILD_COUNT, Values.n(0))
                    .containsEntry(Attributes.KIND, Values.s(ItemKind.COUNTER.value()));
        }
    }

    @Test
    void aBusinessBeingErased_orAtTheLargestCount_shouldNeverGrow() {
        // GIVEN a business being erased, and one at 64 shards; a threshold any write is above
        String table = newTable();
        Map<String, AttributeValue> erasing = new HashMap<>(business(ShardCount.first()));
        erasing.put(Attributes.ERASING, Values.instant(NOW.minusSeconds(1)));
        Map<String, AttributeValue> largest =
                business(ShardCount.first().grownTo(ShardCount.MAX, NOW.minusSeconds(60), NOW.minusSeconds(50)));
        plain.putItem(request -> request.tableName(table).item(erasing));
        plain.putItem(request -> request.tableName(table).item(largest));
        ShardGrowthWatch watch = new ShardGrowthWatch(plain, table, growth(1e-9), CLOCK, MetricsRecorder.none());

        // WHEN both write
        String erasingId = Values.string(erasing, Attributes.ID);
        String largestId = Values.string(largest, Attributes.ID);
        List<Record> batch = new ArrayList<>(stores(erasingId, 50));
        batch.addAll(stores(largestId, 50));
        watch.afterBatch(batch);
        watch.afterBatch(batch);

        // THEN neither grew
        assertThat(countOf(table, erasingId).count()).isEqualTo(1);
        assertThat(countOf(table, largestId).count()).isEqualTo(ShardCount.MAX);
    }

    @Test
    void aBusinessMarkedErasingAfterItsCountWasRead_shouldNotGrow() {
        // GIVEN a business whose count the fan-out read while it was below the threshold (16 changes in 2 s)
        String table = newTable();
        Map<String, AttributeValue> business = business(ShardCount.first());
        String businessId = Values.string(business, Attributes.ID);
        plain.putItem(request -> request.tableName(table).item(business));
        ShardGrowthWatch watch = new ShardGrowthWatch(plain, table, growth(0.01), CLOCK, MetricsRecorder.none());
        watch.afterBatch(stores(businessId, 5));

        // WHEN its erase starts, and its children's deletes take it above the threshold
        plain.updateItem(request -> request.tableName(table)
                .key(ItemKey.of(business).toAttributes())
                .updateExpression("SET #erasing = :at")
                .expressionAttributeNames(Map.of("#erasing", Attributes.ERASING))
                .expressionAttributeValues(Map.of(":at", Values.instant(NOW))));
        watch.afterBatch(stores(businessId, 20));

        // THEN the growth's own read saw the mark, and the count stayed
        assertThat(countOf(table, businessId).count()).isEqualTo(1);
    }

    @Test
    void theFanout_shouldGrowABusinessAfterItsCopies_andNotFailTheBatchWhenTheRateCannotBeWritten() {
        // GIVEN a business, its stores' records with tags, and a threshold any write is above
        String table = newTable();
        Map<String, AttributeValue> business = business(ShardCount.first());
        String businessId = Values.string(business, Attributes.ID);
        plain.putItem(request -> request.tableName(table).item(business));
        FanoutConfig config = FanoutConfig.forTable(table).withGrowth(growth(1e-9));
        List<Record> batch = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String storeId = Ids.newId();
            batch.add(Records.insert(SampleSubjects.store(
                            storeId,
                            businessId,
                            "Main " + i,
                            AUSTIN,
                            CoreFields.created(Set.of("red"), NOW),
                            Shard.legacy(storeId))
                    .toItem()));
        }

        // WHEN the fan-out takes the batch while every write of a rate window fails
        EmfLines emf = new EmfLines();
        RateWritesFail failing = new RateWritesFail();
        try (DynamoDbClient client = LocalTables.instrumented(local, failing);
                StreamFanout fanout = StreamFanout.create(
                        client, config, new InMemoryRefreshQueue(), emf.recorder("fanout"), CLOCK)) {
            assertThat(fanout.process(batch).getBatchItemFailures()).isEmpty();
        }

        // THEN the copies were written, the count did not grow, and the failure is a metric
        assertThat(failing.refused).isPositive();
        assertThat(InvariantChecker.duplicates(plain, table)).hasSize(3);
        assertThat(countOf(table, businessId).count()).isEqualTo(1);
        assertThat(emf.sum(WRITE_RATE_FAILURES, Map.of(FUNCTION, "fanout"))).isEqualTo(1);

        // WHEN the next batch's rate can be written
        try (StreamFanout fanout =
                StreamFanout.create(plain, config, new InMemoryRefreshQueue(), MetricsRecorder.none(), CLOCK)) {
            assertThat(fanout.process(batch).getBatchItemFailures()).isEmpty();
        }

        // THEN the business grew
        assertThat(countOf(table, businessId).count()).isEqualTo(2);
    }

    @Test
    void recordsProcessedUncounted_shouldWriteTheirCopies_butNoRateWindow_andGrowNobody() {
        // GIVEN a business, and a threshold any counted write is above, every subject sampled
        String table = newTable();
        Map<String, AttributeValue> business = business(ShardCount.first());
        String businessId = Values.string(business, Attributes.ID);
        plain.putItem(request -> request.tableName(table).item(business));
        FanoutConfig config = FanoutConfig.forTable(table).withGrowth(growth(1e-9));
        String storeId = Ids.newId();
        List<Record> batch = List.of(Records.insert(SampleSubjects.store(
                        storeId,
                        businessId,
                        "Main",
                        AUSTIN,
                        CoreFields.created(Set.of("red"), NOW),
                        Shard.legacy(storeId))
                .toItem()));

        // WHEN the fan-out takes it as records that stand for no write (SnapStart priming's)
        try (StreamFanout fanout =
                StreamFanout.create(plain, config, new InMemoryRefreshQueue(), MetricsRecorder.none(), CLOCK)) {
            assertThat(fanout.processUncounted(batch).getBatchItemFailures()).isEmpty();
        }

        // THEN its copy is written, but no window holds a count, and the business kept its one shard
        assertThat(InvariantChecker.duplicates(plain, table)).hasSize(1);
        assertThat(plain.getItem(request -> request.tableName(table)
                                .key(WriteRates.key(businessId, NOW.getEpochSecond())
                                        .toAttributes()))
                        .item())
                .isEmpty();
        assertThat(countOf(table, businessId).count()).isEqualTo(1);
    }

    /** Fails every UpdateItem of a write-rate window before it is sent. */
    private static final class RateWritesFail implements ExecutionInterceptor {
        volatile int refused;

        @Override
        public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
            if (context.request() instanceof UpdateItemRequest update
                    && update.key().get(Attributes.ID).s().endsWith(".writes")) {
                refused++;
                throw InternalServerErrorException.builder()
                        .message("injected failure of a rate write")
                        .statusCode(500)
                        .build();
            }
        }
    }

    private static GrowthConfig growth(double threshold) {
        return new GrowthConfig(true, threshold, WINDOW, 1, CACHE);
    }

    private static ShardCount countOf(String table, String businessId) {
        return ShardCount.of(plain.getItem(request -> request.tableName(table)
                        .key(new ItemKey(businessId, Keys.BUSINESS_TYPE).toAttributes())
                        .consistentRead(true))
                .item());
    }

    private static Map<String, AttributeValue> business(ShardCount shards) {
        return SampleSubjects.business(Ids.newId(), "Acme", CoreFields.created(Set.of(), NOW), shards)
                .toItem();
    }

    private static Map<String, AttributeValue> store(String businessId) {
        String storeId = Ids.newId();
        return SampleSubjects.store(
                        storeId, businessId, "Main", AUSTIN, CoreFields.created(Set.of(), NOW), Shard.legacy(storeId))
                .toItem();
    }

    private static List<Record> stores(String businessId, int count) {
        List<Record> records = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            records.add(Records.insert(store(businessId)));
        }
        return records;
    }

    private static String newTable() {
        String table = "growth" + (++tables);
        local.createTable(table);
        return table;
    }
}
