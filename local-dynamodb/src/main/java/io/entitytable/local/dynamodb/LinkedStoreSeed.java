package io.entitytable.local.dynamodb;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.BatchWrites;
import io.entitytable.model.access.RetryPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;

/**
 * A business with one store linked to k customers, written straight into a table (BatchWriteItem) as the API and the
 * fan-out would have left it: the business and its child counters (counting the store and the customers), the store
 * with its {@code linkCount}, each customer listing the store, and both edges of every link, in step (no drift). For
 * tests and benchmarks of work that grows with a store's links, where creating k links through the API and the stream
 * would take most of the run. A table with a stream has it turned off while the seed is written and on again after
 * (a new stream): the stream path starts from a table that already holds the seed, as after an import.
 */
public final class LinkedStoreSeed {
    public static final Instant CREATED = Instant.parse("2026-11-20T10:00:00Z");
    private static final Address AUSTIN = new Address("1 Main St", "Austin", "TX", "73301", "US");
    private static final int BATCH = BatchWrites.MAX_WRITES;

    /** The local engine leaves no write unprocessed and never throttles: this only bounds a surprise. */
    private static final Backoff SEED_BACKOFF =
            new RetryPolicy(5, Duration.ofMillis(10), Duration.ofMillis(200)).backoff(() -> {});

    private LinkedStoreSeed() {}

    /**
     * @param business the business of the store and its customers
     * @param store the store
     * @param customerIds the linked customers, in the order written
     * @param storeCopies the store's copies, one under each customer ({@code customer#C / store#S}), in the same order
     */
    public record Seeded(String business, DeclaredItem store, List<String> customerIds, List<Duplicate> storeCopies) {
        public String storeRef() {
            return Keys.subjectRef(store.entity(), store.id());
        }
    }

    public static Seeded write(DynamoDbClient dynamo, String table, int customers) {
        StreamSpecification stream = dynamo.describeTable(request -> request.tableName(table))
                .table()
                .streamSpecification();
        boolean streamOn = stream != null && Boolean.TRUE.equals(stream.streamEnabled());
        if (streamOn) {
            switchStream(
                    dynamo,
                    table,
                    StreamSpecification.builder().streamEnabled(false).build());
        }
        try {
            return writeItems(dynamo, table, customers);
        } finally {
            if (streamOn) {
                switchStream(dynamo, table, stream);
            }
        }
    }

    /**
     * The same seed with the table's stream left on: its records go to the stream, so the stream path works through
     * them once it starts.
     */
    public static Seeded writeIntoStream(DynamoDbClient dynamo, String table, int customers) {
        return writeItems(dynamo, table, customers);
    }

    private static Seeded writeItems(DynamoDbClient dynamo, String table, int customers) {
        String businessId = Ids.newId();
        String storeId = Ids.newId();
        DeclaredItem store = new DeclaredItem(
                Entity.STORE,
                storeId,
                businessId,
                Map.of("name", "Main", "address", AUSTIN.values()),
                CoreFields.created(Set.of(), CREATED),
                Shard.legacy(storeId));
        Map<String, AttributeValue> storeItem = storeItem(store, customers);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(businessItem(businessId, "Seeded " + businessId, ShardCount.legacy()));
        items.add(storeItem);
        List<String> customerIds = new ArrayList<>();
        List<Duplicate> storeCopies = new ArrayList<>();
        for (int i = 0; i < customers; i++) {
            String customerId = Ids.newId();
            DeclaredItem customer = new DeclaredItem(
                            Entity.CUSTOMER,
                            customerId,
                            businessId,
                            Map.of(Attributes.FIRST_NAME, "Ann" + i, Attributes.LAST_NAME, "Smith"),
                            CoreFields.created(Set.of(), CREATED),
                            Shard.legacy(customerId))
                    .withLinked(Set.of(store.id()));
            customerIds.add(customer.id());
            Map<String, AttributeValue> customerItem = customer.toItem();
            items.add(customerItem);
            for (Duplicate edge : RelationshipCatalogue.impliedBy(customerItem)) {
                if (edge.kind() == ItemKind.EDGE) {
                    // An edge copies the subject its type names: store#S / customer#C the customer, and back.
                    boolean copiesStore = edge.source().id().equals(store.id());
                    items.add(RelationshipCatalogue.copyItem(edge, copiesStore ? storeItem : customerItem));
                    if (copiesStore) {
                        storeCopies.add(edge);
                    }
                }
            }
            if (items.size() >= 10 * BATCH) {
                putAll(dynamo, table, items);
                items.clear();
            }
        }
        List<String> children = new ArrayList<>(customerIds);
        children.add(store.id());
        items.addAll(childCounters(businessId, children));
        putAll(dynamo, table, items);
        return new Seeded(businessId, store, customerIds, storeCopies);
    }

    /** The business's child counters, counting its children as the API does (each on its own counter). */
    private static List<Map<String, AttributeValue>> childCounters(String businessId, List<String> childIds) {
        Map<ItemKey, Map<String, AttributeValue>> counters = new LinkedHashMap<>();
        ChildCounters.newItems(businessId).forEach(counter -> counters.put(ItemKey.of(counter), counter));
        for (String childId : childIds) {
            Map<String, AttributeValue> counter = counters.get(ChildCounters.of(businessId, childId));
            counter.put(Attributes.CHILD_COUNT, Values.n(Values.number(counter, Attributes.CHILD_COUNT) + 1));
        }
        return List.copyOf(counters.values());
    }

    private static void switchStream(DynamoDbClient dynamo, String table, StreamSpecification stream) {
        dynamo.updateTable(request -> request.tableName(table).streamSpecification(stream));
    }

    /** The store's item as the API keeps it, with the links counted on it. */
    /** The item of a business named {@code name}, created at {@link #CREATED}, of {@code shards}. */
    public static Map<String, AttributeValue> businessItem(String businessId, String name, ShardCount shards) {
        return DeclaredItem.tenant(
                        Entity.BUSINESS,
                        businessId,
                        Map.of(Attributes.NAME, name),
                        CoreFields.created(Set.of(), CREATED),
                        shards)
                .toItem();
    }

    public static Map<String, AttributeValue> storeItem(DeclaredItem store, long links) {
        Map<String, AttributeValue> item = store.toItem();
        item.put(Attributes.LINK_COUNT, Values.n(links));
        return item;
    }

    /** BatchWriteItem in batches of 25, sending unprocessed items again. */
    public static void putAll(DynamoDbClient dynamo, String table, List<Map<String, AttributeValue>> items) {
        BatchWrites.putAll(dynamo, table, items, SEED_BACKOFF);
    }
}
