package io.entitytable.faultrun;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.Business;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.Customer;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Store;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A store with more than {@code RefreshJob.INLINE_COPIES} linked customers, so that its changes go to its refresh job:
 * its business with its child counters, the store with its {@code linkCount}, each customer listing it and both edges of every link, written
 * straight into the table as the API and the fan-out would have left them (no drift), while the table's stream is off.
 * The stream path starts from a table that already holds them, as after an import: the fan-out is not made to go
 * through a thousand seeded records before the run's own.
 */
final class LinkedStoreSeed {
    private static final Instant CREATED = Instant.parse("2026-11-20T10:00:00Z");
    private static final Address ADDRESS = new Address("1 Main St", "Austin", "TX", "73301", "US");
    /** BatchWriteItem's limit. */
    private static final int BATCH = 25;

    private LinkedStoreSeed() {}

    /** Writes the store and its customers; returns the store's id. Call before the stream path starts. */
    static String write(DynamoDbClient dynamo, String table, int customers) {
        switchStream(dynamo, table, false);
        try {
            String businessId = Ids.newId();
            Store store = new Store(Ids.newId(), businessId, "flagship", ADDRESS, Set.of(), 1, CREATED, CREATED);
            Map<String, AttributeValue> storeItem = store.toItem();
            storeItem.put(Attributes.LINK_COUNT, Values.n(customers));
            List<Map<String, AttributeValue>> items = new ArrayList<>();
            items.add(new Business(businessId, "seeded business", Set.of(), 1, CREATED, CREATED).toItem());
            items.add(storeItem);
            List<String> children = new ArrayList<>(List.of(store.id()));
            for (int i = 0; i < customers; i++) {
                String customerId = Ids.newId();
                children.add(customerId);
                Map<String, AttributeValue> customerItem = new Customer(
                                customerId,
                                businessId,
                                "ann" + i,
                                "smith",
                                null,
                                Map.of(),
                                Set.of(store.id()),
                                Set.of(),
                                1,
                                CREATED,
                                CREATED)
                        .toItem();
                items.add(customerItem);
                // Both edges: the store's copy in the customer's partition, the customer's copy in the store's.
                for (Duplicate edge : RelationshipCatalogue.impliedBy(customerItem)) {
                    items.add(RelationshipCatalogue.copyItem(
                            edge, edge.source().entity() == Entity.STORE ? storeItem : customerItem));
                }
            }
            items.addAll(childCounters(businessId, children));
            putAll(dynamo, table, items);
            return store.id();
        } finally {
            switchStream(dynamo, table, true);
        }
    }

    /** The business's child counters, counting its children (the store, the customers) as the API would have. */
    private static List<Map<String, AttributeValue>> childCounters(String businessId, List<String> childIds) {
        Map<ItemKey, Map<String, AttributeValue>> counters = new LinkedHashMap<>();
        ChildCounters.newItems(businessId).forEach(counter -> counters.put(ItemKey.of(counter), counter));
        for (String childId : childIds) {
            Map<String, AttributeValue> counter = counters.get(ChildCounters.of(businessId, childId));
            counter.put(Attributes.CHILD_COUNT, Values.n(Values.number(counter, Attributes.CHILD_COUNT) + 1));
        }
        return List.copyOf(counters.values());
    }

    private static void switchStream(DynamoDbClient dynamo, String table, boolean on) {
        StreamSpecification spec = on
                ? TableLayout.ENTITY.createTableRequest(table).streamSpecification()
                : StreamSpecification.builder().streamEnabled(false).build();
        dynamo.updateTable(request -> request.tableName(table).streamSpecification(spec));
    }

    private static void putAll(DynamoDbClient dynamo, String table, List<Map<String, AttributeValue>> items) {
        for (int start = 0; start < items.size(); start += BATCH) {
            List<WriteRequest> writes = items.subList(start, Math.min(items.size(), start + BATCH)).stream()
                    .map(item -> WriteRequest.builder()
                            .putRequest(PutRequest.builder().item(item).build())
                            .build())
                    .toList();
            Map<String, List<WriteRequest>> pending = Map.of(table, writes);
            while (!pending.isEmpty()) {
                Map<String, List<WriteRequest>> batch = pending;
                pending = dynamo.batchWriteItem(request -> request.requestItems(batch))
                        .unprocessedItems();
            }
        }
    }
}
