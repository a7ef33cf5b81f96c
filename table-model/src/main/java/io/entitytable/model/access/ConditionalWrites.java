package io.entitytable.model.access;

import io.entitytable.model.ItemKey;
import java.util.Map;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Writes of one item on a condition, given as one {@link Expression} (the condition with its names and values): a
 * whole-item put or a delete, alone (PutItem, DeleteItem) or as an action of a transaction, and a transaction's
 * condition check. Each writer adds what it wants back (the capacity used, the item that refused it).
 */
public final class ConditionalWrites {
    private ConditionalWrites() {}

    /** A PutItem of {@code item} to {@code table} on {@code condition}, for the writer to finish. */
    public static PutItemRequest.Builder putItem(String table, Map<String, AttributeValue> item, Expression condition) {
        return PutItemRequest.builder()
                .tableName(table)
                .item(item)
                .conditionExpression(condition.expression())
                .expressionAttributeNames(condition.expressionNames())
                .expressionAttributeValues(values(condition));
    }

    /** A DeleteItem of the item at {@code key} in {@code table} on {@code condition}, for the writer to finish. */
    public static DeleteItemRequest.Builder deleteItem(String table, ItemKey key, Expression condition) {
        return DeleteItemRequest.builder()
                .tableName(table)
                .key(key.toAttributes())
                .conditionExpression(condition.expression())
                .expressionAttributeNames(condition.expressionNames())
                .expressionAttributeValues(values(condition));
    }

    /** The lone UpdateItem a transaction's update action is: a write of one item needs no transaction. */
    public static UpdateItemRequest asUpdateItem(Update update) {
        return UpdateItemRequest.builder()
                .tableName(update.tableName())
                .key(update.key())
                .updateExpression(update.updateExpression())
                .conditionExpression(update.conditionExpression())
                .expressionAttributeNames(update.expressionAttributeNames())
                .expressionAttributeValues(update.expressionAttributeValues())
                .build();
    }

    /** The lone DeleteItem a transaction's delete action is. */
    public static DeleteItemRequest asDeleteItem(Delete delete) {
        return DeleteItemRequest.builder()
                .tableName(delete.tableName())
                .key(delete.key())
                .conditionExpression(delete.conditionExpression())
                .expressionAttributeNames(delete.expressionAttributeNames())
                .expressionAttributeValues(delete.expressionAttributeValues())
                .build();
    }

    /** A transaction's put of {@code item} to {@code table} on {@code condition}. */
    public static TransactWriteItem put(String table, Map<String, AttributeValue> item, Expression condition) {
        return TransactWriteItem.builder()
                .put(Put.builder()
                        .tableName(table)
                        .item(item)
                        .conditionExpression(condition.expression())
                        .expressionAttributeNames(condition.expressionNames())
                        .expressionAttributeValues(values(condition))
                        .build())
                .build();
    }

    /** A transaction's delete of the item at {@code key} in {@code table} on {@code condition}. */
    public static TransactWriteItem delete(String table, ItemKey key, Expression condition) {
        return TransactWriteItem.builder()
                .delete(Delete.builder()
                        .tableName(table)
                        .key(key.toAttributes())
                        .conditionExpression(condition.expression())
                        .expressionAttributeNames(condition.expressionNames())
                        .expressionAttributeValues(values(condition))
                        .build())
                .build();
    }

    /** A transaction's check that the item at {@code key} in {@code table} meets {@code condition}. */
    public static ConditionCheck conditionCheck(String table, ItemKey key, Expression condition) {
        return ConditionCheck.builder()
                .tableName(table)
                .key(key.toAttributes())
                .conditionExpression(condition.expression())
                .expressionAttributeNames(condition.expressionNames())
                .expressionAttributeValues(values(condition))
                .build();
    }

    /** DynamoDB refuses an empty map of values; a condition without values (attribute_exists) sends none. */
    private static Map<String, AttributeValue> values(Expression condition) {
        Map<String, AttributeValue> values = condition.expressionValues();
        return values == null || values.isEmpty() ? null : values;
    }
}
