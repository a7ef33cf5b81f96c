package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.api.TestBusinesses;
import io.entitytable.api.TestCustomers;
import io.entitytable.api.TestStores;
import io.entitytable.api.access.CurrentEvent;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The writes against a real table (the local DynamoDB engine in this JVM): what each one holds on, and which action failed. */
class CoreWritesTest {
    /**
     * How long a transaction keeps its items on the engines of the tests that meet another writer's transaction: long
     * enough for the write under test to be sent while it is in flight, on a loaded machine too.
     */
    private static final Duration HOLD = Duration.ofSeconds(1);

    private static InMemoryEntityTable local;
    private static DynamoDbClient client;
    private static EntityTable table;
    private static CoreWrites writes;

    @BeforeAll
    static void startTable() {
        local = InMemoryEntityTable.start();
        client = local.client();
        table = local.table();
        writes = new CoreWrites(table);
    }

    @AfterAll
    static void stopTable() {
        local.close();
    }

    private static String business() {
        return business(writes);
    }

    private static String business(CoreWrites through) {
        Instant now = Instant.now();
        DeclaredItem business = TestBusinesses.business(Ids.newId(), "Writes", CoreFields.created(Set.of(), now));
        through.createBusiness(business.toItem(), Optional.empty());
        return business.id();
    }

    private static Map<String, AttributeValue> store(String businessId, String name) {
        Instant now = Instant.now();
        Address address = new Address("1 Main St", "Austin", "TX", "73301", "US");
        String storeId = Ids.newId();
        return TestStores.store(
                        storeId, businessId, name, address, CoreFields.created(Set.of(), now), Shard.legacy(storeId))
                .toItem();
    }

    private static Map<String, AttributeValue> read(Entity entity, Map<String, AttributeValue> item) {
        return table.findCore(entity, Values.string(item, Attributes.ID)).orElseThrow();
    }

    @Test
    void createChild_shouldConflictAtTheBusinessCount_whenTheBusinessDoesNotExist() {
        // GIVEN
        String missing = Ids.newId();

        // WHEN / THEN
        assertThatThrownBy(() -> writes.createChild(missing, List.of(store(missing, "main")), Optional.empty()))
                .isInstanceOfSatisfying(WriteConflict.class, conflict -> assertThat(conflict.action())
                        .isZero());
    }

    @Test
    void createChild_shouldCountEachLinkOnItsStore_whenTheChildIsCreatedWithItsLinks() {
        // GIVEN two stores of the business, one already linked once
        String businessId = business();
        Map<String, AttributeValue> first = store(businessId, "first");
        Map<String, AttributeValue> second = store(businessId, "second");
        writes.createChild(businessId, List.of(first), Optional.empty());
        writes.createChild(businessId, List.of(second), Optional.empty());
        Map<String, AttributeValue> linkedBefore = customer(businessId, List.of());
        writes.createChild(businessId, List.of(linkedBefore), Optional.empty());
        DeclaredItem before = TestCustomers.customerFrom(read(Entity.CUSTOMER, linkedBefore));
        writes.replaceCountingLink(
                read(Entity.CUSTOMER, linkedBefore),
                before.withLinked(Set.of(Values.string(second, Attributes.ID)))
                        .withVersion(2, Instant.now())
                        .toItem(),
                LinkChange.linking(ItemKey.of(second), businessId));
        Map<String, AttributeValue> customer = customer(businessId, List.of(first, second));

        // WHEN
        writes.restoreChild(
                businessId,
                List.of(customer),
                List.of(
                        LinkChange.linking(ItemKey.of(first), businessId),
                        LinkChange.linking(ItemKey.of(second), businessId)));

        // THEN
        assertThat(Values.set(read(Entity.CUSTOMER, customer), Attributes.STORE_IDS))
                .containsExactlyInAnyOrder(Values.string(first, Attributes.ID), Values.string(second, Attributes.ID));
        assertThat(Values.number(read(Entity.STORE, first), Attributes.LINK_COUNT))
                .isEqualTo(1);
        assertThat(Values.number(read(Entity.STORE, second), Attributes.LINK_COUNT))
                .isEqualTo(2);
    }

    @Test
    void createChild_shouldConflictAtTheLinkAndWriteNothing_whenALinkedStoreIsAnotherBusinesss() {
        // GIVEN a store of another business
        String businessId = business();
        String otherId = business();
        Map<String, AttributeValue> foreign = store(otherId, "foreign");
        writes.createChild(otherId, List.of(foreign), Optional.empty());
        Map<String, AttributeValue> customer = customer(businessId, List.of(foreign));

        // WHEN / THEN the transaction fails at the link's count: counter (0), customer (1), link (2)
        assertThatThrownBy(() -> writes.restoreChild(
                        businessId, List.of(customer), List.of(LinkChange.linking(ItemKey.of(foreign), businessId))))
                .isInstanceOfSatisfying(WriteConflict.class, conflict -> assertThat(conflict.action())
                        .isEqualTo(2));
        assertThat(table.findCore(Entity.CUSTOMER, Values.string(customer, Attributes.ID)))
                .isEmpty();
        assertThat(read(Entity.STORE, foreign)).doesNotContainKey(Attributes.LINK_COUNT);
    }

    private static Map<String, AttributeValue> customer(String businessId, List<Map<String, AttributeValue>> stores) {
        Instant now = Instant.now();
        Set<String> storeIds = new java.util.TreeSet<>();
        for (Map<String, AttributeValue> store : stores) {
            storeIds.add(Values.string(store, Attributes.ID));
        }
        String customerId = Ids.newId();
        return TestCustomers.customer(
                        customerId,
                        businessId,
                        "Ada",
                        "Lovelace",
                        null,
                        Map.of(),
                        storeIds,
                        CoreFields.created(Set.of(), now),
                        Shard.legacy(customerId))
                .toItem();
    }

    @Test
    void createChild_shouldBeATransactionConflict_whileAnotherTransactionHoldsTheCounterItCountsOn() {
        try (InMemoryEntityTable contended = InMemoryEntityTable.withTransactionConflicts(HOLD)) {
            // GIVEN a business, and another writer's transaction in flight on the counter a new store counts on
            CoreWrites meetingOthers = new CoreWrites(contended.table());
            String businessId = business(meetingOthers);
            Map<String, AttributeValue> store = store(businessId, "held");
            try (InFlightTransaction other = contended.transactionHolding(ChildCounters.of(businessId, store))) {
                // WHEN / THEN the engine cancels the create for that transaction
                assertThatThrownBy(() -> meetingOthers.createChild(businessId, List.of(store), Optional.empty()))
                        .isInstanceOf(TransactionConflict.class);
            }
            assertThat(contended.table().findCore(Entity.STORE, Values.string(store, Attributes.ID)))
                    .as("nothing was written")
                    .isEmpty();
        }
    }

    @Test
    void replace_shouldBeATransactionConflict_whenItsSingleWriteMeetsAnotherTransaction() {
        try (InMemoryEntityTable contended = InMemoryEntityTable.withTransactionConflicts(HOLD)) {
            // GIVEN a business, and another writer's transaction in flight on it
            CoreWrites meetingOthers = new CoreWrites(contended.table());
            String businessId = business(meetingOthers);
            Map<String, AttributeValue> current =
                    contended.table().findCore(Entity.BUSINESS, businessId).orElseThrow();
            Map<String, AttributeValue> next = new java.util.HashMap<>(current);
            next.put(Attributes.VERSION, Values.n(2));
            try (InFlightTransaction other = contended.transactionHolding(ItemKey.of(current))) {
                // WHEN / THEN the engine refuses the single write (an UpdateItem) for that transaction
                assertThatThrownBy(() -> meetingOthers.replace(current, next)).isInstanceOf(TransactionConflict.class);
            }
            assertThat(Values.number(
                            contended
                                    .table()
                                    .findCore(Entity.BUSINESS, businessId)
                                    .orElseThrow(),
                            Attributes.VERSION))
                    .as("nothing was written")
                    .isEqualTo(1);
        }
    }

    @Test
    void delete_shouldConflict_whileTheCounterThatMustBeZeroIsNot() {
        // GIVEN a business that counts one store
        String businessId = business();
        Map<String, AttributeValue> store = store(businessId, "main");
        writes.createChild(businessId, List.of(store), Optional.empty());
        Map<String, AttributeValue> current =
                table.findCore(Entity.BUSINESS, businessId).orElseThrow();

        // WHEN / THEN the delete is refused at the counter the store counts on (action 1 + its shard)
        List<ItemKey> counters = ChildCounters.all(businessId);
        int counted = counters.indexOf(ChildCounters.of(businessId, Values.string(store, Attributes.ID)));
        assertThatThrownBy(() -> writes.delete(
                        Deletion.of(current).withCountersAtZero(counters).build(), Optional.empty()))
                .isInstanceOfSatisfying(WriteConflict.class, conflict -> assertThat(conflict.action())
                        .isEqualTo(1 + counted));
        assertThat(table.findCore(Entity.BUSINESS, businessId)).isPresent();
    }

    @Test
    void delete_shouldConflictAtTheStoreToUncount_whenThatStoreIsNotAtItsKeyAnyMore() {
        // GIVEN
        String businessId = business();
        Map<String, AttributeValue> store = store(businessId, "main");
        writes.createChild(businessId, List.of(store), Optional.empty());
        Map<String, AttributeValue> current = read(Entity.STORE, store);
        ItemKey renamedAway = new ItemKey(Values.string(store, Attributes.ID), "store#old-name");

        // WHEN / THEN action 0 is the store itself, 1 its tombstone, 2 the business's count, 3 the store to uncount
        assertThatThrownBy(() -> writes.delete(
                        Deletion.of(current)
                                .uncountingOnBusiness(businessId)
                                .uncountingOnTargets(List.of(renamedAway))
                                .build(),
                        Optional.empty()))
                .isInstanceOfSatisfying(WriteConflict.class, conflict -> assertThat(conflict.action())
                        .isEqualTo(3));
    }

    @Test
    void delete_shouldRemoveTheItemAndUncountIt_whenEveryConditionHolds() {
        // GIVEN
        String businessId = business();
        Map<String, AttributeValue> store = store(businessId, "main");
        writes.createChild(businessId, List.of(store), Optional.empty());

        // WHEN
        writes.delete(
                Deletion.of(read(Entity.STORE, store))
                        .uncountingOnBusiness(businessId)
                        .onlyWhileZero(Attributes.LINK_COUNT)
                        .build(),
                Optional.empty());

        // THEN
        assertThat(table.findCore(Entity.STORE, Values.string(store, Attributes.ID)))
                .isEmpty();
        assertThat(ChildCounters.sum(table.getAll(ChildCounters.all(businessId))))
                .isZero();
    }

    @Test
    void replace_shouldMoveTheItemAndItsCounters_whenTheKeyChanges() {
        // GIVEN a store one customer links
        String businessId = business();
        Map<String, AttributeValue> store = store(businessId, "old");
        writes.createChild(businessId, List.of(store), Optional.empty());
        Map<String, AttributeValue> current = read(Entity.STORE, store);
        client.updateItem(request -> request.tableName("Entity")
                .key(ItemKey.of(current).toAttributes())
                .updateExpression("SET #links = :one")
                .expressionAttributeNames(Map.of("#links", Attributes.LINK_COUNT))
                .expressionAttributeValues(Map.of(":one", Values.n(1))));
        Map<String, AttributeValue> linked = read(Entity.STORE, store);
        DeclaredItem old = CoreItem.from(linked);
        Map<String, AttributeValue> renamed =
                TestStores.renamed(old, "new").withVersion(2, Instant.now()).toItem();

        // WHEN
        writes.replace(linked, renamed);

        // THEN
        Map<String, AttributeValue> after = read(Entity.STORE, store);
        assertThat(Values.string(after, Attributes.TYPE)).isEqualTo("store#new");
        assertThat(Values.number(after, Attributes.LINK_COUNT)).isEqualTo(1);
        assertThatThrownBy(() -> writes.replace(linked, renamed))
                .as("a second replace from the same read lost the race")
                .isInstanceOf(WriteConflict.class);
    }

    @Test
    void everyCoreWrite_shouldNameTheRequestThatMadeIt_andNoOtherRequest() {
        // GIVEN writes made in requests with ids, and outside any request
        String businessId = business();
        Map<String, AttributeValue> store = store(businessId, "stamped");
        writesIn("first-request=").createChild(businessId, List.of(store), Optional.empty());
        Map<String, AttributeValue> created = read(Entity.STORE, store);

        // WHEN the store is renamed (a new key) by another request, then changed in place outside any request
        Map<String, AttributeValue> renamed = withNameAndVersion(created, "stamped again", 2);
        writesIn("second-request=").replace(created, renamed);
        Map<String, AttributeValue> afterRename = read(Entity.STORE, store);
        writes.replace(afterRename, withNameAndVersion(afterRename, "stamped again", 3));
        Map<String, AttributeValue> afterPlainWrite = read(Entity.STORE, store);

        // THEN each version names the request that wrote it, and a version no request wrote names none
        assertThat(Values.string(created, Attributes.CORRELATION_ID)).isEqualTo("first-request=");
        assertThat(Values.string(afterRename, Attributes.CORRELATION_ID)).isEqualTo("second-request=");
        assertThat(afterPlainWrite).doesNotContainKey(Attributes.CORRELATION_ID);
        assertThat(Values.number(afterPlainWrite, Attributes.VERSION)).isEqualTo(3);
        // ... and the business's counters, which are not core items, name none
        assertThat(local.client()
                        .getItem(request -> request.tableName(table.name())
                                .key(ChildCounters.of(businessId, Values.string(store, Attributes.ID))
                                        .toAttributes()))
                        .item())
                .doesNotContainKey(Attributes.CORRELATION_ID);
    }

    private static Map<String, AttributeValue> withNameAndVersion(
            Map<String, AttributeValue> item, String name, long version) {
        DeclaredItem read = Entity.STORE.read(item);
        return TestStores.renamed(read, name)
                .withVersion(version, Instant.now())
                .toItem();
    }

    /** Writes made in the request {@code requestId}, outside a move. */
    private static CoreWrites writesIn(String requestId) {
        CurrentEvent request = new CurrentEvent() {
            @Override
            public Optional<String> requestId() {
                return Optional.of(requestId);
            }
        };
        return new CoreWrites(table, request, new BusinessRoutes(table, Optional.empty()));
    }
}
