package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.fanout.refresh.InMemoryRefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Ids;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * What one change of a subject with k copies costs: k duplicate writes plus the queries that find the copies, counted
 * by an SDK interceptor ({@link CallCounter}) and cross-checked with the {@code ConsumedCapacity}
 * the local DynamoDB engine reports for {@code ReturnConsumedCapacity=TOTAL}.
 */
class WriteAmplificationTest {
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final Address AUSTIN = new Address("1 Main St", "Austin", "TX", "73301", "US");
    private static final Set<String> TWO_TAGS = Set.of("red", "sale");

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

    @ParameterizedTest
    @ValueSource(ints = {1, 20, 60})
    void storeChange_shouldCostOneWritePerCopy_plusOneSourceGsiPageAndOnePartitionPage(int customers) {
        // GIVEN a store with two tags and `customers` linked customers, all fanned out
        String table = newTable();
        String storeId = Ids.newId();
        Map<String, AttributeValue> storeV1 = SampleSubjects.store(
                        storeId, Ids.newId(), "Main", AUSTIN, CoreFields.created(TWO_TAGS, NOW), Shard.legacy(storeId))
                .toItem();
        List<Record> setup = new ArrayList<>(List.of(insert(table, storeV1)));
        for (int i = 0; i < customers; i++) {
            setup.add(insert(table, customer(Set.of(storeId), Set.of(), 1)));
        }
        fanOut(plain, table, setup);
        Map<String, AttributeValue> storeV2 = new LinkedHashMap<>(storeV1);
        storeV2.put(Attributes.VERSION, Values.n(2));
        storeV2.put(Attributes.ADDRESS, new Address("2 Main St", "Austin", "TX", "73301", "US").toAttributeValue());
        put(table, storeV2);
        int copies = customers + TWO_TAGS.size();

        // WHEN
        CallCounter counter = new CallCounter();
        FanoutStats stats;
        try (DynamoDbClient client = LocalTables.instrumented(local, counter)) {
            stats = fanOut(client, table, List.of(Records.modify(storeV1, storeV2)));
        }

        // THEN
        System.out.printf("store with %d copies: calls %s; %s%n", copies, counter, stats);
        assertThat(counter.calls("PutItem")).isEqualTo(copies);
        assertThat(counter.calls("DeleteItem")).isZero();
        assertThat(counter.calls("Query")).isEqualTo(2); // one sourceGsi page + one store#S partition page
        assertThat(counter.totalCalls()).isEqualTo(copies + 2);
        assertThat(stats.count(FanoutStats.Count.SOURCE_INDEX_PAGES)).isEqualTo(1);
        assertThat(stats.count(FanoutStats.Count.PARTITION_PAGES)).isEqualTo(1);
        assertThat(stats.count(FanoutStats.Count.PUTS)).isEqualTo(copies);
        // Each small copy costs 1 WCU for the item, as the local DynamoDB engine reports it; a copy in a customer's
        // partition 1 more for its sourceGsi entry, whose projected sourceVersion changed. The tag copies follow the
        // store's own image and are in no index.
        assertThat(stats.writeUnits()).isEqualTo(2.0 * customers + TWO_TAGS.size());
        assertNoDrift(table);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 20, 60})
    void customerChange_shouldCostOneWritePerCopy_andNoIndexRead(int stores) {
        // GIVEN a customer with two tags linked to `stores` stores, all fanned out
        String table = newTable();
        List<Record> setup = new ArrayList<>();
        Set<String> storeIds = new java.util.TreeSet<>();
        for (int i = 0; i < stores; i++) {
            String storeId = Ids.newId();
            Map<String, AttributeValue> store = SampleSubjects.store(
                            storeId,
                            Ids.newId(),
                            "S" + i,
                            AUSTIN,
                            CoreFields.created(Set.of(), NOW),
                            Shard.legacy(storeId))
                    .toItem();
            storeIds.add(Values.string(store, Attributes.ID));
            setup.add(insert(table, store));
        }
        Map<String, AttributeValue> customerV1 = customer(storeIds, TWO_TAGS, 1);
        setup.add(insert(table, customerV1));
        fanOut(plain, table, setup);
        Map<String, AttributeValue> customerV2 = new LinkedHashMap<>(customerV1);
        customerV2.put(Attributes.VERSION, Values.n(2));
        customerV2.put(Attributes.EMAIL, Values.s("new@example.com"));
        put(table, customerV2);
        int copies = stores + TWO_TAGS.size();

        // WHEN
        CallCounter counter = new CallCounter();
        FanoutStats stats;
        try (DynamoDbClient client = LocalTables.instrumented(local, counter)) {
            stats = fanOut(client, table, List.of(Records.modify(customerV1, customerV2)));
        }

        // THEN
        System.out.printf("customer with %d copies: calls %s; %s%n", copies, counter, stats);
        assertThat(counter.calls("PutItem")).isEqualTo(copies);
        // Every copy of a customer is decided by its own images: nothing to look for in sourceGsi, and no copy is there
        assertThat(counter.calls("Query")).isZero();
        assertThat(counter.totalCalls()).isEqualTo(copies);
        assertThat(stats.count(FanoutStats.Count.SOURCE_INDEX_PAGES)).isZero();
        // 1 WCU for each copy's item, none for an index entry; more once the copied storeIds set passes 1 KB.
        if (stores == 1) {
            assertThat(stats.writeUnits()).isEqualTo(copies);
        } else {
            assertThat(stats.writeUnits()).isGreaterThanOrEqualTo(copies);
        }
        assertNoDrift(table);
    }

    private static Map<String, AttributeValue> customer(Set<String> storeIds, Set<String> tags, long version) {
        return SampleSubjects.annSmith(Ids.newId(), Ids.newId(), storeIds, tags, version, NOW)
                .toItem();
    }

    private static FanoutStats fanOut(DynamoDbClient client, String table, List<Record> records) {
        try (StreamFanout fanout =
                StreamFanout.create(client, FanoutConfig.forTable(table), new InMemoryRefreshQueue())) {
            assertThat(fanout.process(records).getBatchItemFailures()).isEmpty();
            return fanout.stats();
        }
    }

    private static Record insert(String table, Map<String, AttributeValue> item) {
        put(table, item);
        return Records.insert(item);
    }

    private static void put(String table, Map<String, AttributeValue> item) {
        plain.putItem(PutItemRequest.builder().tableName(table).item(item).build());
    }

    private static void assertNoDrift(String table) {
        assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
    }

    private static String newTable() {
        String table = "amplification" + (++tables);
        local.createTable(table);
        return table;
    }
}
