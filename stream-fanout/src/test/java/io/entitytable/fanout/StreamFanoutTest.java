package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import io.entitytable.fanout.refresh.InMemoryRefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.ThroughputLimits;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
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
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;

/** Batch semantics of {@link StreamFanout}: retries, stop at the first failed record, stale records, skips. */
class StreamFanoutTest {
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final Address AUSTIN = new Address("1 Main St", "Austin", "TX", "73301", "US");

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

    @Test
    void throttledWrites_shouldBeRetriedWithBackoff_andTheBatchSucceed() {
        // GIVEN an engine whose partitions take 2 write units a second, so that three stores of one business tagged
        // alike (a unit each in the tag's one partition) overrun it, and enough attempts for it to refill
        ThroughputLimits twoWritesASecond = new ThroughputLimits(3000, 2, Duration.ZERO);
        try (LocalDynamoDb throttling =
                        LocalDynamoDb.startInMemory(EngineSettings.immediate().withThroughput(twoWritesASecond));
                DynamoDbClient client = LocalTables.instrumented(throttling)) {
            String table = "throttled";
            throttling.createTable(table);
            String businessId = Ids.newId();
            List<Record> stores = List.of(
                    Records.insert(store(businessId, Set.of("red"), 1)),
                    Records.insert(store(businessId, Set.of("red"), 1)),
                    Records.insert(store(businessId, Set.of("red"), 1)));
            FanoutConfig config =
                    FanoutConfig.forTable(table).withRetries(30, Duration.ofMillis(10), Duration.ofMillis(80));

            // WHEN
            StreamsEventResponse response;
            FanoutStats stats;
            try (StreamFanout fanout = StreamFanout.create(client, config, new InMemoryRefreshQueue())) {
                response = fanout.process(stores);
                stats = fanout.stats();
            }

            // THEN the engine refused writes, and each refusal was retried
            long throttled = LocalTables.throttledRequests(throttling, table);
            assertThat(response.getBatchItemFailures()).isEmpty();
            assertThat(throttled).isPositive();
            assertThat(stats.count(FanoutStats.Count.RETRIES)).isEqualTo(throttled);
            assertThat(InvariantChecker.duplicates(client, table)).hasSize(3);
        }
    }

    @Test
    void failingRecord_shouldBeReportedBySequenceNumber_andStopItsItem_whileOtherItemsGoOn() {
        // GIVEN a batch of store A, store B, B again (version 2) and store C; every write of B's copies fails with a
        // 500
        String table = newTable();
        Map<String, AttributeValue> first = store(Set.of("red"), 1);
        Map<String, AttributeValue> second = store(Set.of("blue"), 1);
        Map<String, AttributeValue> secondAgain = SampleSubjects.store(
                        Values.string(second, Attributes.ID),
                        Values.string(second, Attributes.BUSINESS_ID),
                        "Main",
                        AUSTIN,
                        new CoreFields(Set.of("blue", "sale"), 2, NOW, NOW),
                        Shard.legacy(Values.string(second, Attributes.ID)))
                .toItem();
        Map<String, AttributeValue> fourth = store(Set.of("sale"), 1);
        String broken = Keys.subjectRef(io.entitytable.model.Entity.STORE, Values.string(second, Attributes.ID));
        CallCounter counter = new CallCounter();
        ExecutionInterceptor serverError = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof PutItemRequest put
                        && broken.equals(Values.string(put.item(), Attributes.TYPE))) {
                    throw software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException.builder()
                            .statusCode(500)
                            .message("injected")
                            .build();
                }
            }
        };
        List<Record> batch = List.of(
                Records.insert(first),
                Records.insert(second),
                Records.modify(second, secondAgain),
                Records.insert(fourth));
        FanoutConfig config = FanoutConfig.forTable(table).withRetries(3, Duration.ofMillis(1), Duration.ofMillis(2));

        // WHEN
        StreamsEventResponse response;
        FanoutStats stats;
        try (DynamoDbClient client = LocalTables.instrumented(local, counter, serverError);
                StreamFanout fanout = StreamFanout.create(client, config, new InMemoryRefreshQueue())) {
            response = fanout.process(batch);
            stats = fanout.stats();
        }

        // THEN B's first record is reported (Lambda re-delivers from it), after 3 tries; B's later record was never
        // looked at (records of one item stay in order); A and C, other items, were applied
        assertThat(response.getBatchItemFailures())
                .extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .containsExactly(batch.get(1).dynamodb().sequenceNumber());
        assertThat(stats.count(FanoutStats.Count.RETRIES)).isEqualTo(2);
        assertThat(counter.calls("PutItem")).isEqualTo(1 + 3 + 1);
        assertThat(InvariantChecker.duplicates(plain, table).keySet())
                .containsExactlyInAnyOrder(tagCopy(first, "red"), tagCopy(fourth, "sale"));
    }

    @Test
    void batchOfManyItems_shouldEndTheSameWithItemsInParallelAsOneRecordAtATime() {
        // GIVEN 40 stores, each created and then re-tagged twice, their records interleaved in one batch
        String parallelTable = newTable();
        String serialTable = newTable();
        List<Record> batch = new java.util.ArrayList<>();
        List<Map<String, AttributeValue>> finals = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            Map<String, AttributeValue> v1 = store(Set.of("a" + i), 1);
            finals.add(v1);
        }
        for (int version = 1; version <= 3; version++) {
            for (int i = 0; i < finals.size(); i++) {
                Map<String, AttributeValue> previous = finals.get(i);
                if (version == 1) {
                    batch.add(Records.insert(previous));
                    continue;
                }
                Map<String, AttributeValue> next = SampleSubjects.store(
                                Values.string(previous, Attributes.ID),
                                Values.string(previous, Attributes.BUSINESS_ID),
                                "Main",
                                AUSTIN,
                                new CoreFields(Set.of("v" + version, "a" + i), version, NOW, NOW),
                                Shard.legacy(Values.string(previous, Attributes.ID)))
                        .toItem();
                batch.add(Records.modify(previous, next));
                finals.set(i, next);
            }
        }

        // WHEN the batch is fanned out 8 items at a time on one table and one record at a time on another
        StreamsEventResponse parallel;
        StreamsEventResponse serial;
        try (StreamFanout fanout = StreamFanout.create(
                plain, FanoutConfig.forTable(parallelTable).withConcurrentItems(8), new InMemoryRefreshQueue())) {
            parallel = fanout.process(batch);
        }
        try (StreamFanout fanout = StreamFanout.create(
                plain, FanoutConfig.forTable(serialTable).withConcurrentItems(1), new InMemoryRefreshQueue())) {
            serial = fanout.process(batch);
        }

        // THEN both succeed with the same copies: each store's tags of its last version (v3 and its own), none older
        assertThat(parallel.getBatchItemFailures()).isEmpty();
        assertThat(serial.getBatchItemFailures()).isEmpty();
        Map<ItemKey, Map<String, AttributeValue>> parallelCopies = InvariantChecker.duplicates(plain, parallelTable);
        assertThat(parallelCopies).hasSize(80);
        assertThat(parallelCopies.keySet())
                .isEqualTo(InvariantChecker.duplicates(plain, serialTable).keySet());
        assertThat(parallelCopies.values())
                .allSatisfy(copy -> assertThat(Values.number(copy, Attributes.SOURCE_VERSION))
                        .isEqualTo(3));
    }

    private static ItemKey tagCopy(Map<String, AttributeValue> store, String tag) {
        return new ItemKey(
                Keys.tagPartition(Values.string(store, Attributes.BUSINESS_ID), tag),
                Keys.subjectRef(io.entitytable.model.Entity.STORE, Values.string(store, Attributes.ID)));
    }

    @Test
    void staleRecord_shouldBeASuccess_andNeverMoveACopyBackwards() {
        // GIVEN version 2 fanned out
        String table = newTable();
        Map<String, AttributeValue> v1 = store(Set.of("red"), 1);
        Map<String, AttributeValue> v2 = new LinkedHashMap<>(v1);
        v2.put(Attributes.VERSION, Values.n(2));
        v2.put(Attributes.NAME, Values.s("Renamed in place"));
        try (StreamFanout fanout =
                StreamFanout.create(plain, FanoutConfig.forTable(table), new InMemoryRefreshQueue())) {
            fanout.process(List.of(Records.modify(v1, v2)));

            // WHEN the older INSERT arrives late
            StreamsEventResponse response = fanout.process(List.of(Records.insert(v1)));

            // THEN
            assertThat(response.getBatchItemFailures()).isEmpty();
            assertThat(fanout.stats().count(FanoutStats.Count.STALE)).isEqualTo(1);
        }
        Map<String, AttributeValue> copy =
                InvariantChecker.duplicates(plain, table).values().iterator().next();
        assertThat(Values.number(copy, Attributes.SOURCE_VERSION)).isEqualTo(2);
        assertThat(copy)
                .doesNotContainKeys(io.entitytable.model.RelationshipCatalogue.INDEX_ATTRIBUTES.toArray(String[]::new));
    }

    @Test
    void counterOnlyModify_shouldCostNoDynamoDbCall() {
        // GIVEN a MODIFY that only bumped an internal counter (same version)
        String table = newTable();
        Map<String, AttributeValue> before = store(Set.of("red"), 3);
        Map<String, AttributeValue> after = new LinkedHashMap<>(before);
        after.put(Attributes.CHILD_COUNT, Values.n(1));
        CallCounter counter = new CallCounter();

        // WHEN
        try (DynamoDbClient client = LocalTables.instrumented(local, counter);
                StreamFanout fanout =
                        StreamFanout.create(client, FanoutConfig.forTable(table), new InMemoryRefreshQueue())) {
            assertThat(fanout.process(List.of(Records.modify(before, after))).getBatchItemFailures())
                    .isEmpty();
            assertThat(fanout.stats().count(FanoutStats.Count.SKIPPED)).isEqualTo(1);
        }

        // THEN
        assertThat(counter.totalCalls()).isZero();
    }

    @Test
    void writesOfOneRecord_shouldRunConcurrently_butNeverAboveTheBound() {
        // GIVEN a store with 30 tags and a bound of 4 concurrent writes
        String table = newTable();
        Set<String> tags = new java.util.TreeSet<>();
        for (int i = 0; i < 30; i++) {
            tags.add("t" + i);
        }
        java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicInteger maxInFlight = new java.util.concurrent.atomic.AtomicInteger();
        ExecutionInterceptor gauge = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            }

            @Override
            public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                inFlight.decrementAndGet();
            }
        };

        // WHEN
        try (DynamoDbClient client = LocalTables.instrumented(local, gauge);
                StreamFanout fanout = StreamFanout.create(
                        client, FanoutConfig.forTable(table).withConcurrency(4), new InMemoryRefreshQueue())) {
            assertThat(fanout.process(List.of(Records.insert(store(tags, 1)))).getBatchItemFailures())
                    .isEmpty();
        }

        // THEN
        assertThat(maxInFlight.get()).isBetween(2, 4);
        assertThat(InvariantChecker.duplicates(plain, table)).hasSize(30);
    }

    private static Map<String, AttributeValue> store(Set<String> tags, long version) {
        return store(Ids.newId(), tags, version);
    }

    private static Map<String, AttributeValue> store(String businessId, Set<String> tags, long version) {
        String storeId = Ids.newId();
        return SampleSubjects.store(
                        storeId,
                        businessId,
                        "Main",
                        AUSTIN,
                        new CoreFields(tags, version, NOW, NOW),
                        Shard.legacy(storeId))
                .toItem();
    }

    private static String newTable() {
        String table = "batch" + (++tables);
        local.createTable(table);
        return table;
    }
}
