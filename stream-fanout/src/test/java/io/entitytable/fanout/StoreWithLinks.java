package io.entitytable.fanout;

import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.Customer;
import io.entitytable.model.Ids;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.Store;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A store linked to k customers, written straight into a table as the API and the fan-out would have left it: the
 * store (with its {@code linkCount}), each customer listing it, and both edges of every link, in step (no drift).
 */
final class StoreWithLinks {
    static final Instant CREATED = Instant.parse("2026-11-20T10:00:00Z");
    private static final Address AUSTIN = new Address("1 Main St", "Austin", "TX", "73301", "US");

    final String businessId;
    final Store store;
    final List<String> customerIds = new ArrayList<>();

    private StoreWithLinks(String businessId, Store store) {
        this.businessId = businessId;
        this.store = store;
    }

    static StoreWithLinks write(DynamoDbClient dynamo, String table, int customers) {
        String businessId = Ids.newId();
        Store store = new Store(Ids.newId(), businessId, "Main", AUSTIN, Set.of("red"), 1, CREATED, CREATED);
        StoreWithLinks written = new StoreWithLinks(businessId, store);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(storeItem(store, customers));
        for (int i = 0; i < customers; i++) {
            String customerId = Ids.newId();
            written.customerIds.add(customerId);
            Customer customer = new Customer(
                    customerId,
                    businessId,
                    "Ann" + i,
                    "Smith",
                    null,
                    Map.of(),
                    Set.of(store.id()),
                    Set.of(),
                    1,
                    CREATED,
                    CREATED);
            Map<String, AttributeValue> customerItem = customer.toItem();
            items.add(customerItem);
            EdgePair edges = EdgePair.byStore(RelationshipCatalogue.impliedBy(customerItem))
                    .get(store.id());
            items.add(RelationshipCatalogue.copyItem(edges.storeSide(), customerItem));
            items.add(RelationshipCatalogue.copyItem(edges.customerSide(), storeItem(store, customers)));
        }
        putAll(dynamo, table, items);
        return written;
    }

    /** The store's item as the API keeps it, with the links counted on it. */
    static Map<String, AttributeValue> storeItem(Store store, long links) {
        Map<String, AttributeValue> item = store.toItem();
        item.put(Attributes.LINK_COUNT, Values.n(links));
        return item;
    }

    static void putAll(DynamoDbClient dynamo, String table, List<Map<String, AttributeValue>> items) {
        for (int start = 0; start < items.size(); start += 25) {
            List<WriteRequest> writes = items.subList(start, Math.min(items.size(), start + 25)).stream()
                    .map(item -> WriteRequest.builder()
                            .putRequest(PutRequest.builder().item(item).build())
                            .build())
                    .toList();
            Map<String, List<WriteRequest>> pending = Map.of(table, writes);
            while (!pending.isEmpty()) {
                Map<String, List<WriteRequest>> batch = pending;
                BatchWriteItemResponse response = dynamo.batchWriteItem(request -> request.requestItems(batch));
                pending = response.unprocessedItems();
            }
        }
    }
}
