package io.entitytable.archive.job;

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
import io.entitytable.model.Retention;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** TEST ONLY: businesses and orders written into a table as the API writes them, for the archive's tests. */
record ArchiveFixture(DynamoDbClient plain, String table) {

    /** An order placed (version 1) for a new business, created and last changed at {@code at}. */
    Placed place(String status, int lines, Instant at) {
        return place(Ids.newId(), status, lines, at);
    }

    /** An order of {@code businessId} (version 1), created and last changed at {@code at}, counted on its counter. */
    Placed place(String businessId, String status, int lines, Instant at) {
        String orderId = Ids.newId();
        List<Map<String, Object>> orderLines = new ArrayList<>();
        for (int lineNo = 1; lineNo <= lines; lineNo++) {
            orderLines.add(SampleSubjects.line("SKU-" + lineNo, "item " + lineNo, lineNo, 250L * lineNo));
        }
        DeclaredItem order = SampleSubjects.order(
                orderId,
                businessId,
                Ids.newId(),
                "Ada",
                "Lovelace",
                new Address("1 Main St", "Austin", "TX", "73301", "US").values(),
                status,
                "visa",
                orderLines,
                CoreFields.created(Set.of("gift"), at),
                Shard.legacy(orderId));
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        items.add(order.toItem());
        items.addAll(order.collectionItems());
        items.forEach(item -> plain.putItem(request -> request.tableName(table).item(item)));
        ItemKey counter = ChildCounters.of(businessId, order.toItem());
        plain.updateItem(request -> request.tableName(table)
                .key(counter.toAttributes())
                .updateExpression("ADD #count :one")
                .expressionAttributeNames(Map.of("#count", Attributes.CHILD_COUNT))
                .expressionAttributeValues(Map.of(":one", Values.n(1))));
        return new Placed(businessId, orderId, partition(orderId));
    }

    /** A business item (of the old fixed layout) that keeps its finished orders {@code retention}. */
    String business(Duration retention) {
        String businessId = Ids.newId();
        Map<String, AttributeValue> item = new HashMap<>(new ItemKey(businessId, Keys.BUSINESS_TYPE).toAttributes());
        item.put(Attributes.KIND, Values.s(ItemKind.CORE.value()));
        item.put(Attributes.VERSION, Values.n(1));
        item.put(
                Attributes.RETENTION,
                Retention.of(Map.of()).with(Entity.ORDER, retention).toAttribute());
        plain.putItem(request -> request.tableName(table).item(item));
        return businessId;
    }

    List<Map<String, AttributeValue>> partition(String orderId) {
        return plain.query(request -> request.tableName(table)
                        .keyConditionExpression("#id = :id")
                        .expressionAttributeNames(Map.of("#id", Attributes.ID))
                        .expressionAttributeValues(Map.of(":id", Values.s(orderId)))
                        .consistentRead(true))
                .items();
    }

    Map<String, AttributeValue> orderItem(String orderId) {
        return partition(orderId).stream()
                .filter(item -> Values.string(item, Attributes.TYPE).startsWith(Keys.typePrefix(Entity.ORDER)))
                .findFirst()
                .orElseThrow();
    }

    long counter(Placed order) {
        Map<String, AttributeValue> item = plain.getItem(request -> request.tableName(table)
                        .key(ChildCounters.of(order.businessId(), order.items().get(0))
                                .toAttributes())
                        .consistentRead(true))
                .item();
        return Values.number(item, Attributes.CHILD_COUNT);
    }

    /** As the API's erase marks the counter that counts {@code order}. */
    void markErasing(Placed order) {
        plain.updateItem(request -> request.tableName(table)
                .key(ChildCounters.of(order.businessId(), order.items().get(0)).toAttributes())
                .updateExpression("SET #erasing = :at")
                .expressionAttributeNames(Map.of("#erasing", Attributes.ERASING))
                .expressionAttributeValues(Map.of(":at", Values.instant(Instant.now()))));
    }

    /** The children every counter of the business (of the old fixed layout) counts, summed. */
    long countedChildren(String businessId) {
        long sum = 0;
        for (ItemKey counter : ChildCounters.all(businessId)) {
            Map<String, AttributeValue> item = plain.getItem(request ->
                            request.tableName(table).key(counter.toAttributes()).consistentRead(true))
                    .item();
            sum += item.containsKey(Attributes.CHILD_COUNT) ? Values.number(item, Attributes.CHILD_COUNT) : 0;
        }
        return sum;
    }

    /** An order as placed: its business, its id, and its items as the table held them. */
    record Placed(String businessId, String id, List<Map<String, AttributeValue>> items) {}
}
