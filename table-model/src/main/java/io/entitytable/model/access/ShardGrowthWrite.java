package io.entitytable.model.access;

import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The write that grows a business's shard count, built once for the two that grow one: the API (an operator's PUT of
 * its capacity) and the fan-out (a business whose measured write rate says {@code ShardGrowth.shouldGrow}). It sets the
 * count attributes alone (no version bump: a change made from an earlier read keeps them, and the fan-out sees no
 * public change), on condition that the business exists, its count is still the one read and it is not being erased,
 * and creates each child counter the new count adds. Two growths from one read cannot both succeed.
 */
public final class ShardGrowthWrite {
    private ShardGrowthWrite() {}

    /** The actions that grow the business {@code current} to {@code next}; the first is the business's. */
    public static List<TransactWriteItem> actions(String table, Map<String, AttributeValue> current, ShardCount next) {
        ShardCount read = ShardCount.of(current);
        Map<String, AttributeValue> count = new HashMap<>();
        next.putOn(count);
        Map<String, String> names = new HashMap<>();
        Map<String, AttributeValue> values = new HashMap<>();
        List<String> sets = new ArrayList<>();
        for (Map.Entry<String, AttributeValue> attribute : count.entrySet()) {
            String name = "#s" + sets.size();
            String value = ":s" + sets.size();
            names.put(name, attribute.getKey());
            values.put(value, attribute.getValue());
            sets.add(name + " = " + value);
        }
        names.put("#id", Attributes.ID);
        names.put("#shards", Attributes.SHARDS);
        names.put("#erasing", Attributes.ERASING);
        String countIsRead;
        if (read.stored()) {
            countIsRead = "#shards = :shards";
            values.put(":shards", Values.n(read.count()));
        } else {
            countIsRead = "attribute_not_exists(#shards)";
        }
        List<TransactWriteItem> actions = new ArrayList<>();
        actions.add(TransactWriteItem.builder()
                .update(Update.builder()
                        .tableName(table)
                        .key(ItemKey.of(current).toAttributes())
                        .updateExpression("SET " + String.join(", ", sets))
                        .conditionExpression("(attribute_exists(#id)) AND (" + countIsRead
                                + ") AND (attribute_not_exists(#erasing))")
                        .expressionAttributeNames(names)
                        .expressionAttributeValues(values)
                        .build())
                .build());
        for (Map<String, AttributeValue> counter :
                ChildCounters.added(Values.string(current, Attributes.ID), read, next)) {
            actions.add(TransactWriteItem.builder()
                    .put(Put.builder()
                            .tableName(table)
                            .item(counter)
                            .conditionExpression("attribute_not_exists(#id)")
                            .expressionAttributeNames(Map.of("#id", Attributes.ID))
                            .build())
                    .build());
        }
        return actions;
    }

    /**
     * Sends the growth: one UpdateItem when it adds no counter, else one transaction.
     *
     * @throws software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException when the lone update's
     *     condition fails
     * @throws software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException when the transaction's does
     */
    public static void write(
            DynamoDbClient dynamo, String table, Map<String, AttributeValue> current, ShardCount next) {
        List<TransactWriteItem> actions = actions(table, current, next);
        if (actions.size() == 1) {
            dynamo.updateItem(ConditionalWrites.asUpdateItem(actions.get(0).update()));
        } else {
            dynamo.transactWriteItems(request -> request.transactItems(actions));
        }
    }
}
