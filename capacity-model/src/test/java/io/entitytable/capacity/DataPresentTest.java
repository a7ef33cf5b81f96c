package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.backfill.IndexBackfill;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The data present's model on the local DynamoDB engine, over items as the API writes them. */
class DataPresentTest {
    private static final Instant NOW = Instant.parse("2026-11-25T09:00:00Z");
    private static final Address ADDRESS = new Address("1 Main Street", "Springfield", "IL", "62701", "US");

    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;

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
    void capacity_shouldDeriveTheShapeFromTheItems_andNameTheLargestBusinessInItsKeys() {
        // GIVEN two businesses: the larger with 3 orders (2 tagged rush), the smaller with 1 (tagged gift), 2 lines
        // each; 2 customers (1 vip) listing 3 stores between them, over 2 stores of 2 and 1 linked customers
        String table = "present";
        local.createTable(table);
        DeclaredItem large =
                put(table, SampleSubjects.business(Ids.newId(), "Large", CoreFields.created(Set.of(), NOW)));
        DeclaredItem small =
                put(table, SampleSubjects.business(Ids.newId(), "Small", CoreFields.created(Set.of(), NOW)));
        putOrder(table, large, Set.of("rush"));
        putOrder(table, large, Set.of("rush"));
        putOrder(table, large, Set.of());
        putOrder(table, small, Set.of("gift"));
        DeclaredItem first = store(large);
        DeclaredItem second = store(large);
        putStore(table, first, 2);
        putStore(table, second, 1);
        put(table, customer(large, Set.of(first.id(), second.id()), Set.of("vip")));
        put(table, customer(large, Set.of(first.id()), Set.of()));

        // WHEN
        PresentCapacity capacity = new DataPresent(dynamo, table).capacity();

        // THEN the shape is the items' (averages rounded), the rates the reference workload's
        Workload workload = capacity.workload();
        Workload reference = Workload.reference();
        // ... and the backfill progress items every new table is created with
        assertThat(capacity.itemsScanned()).isEqualTo(2 + 4 * 3 + 2 + 2 + IndexBackfill.ALL.size());
        assertThat(workload.businesses()).isEqualTo(2);
        assertThat(capacity.largestBusinessId()).isEqualTo(large.id());
        assertThat(capacity.largestBusinessShare()).isEqualTo(0.75);
        assertThat(workload.largestBusinessShare()).isEqualTo(0.75);
        assertThat(workload.linesPerOrder()).isEqualTo(2);
        assertThat(workload.taggedOrderFraction()).isEqualTo(0.75);
        assertThat(workload.orderTag()).isEqualTo("rush");
        assertThat(workload.taggedCustomerFraction()).isEqualTo(0.5);
        assertThat(workload.customerTag()).isEqualTo("vip");
        assertThat(workload.storesPerCustomer()).isEqualTo(2);
        assertThat(workload.customersPerStore()).isEqualTo(2);
        assertThat(workload.bigStoreLinkedCustomers()).isEqualTo(2);
        assertThat(workload.ordersPerSecond()).isEqualTo(reference.ordersPerSecond());
        assertThat(workload.readMix()).isEqualTo(reference.readMix());
        assertThat(capacity.derived())
                .containsExactlyInAnyOrder(
                        "businesses",
                        "largestBusinessOrdersPerSecond",
                        "linesPerOrder",
                        "taggedOrderFraction",
                        "orderTag",
                        "taggedCustomerFraction",
                        "customerTag",
                        "storesPerCustomer",
                        "customersPerStore",
                        "bigStoreLinkedCustomers");

        // AND the business stores no count: it is laid out as the old fixed layout, 4 shards
        assertThat(capacity.largestBusinessShards()).isEqualTo(ShardCount.LEGACY);

        // AND the hottest partitions, the table's first, name the real business and are hottest first
        assertThat(capacity.keysNameSampledBusiness()).isFalse();
        assertThat(capacity.hottest())
                .extracting(PresentCapacity.Target::target)
                .isEqualTo(ModelledLayout.CURRENT.targets());
        List<PresentCapacity.Partition> tablePartitions =
                capacity.hottest().get(0).partitions();
        assertThat(tablePartitions).isNotEmpty().hasSizeLessThanOrEqualTo(Load.HOTTEST);
        assertThat(tablePartitions)
                .isSortedAccordingTo(Comparator.comparingDouble(PresentCapacity.Partition::utilisation)
                        .reversed());
        PresentCapacity.Target businessGsi = capacity.hottest().stream()
                .filter(target -> target.target().equals(TableLayout.BUSINESS_GSI))
                .findFirst()
                .orElseThrow();
        assertThat(businessGsi.partitions())
                .extracting(PresentCapacity.Partition::key)
                .containsAnyElementsOf(BusinessShards.partitions(large.id()));

        // AND the answer is plain values, as JSON has them
        JsonNode json = new ObjectMapper().valueToTree(capacity);
        assertThat(json.at("/workload/orderTag").asText()).isEqualTo("rush");
        assertThat(json.at("/hottest/0/partitions/0/utilisation").asDouble())
                .isEqualTo(tablePartitions.get(0).utilisation());
    }

    @Test
    void capacity_shouldLayTheLargestBusinessOutByTheCountItsItemStores() {
        // GIVEN a business that stores a count of 8, with an order
        String table = "stored-count";
        local.createTable(table);
        ShardCount count = new ShardCount(8, 8, NOW, true);
        DeclaredItem business =
                put(table, SampleSubjects.business(Ids.newId(), "Grown", CoreFields.created(Set.of(), NOW), count));
        putOrder(table, business, Set.of("rush"));

        // WHEN
        PresentCapacity capacity = new DataPresent(dynamo, table).capacity();

        // THEN the model reads its count from its item: its businessGsi partitions are its 8
        assertThat(capacity.largestBusinessShards()).isEqualTo(8);
        List<String> partitions = new BusinessShards(business.id(), count).partitions();
        List<String> hottest = capacity.hottest().stream()
                .filter(target -> target.target().equals(TableLayout.BUSINESS_GSI))
                .flatMap(target -> target.partitions().stream())
                .map(PresentCapacity.Partition::key)
                .toList();
        assertThat(hottest).hasSize(Load.HOTTEST).allSatisfy(key -> assertThat(partitions)
                .contains(key));
        assertThat(hottest)
                .anyMatch(key -> !BusinessShards.partitions(business.id()).contains(key));
        assertThat(new ObjectMapper()
                        .valueToTree(capacity)
                        .get("largestBusinessShards")
                        .asInt())
                .isEqualTo(8);
    }

    @Test
    void capacity_shouldFallBackToTheReferenceShape_whenTheTableIsEmpty() {
        // GIVEN
        String table = "empty";
        local.createTable(table);

        // WHEN
        PresentCapacity capacity = new DataPresent(dynamo, table).capacity();

        // THEN nothing is derived, the shape is the reference's and the keys name a drawn business
        Workload reference = Workload.reference();
        // the backfill progress items every new table is created with, and nothing of a business
        assertThat(capacity.itemsScanned()).isEqualTo(IndexBackfill.ALL.size());
        assertThat(capacity.derived()).isEmpty();
        assertThat(capacity.largestBusinessId()).isNull();
        assertThat(capacity.keysNameSampledBusiness()).isTrue();
        assertThat(capacity.largestBusinessShards())
                .isEqualTo(ModelledLayout.grown(reference.largestBusinessWritesPerSecond())
                        .count());
        assertThat(capacity.workload())
                .usingRecursiveComparison()
                .ignoringFields("description")
                .isEqualTo(reference);
        assertThat(capacity.hottest().get(0).partitions()).isNotEmpty();
    }

    private static <T extends CoreItem> T put(String table, T subject) {
        write(table, subject.toItem());
        return subject;
    }

    /** An order of 2 lines, with its lines, as the API places it. */
    private static void putOrder(String table, DeclaredItem business, Set<String> tags) {
        List<Map<String, Object>> lines = IntStream.rangeClosed(1, 2)
                .mapToObj(n -> SampleSubjects.line("SKU-" + n, "Item " + n, 1, 100))
                .toList();
        String orderId = Ids.newId();
        DeclaredItem order = SampleSubjects.order(
                orderId,
                business.id(),
                Ids.newId(),
                "Ada",
                "Lovelace",
                ADDRESS.values(),
                "OPEN",
                null,
                lines,
                CoreFields.created(tags, NOW),
                Shard.legacy(orderId));
        write(table, order.toItem());
        order.collectionItems().forEach(line -> write(table, line));
    }

    private static DeclaredItem store(DeclaredItem business) {
        String storeId = Ids.newId();
        return SampleSubjects.store(
                storeId,
                business.id(),
                "Store " + Ids.newId(),
                ADDRESS,
                CoreFields.created(Set.of(), NOW),
                Shard.legacy(storeId));
    }

    /** A store with the count its customers' links have added to it. */
    private static void putStore(String table, DeclaredItem store, long linkCount) {
        Map<String, AttributeValue> item = new HashMap<>(store.toItem());
        item.put(Attributes.LINK_COUNT, Values.n(linkCount));
        write(table, item);
    }

    private static DeclaredItem customer(DeclaredItem business, Set<String> storeIds, Set<String> tags) {
        String customerId = Ids.newId();
        return SampleSubjects.customer(
                customerId,
                business.id(),
                "Ada",
                "Lovelace",
                "ada@example.com",
                Map.of("home", ADDRESS),
                storeIds,
                CoreFields.created(tags, NOW),
                Shard.legacy(customerId));
    }

    private static void write(String table, Map<String, AttributeValue> item) {
        dynamo.putItem(request -> request.tableName(table).item(item));
    }
}
