package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.fanout.refresh.InMemoryRefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.IndexLag;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * The sourceGsi race ("Writes and the fan-out" in {@code docs/design.md}), staged: the store's own fan-out runs with an
 * index that has not caught up (the engine holds sourceGsi back from before the customer's copy of the store was
 * written), at the worst moment of a customer's link. Every copy must still end up current or gone.
 */
class SourceIndexRaceTest {
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final Address AUSTIN = new Address("1 Main St", "Austin", "TX", "73301", "US");
    private static int tables;

    private static LocalDynamoDb local;
    private static DynamoDbClient plain;

    private String table;
    private String storeId;
    private String customerId;
    private Map<String, AttributeValue> storeV1;
    private Map<String, AttributeValue> customerV1;

    @BeforeAll
    static void start() {
        // Global indexes follow their tables asynchronously, as DynamoDB's do, with no delay unless a test holds one.
        local = LocalDynamoDb.startInMemory(EngineSettings.immediate().withIndexLag(IndexLag.fixed(Duration.ZERO)));
        plain = local.client();
    }

    @AfterAll
    static void stop() {
        plain.close();
        local.close();
    }

    @BeforeEach
    void seed() {
        table = "race" + (++tables);
        local.createTable(table);
        storeId = Ids.newId();
        customerId = Ids.newId();
        storeV1 = SampleSubjects.store(
                        storeId,
                        Ids.newId(),
                        "Main",
                        AUSTIN,
                        CoreFields.created(Set.of("red"), NOW),
                        Shard.legacy(storeId))
                .toItem();
        customerV1 = SampleSubjects.annSmith(customerId, Ids.newId(), Set.of(storeId), Set.of(), 1, NOW)
                .toItem();
        put(storeV1);
        put(customerV1);
    }

    @AfterEach
    void releaseSourceIndex() {
        local.control().releaseIndex(table, TableLayout.SOURCE_GSI);
    }

    /** From now on sourceGsi shows none of this table's writes: it has not caught up (until the test ends). */
    private void holdSourceIndex() {
        local.control().holdIndex(table, TableLayout.SOURCE_GSI);
    }

    @Test
    void storeUpdate_shouldRefreshTheCustomersCopy_whenSourceGsiHasNotCaughtUp() {
        // GIVEN the link fanned out, then the store changed
        holdSourceIndex();
        fanOut(plain, Records.insert(customerV1));
        Map<String, AttributeValue> storeV2 = storeV2();
        put(storeV2);

        // WHEN the store's change is fanned out while sourceGsi still misses the copy
        fanOut(plain, Records.modify(storeV1, storeV2));

        // THEN the strongly consistent store#S partition found it
        assertThat(customerSideVersion()).isEqualTo(2);
        assertNoDrift();
    }

    @Test
    void storeDelete_shouldRemoveTheCustomersCopy_whenSourceGsiHasNotCaughtUp() {
        // GIVEN
        holdSourceIndex();
        fanOut(plain, Records.insert(customerV1));
        delete(storeV1);

        // WHEN
        fanOut(plain, Records.remove(storeV1));

        // THEN
        assertThat(InvariantChecker.duplicates(plain, table)).isEmpty();
        assertNoDrift();
    }

    @Test
    void link_shouldRewriteTheStoreCopy_whenTheStoreChangedAndWasFannedOutWhileLinking() {
        // GIVEN the store changes, and its fan-out runs (index lagging), just before the link writes its copy of it
        holdSourceIndex();
        Map<String, AttributeValue> storeV2 = storeV2();
        ExecutionInterceptor storeChangesNow = beforeCustomerSideCopy(() -> {
            put(storeV2);
            fanOut(plain, Records.modify(storeV1, storeV2));
        });

        // WHEN
        try (DynamoDbClient client = LocalTables.instrumented(local, storeChangesNow)) {
            fanOut(client, Records.insert(customerV1));
        }

        // THEN the confirming re-read saw version 2 and rewrote the copy
        assertThat(customerSideVersion()).isEqualTo(2);
        assertNoDrift();
    }

    @Test
    void link_shouldDropBothEdges_whenTheStoreWasDeletedAndFannedOutWhileLinking() {
        // GIVEN the store deleted, and its fan-out run (index lagging), just before the link writes its copy of it
        holdSourceIndex();
        ExecutionInterceptor storeDeletedNow = beforeCustomerSideCopy(() -> {
            delete(storeV1);
            fanOut(plain, Records.remove(storeV1));
        });

        // WHEN
        try (DynamoDbClient client = LocalTables.instrumented(local, storeDeletedNow)) {
            fanOut(client, Records.insert(customerV1));
        }

        // THEN
        assertThat(InvariantChecker.duplicates(plain, table)).isEmpty();
        assertNoDrift();
    }

    @Test
    void storeRefresh_shouldNotResurrectTheCustomersCopy_whenTheCustomerUnlinkedMeanwhile() {
        // GIVEN the link fanned out; the store changes; the customer unlinks it (and that is fanned out) right after
        // the store's fan-out found the copy and before it writes the refresh
        fanOut(plain, Records.insert(customerV1));
        Map<String, AttributeValue> storeV2 = storeV2();
        put(storeV2);
        Map<String, AttributeValue> customerV2 = new java.util.LinkedHashMap<>(customerV1);
        customerV2.put(Attributes.VERSION, Values.n(2));
        customerV2.remove(Attributes.STORE_IDS);
        ExecutionInterceptor customerUnlinksNow = beforeCustomerSideCopy(() -> {
            put(customerV2);
            fanOut(plain, Records.modify(customerV1, customerV2));
        });

        // WHEN
        try (DynamoDbClient client = LocalTables.instrumented(local, customerUnlinksNow)) {
            fanOut(client, Records.modify(storeV1, storeV2));
        }

        // THEN the refresh was refused (attribute_exists) instead of bringing the edge back
        assertThat(InvariantChecker.duplicates(plain, table).keySet())
                .containsExactly(new ItemKey(
                        Keys.tagPartition(Values.string(storeV1, Attributes.BUSINESS_ID), "red"),
                        Keys.subjectRef(Entity.STORE, storeId)));
        assertNoDrift();
    }

    private Map<String, AttributeValue> storeV2() {
        return SampleSubjects.store(
                        storeId,
                        Values.string(storeV1, Attributes.BUSINESS_ID),
                        "Main",
                        AUSTIN,
                        new CoreFields(Set.of("red"), 2, NOW, NOW),
                        Shard.legacy(storeId))
                .toItem();
    }

    /** Runs {@code action} once, just before the customer-side copy {@code customer#C / store#S} is first written. */
    private ExecutionInterceptor beforeCustomerSideCopy(Runnable action) {
        AtomicBoolean fired = new AtomicBoolean();
        ItemKey customerSide =
                new ItemKey(Keys.subjectRef(Entity.CUSTOMER, customerId), Keys.subjectRef(Entity.STORE, storeId));
        return new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof PutItemRequest put
                        && ItemKey.of(put.item()).equals(customerSide)
                        && fired.compareAndSet(false, true)) {
                    action.run();
                }
            }
        };
    }

    private long customerSideVersion() {
        ItemKey customerSide =
                new ItemKey(Keys.subjectRef(Entity.CUSTOMER, customerId), Keys.subjectRef(Entity.STORE, storeId));
        return Values.number(InvariantChecker.duplicates(plain, table).get(customerSide), Attributes.SOURCE_VERSION);
    }

    private void fanOut(DynamoDbClient client, software.amazon.awssdk.services.dynamodb.model.Record record) {
        try (StreamFanout fanout =
                StreamFanout.create(client, FanoutConfig.forTable(table), new InMemoryRefreshQueue())) {
            assertThat(fanout.process(List.of(record)).getBatchItemFailures()).isEmpty();
        }
    }

    private void assertNoDrift() {
        assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
    }

    private void put(Map<String, AttributeValue> item) {
        plain.putItem(PutItemRequest.builder().tableName(table).item(item).build());
    }

    private void delete(Map<String, AttributeValue> item) {
        CoreDeletes.delete(plain, table, item);
    }
}
