package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.IndexLag;
import io.entitytable.model.Address;
import io.entitytable.model.ArchiveSchedule;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.Retention;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;

/**
 * The fan-out keeps each business's archive schedule where the deployment archives: an order that finishes makes its
 * business due by the time the order is, a retention change makes it due at once, and nothing else writes one.
 */
class ArchiveSchedulingFanoutTest {
    private static final Instant T0 = Instant.parse("2026-04-01T08:00:00Z");

    private static LocalDynamoDb local;
    private static DynamoDbClient plain;
    private static int tables;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory(EngineSettings.immediate().withIndexLag(IndexLag.fixed(Duration.ZERO)));
        plain = local.client();
    }

    @AfterAll
    static void stop() {
        plain.close();
        local.close();
    }

    @Test
    void aFinishingOrder_shouldMakeItsBusinessDueByItsOwnDueTime_onceAnInstance_andOnlyWhereArchiving() {
        // GIVEN a business keeping finished orders a day, and an order of it shipped, then delivered at T0
        String table = newTable();
        String businessId = business(table, Duration.ofDays(1), 1);
        Map<String, AttributeValue> shipped = order(businessId, "SHIPPED", 1, T0.minusSeconds(60));
        Map<String, AttributeValue> delivered = order(businessId, "DELIVERED", 2, T0);
        delivered.put(Attributes.ID, shipped.get(Attributes.ID));
        Map<String, AttributeValue> another = order(businessId, "DELIVERED", 2, T0.plusSeconds(5));
        Map<String, AttributeValue> anotherShipped = new HashMap<>(another);
        anotherShipped.put(Attributes.STATUS, Values.s("SHIPPED"));
        anotherShipped.put(Attributes.VERSION, Values.n(1));

        // WHEN a fan-out that does not archive sees it finish, then one that archives sees it and a second order finish
        try (StreamFanout plainFanout = StreamFanout.create(plain, FanoutConfig.forTable(table))) {
            plainFanout.process(List.of(Records.modify(shipped, delivered)));
        }
        Map<String, AttributeValue> before = schedule(table, businessId);
        CallCounter calls = new CallCounter();
        int updatesAfterFirst;
        int readsAfterFirst;
        try (StreamFanout fanout = StreamFanout.create(
                LocalTables.instrumented(local, calls),
                FanoutConfig.forTable(table).withArchiving(true))) {
            fanout.process(List.of(Records.modify(shipped, delivered)));
            updatesAfterFirst = calls.calls("UpdateItem");
            readsAfterFirst = calls.calls("GetItem");
            fanout.process(List.of(Records.modify(anotherShipped, another)));
        }

        // THEN no schedule without archiving; with it, due a day after the first finish, and the second finish (due
        // later) neither read the business again nor wrote to the schedule
        assertThat(before).isEmpty();
        Map<String, AttributeValue> schedule = schedule(table, businessId);
        assertThat(schedule)
                .containsEntry(Attributes.KIND, Values.s(ItemKind.ARCHIVE.value()))
                .containsEntry(Attributes.ARCHIVE_DUE_AT, Values.instant(T0.plus(Duration.ofDays(1))))
                .containsEntry(Attributes.GSI1_PK, Values.s(ArchiveSchedule.duePartitionOf(businessId)));
        assertThat(updatesAfterFirst).isEqualTo(1);
        assertThat(calls.calls("UpdateItem")).isEqualTo(updatesAfterFirst);
        assertThat(calls.calls("GetItem")).as("the business read again").isEqualTo(readsAfterFirst);
    }

    @Test
    void aRetentionChange_shouldMakeTheBusinessDueAtOnce() {
        // GIVEN a business whose schedule is due in a day
        String table = newTable();
        String businessId = business(table, Duration.ofDays(1), 1);
        Map<String, AttributeValue> old = business(table, Duration.ofDays(1), 1, businessId);
        Map<String, AttributeValue> shorter = business(table, Duration.ofSeconds(10), 1, businessId);
        Instant before = Instant.now();

        // WHEN the fan-out sees the retention change (no new version)
        try (StreamFanout fanout =
                StreamFanout.create(plain, FanoutConfig.forTable(table).withArchiving(true))) {
            fanout.process(List.of(Records.modify(old, shorter)));
        }

        // THEN the business is due now
        Instant due = Values.instant(schedule(table, businessId), Attributes.ARCHIVE_DUE_AT);
        assertThat(due).isBetween(before, Instant.now());
    }

    private static String newTable() {
        String table = "schedules" + (++tables);
        plain.createTable(TableLayout.ENTITY.createTableRequest(table).toBuilder()
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(false).build())
                .build());
        return table;
    }

    private static String business(String table, Duration retention, long version) {
        return Values.string(business(table, retention, version, Ids.newId()), Attributes.ID);
    }

    private static Map<String, AttributeValue> business(
            String table, Duration retention, long version, String businessId) {
        Map<String, AttributeValue> item = new HashMap<>(new ItemKey(businessId, Keys.BUSINESS_TYPE).toAttributes());
        item.put(Attributes.KIND, Values.s(ItemKind.CORE.value()));
        item.put(Attributes.VERSION, Values.n(version));
        item.put(Attributes.NAME, Values.s("Acme"));
        item.put(
                Attributes.RETENTION,
                Retention.of(Map.of()).with(Entity.ORDER, retention).toAttribute());
        plain.putItem(request -> request.tableName(table).item(item));
        return item;
    }

    private static Map<String, AttributeValue> order(String businessId, String status, long version, Instant at) {
        String orderId = Ids.newId();
        Map<String, AttributeValue> item = new HashMap<>(SampleSubjects.order(
                        orderId,
                        businessId,
                        Ids.newId(),
                        "Ada",
                        "Lovelace",
                        new Address("1 Main St", "Austin", "TX", "73301", "US").values(),
                        status,
                        "visa",
                        List.of(),
                        new CoreFields(Set.of(), version, at.minusSeconds(3600), at),
                        Shard.legacy(orderId))
                .toItem());
        return item;
    }

    private static Map<String, AttributeValue> schedule(String table, String businessId) {
        return plain.getItem(request -> request.tableName(table)
                        .key(ArchiveSchedule.keyOf(businessId).toAttributes())
                        .consistentRead(true))
                .item();
    }
}
