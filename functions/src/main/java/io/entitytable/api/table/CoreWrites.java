package io.entitytable.api.table;

import io.entitytable.model.Attributes;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Every write the API makes. Each one is conditional (a create on the key not existing, an update or delete on the
 * version read), and each one that touches several items is a single TransactWriteItems, so a request either
 * writes everything it means to or nothing.
 *
 * <p>The API writes core items and order lines only; duplicates are the fan-out's (invariant 5).
 */
@ApplicationScoped
public class CoreWrites {
    /** Attributes an update must leave alone: the keys, and counters that move without a version bump. */
    private static final Set<String> KEPT =
            Set.of(Attributes.ID, Attributes.TYPE, Attributes.CHILD_COUNT, Attributes.LINK_COUNT);

    private final EntityTable table;

    public CoreWrites(EntityTable table) {
        this.table = table;
    }

    /** Puts a business; false if the id is taken (a ULID collision, practically never). */
    public boolean createBusiness(Map<String, AttributeValue> item) {
        try {
            table.dynamo().putItem(request -> request.tableName(table.name())
                    .item(item)
                    .conditionExpression("attribute_not_exists(#id)")
                    .expressionAttributeNames(Map.of("#id", Attributes.ID)));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    /**
     * Puts a customer, store or order (and an order's lines) and counts it on its business, in one transaction.
     * Fails with {@link WriteConflict} at index 0 when the business does not exist.
     */
    public void createChild(String businessId, List<Map<String, AttributeValue>> items) {
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(countChild(businessId, 1));
        for (Map<String, AttributeValue> item : items) {
            actions.add(TransactWriteItem.builder()
                    .put(Put.builder()
                            .tableName(table.name())
                            .item(item)
                            .conditionExpression("attribute_not_exists(#id)")
                            .expressionAttributeNames(Map.of("#id", Attributes.ID))
                            .build())
                    .build());
        }
        transact(actions);
    }

    /**
     * Replaces a core item's public attributes with {@code next}'s, on condition that its version is still the one
     * read. Same key: one UpdateItem that leaves the counters alone. New key (a rename): Delete old + Put new in one
     * transaction, which the fan-out sees as REMOVE + INSERT of the same id.
     *
     * @throws WriteConflict when the item changed or disappeared since it was read
     */
    public void replace(Map<String, AttributeValue> current, Map<String, AttributeValue> next) {
        long version = Values.number(current, Attributes.VERSION);
        if (current.get(Attributes.TYPE).equals(next.get(Attributes.TYPE))) {
            updateInPlace(current, next, version);
            return;
        }
        // The counters move with the item: a renamed store keeps the count of the customers that link it.
        Map<String, AttributeValue> moved = new HashMap<>(next);
        for (String counter : Attributes.INTERNAL_COUNTERS) {
            if (current.containsKey(counter)) {
                moved.put(counter, current.get(counter));
            }
        }
        transact(List.of(
                TransactWriteItem.builder()
                        .delete(Delete.builder()
                                .tableName(table.name())
                                .key(EntityTable.keyOf(current))
                                .conditionExpression("#version = :version")
                                .expressionAttributeNames(Map.of("#version", Attributes.VERSION))
                                .expressionAttributeValues(Map.of(":version", Values.n(version)))
                                .build())
                        .build(),
                TransactWriteItem.builder()
                        .put(Put.builder()
                                .tableName(table.name())
                                .item(moved)
                                .conditionExpression("attribute_not_exists(#id)")
                                .expressionAttributeNames(Map.of("#id", Attributes.ID))
                                .build())
                        .build()));
    }

    /**
     * Deletes a core item at the version read, with the other keys of its item collection (order lines), uncounts it
     * on its business when it has one, and uncounts a customer's links on the stores it lists, in one transaction.
     *
     * @param counterAtZero an internal counter that must be zero (or absent) for the delete to happen: a business's
     *     {@code childCount}, a store's {@code linkCount}; null for none
     * @param storesToUncount the keys of the stores this item counted on (those a customer lists in {@code storeIds})
     * @throws WriteConflict when the item changed, the counter was not zero, or a store to uncount is not at that key
     *     any more (renamed or gone)
     */
    public void delete(
            Map<String, AttributeValue> current,
            List<Map<String, AttributeValue>> collectionKeys,
            String businessIdToUncount,
            String counterAtZero,
            List<Map<String, AttributeValue>> storesToUncount) {
        List<TransactWriteItem> actions = new ArrayList<>();
        Map<String, String> names = new HashMap<>(Map.of("#version", Attributes.VERSION));
        Map<String, AttributeValue> values =
                new HashMap<>(Map.of(":version", Values.n(Values.number(current, Attributes.VERSION))));
        String condition = "#version = :version";
        if (counterAtZero != null) {
            condition += " AND (attribute_not_exists(#counter) OR #counter = :zero)";
            names.put("#counter", counterAtZero);
            values.put(":zero", Values.n(0));
        }
        actions.add(TransactWriteItem.builder()
                .delete(Delete.builder()
                        .tableName(table.name())
                        .key(EntityTable.keyOf(current))
                        .conditionExpression(condition)
                        .expressionAttributeNames(names)
                        .expressionAttributeValues(values)
                        .build())
                .build());
        if (businessIdToUncount != null) {
            actions.add(countChild(businessIdToUncount, -1));
        }
        for (Map<String, AttributeValue> store : storesToUncount) {
            actions.add(countLink(store, null, -1));
        }
        for (Map<String, AttributeValue> key : collectionKeys) {
            actions.add(TransactWriteItem.builder()
                    .delete(Delete.builder().tableName(table.name()).key(key).build())
                    .build());
        }
        if (actions.size() == 1) {
            // Nothing else to keep in step (a business): a plain conditional delete costs half a transaction.
            Delete delete = actions.get(0).delete();
            try {
                table.dynamo().deleteItem(request -> request.tableName(delete.tableName())
                        .key(delete.key())
                        .conditionExpression(delete.conditionExpression())
                        .expressionAttributeNames(delete.expressionAttributeNames())
                        .expressionAttributeValues(delete.expressionAttributeValues()));
            } catch (ConditionalCheckFailedException e) {
                throw new WriteConflict(0);
            }
            return;
        }
        transact(actions);
    }

    /**
     * Like {@link #replace} for a customer whose key does not change and whose {@code storeIds} gains or loses one
     * store, counting the change on that store's {@code linkCount} in the same transaction. The store must still be at
     * {@code storeKey} (not renamed or deleted since it was read) and, when {@code businessId} is given, belong to it.
     */
    public void replaceCountingLink(
            Map<String, AttributeValue> current,
            Map<String, AttributeValue> next,
            Map<String, AttributeValue> storeKey,
            String businessId,
            int delta) {
        transact(List.of(
                TransactWriteItem.builder()
                        .update(update(current, next, Values.number(current, Attributes.VERSION)))
                        .build(),
                countLink(storeKey, businessId, delta)));
    }

    private void updateInPlace(Map<String, AttributeValue> current, Map<String, AttributeValue> next, long version) {
        Update update = update(current, next, version);
        try {
            table.dynamo()
                    .updateItem(UpdateItemRequest.builder()
                            .tableName(update.tableName())
                            .key(update.key())
                            .updateExpression(update.updateExpression())
                            .conditionExpression(update.conditionExpression())
                            .expressionAttributeNames(update.expressionAttributeNames())
                            .expressionAttributeValues(update.expressionAttributeValues())
                            .build());
        } catch (ConditionalCheckFailedException e) {
            throw new WriteConflict(0);
        }
    }

    /** SET every attribute of {@code next}, REMOVE those it dropped; counters and keys untouched; version-checked. */
    private Update update(Map<String, AttributeValue> current, Map<String, AttributeValue> next, long version) {
        Map<String, String> names = new LinkedHashMap<>();
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        List<String> sets = new ArrayList<>();
        List<String> removes = new ArrayList<>();
        int i = 0;
        for (Map.Entry<String, AttributeValue> attribute : next.entrySet()) {
            if (KEPT.contains(attribute.getKey())) {
                continue;
            }
            names.put("#a" + i, attribute.getKey());
            values.put(":a" + i, attribute.getValue());
            sets.add("#a" + i + " = :a" + i);
            i++;
        }
        for (String name : current.keySet()) {
            if (!KEPT.contains(name) && !next.containsKey(name)) {
                names.put("#a" + i, name);
                removes.add("#a" + i);
                i++;
            }
        }
        names.put("#expected", Attributes.VERSION);
        values.put(":expected", Values.n(version));
        String expression =
                "SET " + String.join(", ", sets) + (removes.isEmpty() ? "" : " REMOVE " + String.join(", ", removes));
        return Update.builder()
                .tableName(table.name())
                .key(EntityTable.keyOf(current))
                .updateExpression(expression)
                .conditionExpression("#expected = :expected")
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .build();
    }

    private TransactWriteItem countChild(String businessId, int delta) {
        return TransactWriteItem.builder()
                .update(Update.builder()
                        .tableName(table.name())
                        .key(EntityTable.key(businessId, Keys.BUSINESS_TYPE))
                        .updateExpression("ADD #children :delta")
                        .conditionExpression("attribute_exists(#id)")
                        .expressionAttributeNames(Map.of("#children", Attributes.CHILD_COUNT, "#id", Attributes.ID))
                        .expressionAttributeValues(Map.of(":delta", Values.n(delta)))
                        .build())
                .build();
    }

    private TransactWriteItem countLink(Map<String, AttributeValue> storeKey, String businessId, int delta) {
        Map<String, String> names = new HashMap<>(Map.of("#links", Attributes.LINK_COUNT, "#id", Attributes.ID));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":delta", Values.n(delta)));
        String condition = "attribute_exists(#id)";
        if (businessId != null) {
            condition += " AND #b = :b";
            names.put("#b", Attributes.BUSINESS_ID);
            values.put(":b", Values.s(businessId));
        }
        return TransactWriteItem.builder()
                .update(Update.builder()
                        .tableName(table.name())
                        .key(storeKey)
                        .updateExpression("ADD #links :delta")
                        .conditionExpression(condition)
                        .expressionAttributeNames(names)
                        .expressionAttributeValues(values)
                        .build())
                .build();
    }

    private void transact(List<TransactWriteItem> actions) {
        try {
            table.dynamo().transactWriteItems(request -> request.transactItems(actions));
        } catch (TransactionCanceledException e) {
            List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
            for (int i = 0; i < reasons.size(); i++) {
                String code = reasons.get(i).code();
                if ("ConditionalCheckFailed".equals(code)) {
                    throw new WriteConflict(i);
                }
            }
            for (CancellationReason reason : reasons) {
                if ("TransactionConflict".equals(reason.code())) {
                    throw new WriteConflict(-1);
                }
                if ("ValidationError".equals(reason.code())) {
                    throw software.amazon.awssdk.services.dynamodb.model.DynamoDbException.builder()
                            .message(reason.message())
                            .awsErrorDetails(software.amazon.awssdk.awscore.exception.AwsErrorDetails.builder()
                                    .errorCode("ValidationException")
                                    .errorMessage(reason.message())
                                    .build())
                            .build();
                }
            }
            throw e;
        }
    }

    /**
     * A condition did not hold: the item changed, disappeared or (for a create) its parent is missing. {@code
     * action} is the index of the failed action in its transaction, or -1 for a conflict with another transaction.
     */
    public static final class WriteConflict extends RuntimeException {
        private final int action;

        WriteConflict(int action) {
            super("conditional write failed at action " + action, null, false, false);
            this.action = action;
        }

        public int action() {
            return action;
        }
    }
}
