package io.entitytable.model.access;

import io.entitytable.model.ItemKey;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * One UpdateItem of one item on a condition: its key, the update and the condition, and the names and values both
 * use. Each writer adds what it wants back (the item after the update, the item that refused it, the capacity used).
 */
public record ConditionalUpdate(
        ItemKey key, String update, String condition, Map<String, String> names, Map<String, AttributeValue> values) {

    /** The request of this update to {@code table}, for the writer to finish. */
    public UpdateItemRequest.Builder request(String table) {
        return UpdateItemRequest.builder()
                .tableName(table)
                .key(key.toAttributes())
                .updateExpression(update)
                .conditionExpression(condition)
                .expressionAttributeNames(names)
                .expressionAttributeValues(values);
    }
}
