package io.entitytable.fanout;

import io.entitytable.model.Attributes;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.Values;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The only code that writes duplicate items. Every put and delete is conditional on the copy's {@code sourceVersion}
 * (see {@link CopyCondition}); a refused condition is counted as stale and returns normally.
 */
final class CopyWriter {
    private static final String SOURCE_VERSION = "#sv";
    private static final String VERSION = ":v";

    private final DynamoDbClient dynamo;
    private final String tableName;
    private final Backoff backoff;
    private final FanoutStats stats;

    CopyWriter(DynamoDbClient dynamo, String tableName, Backoff backoff, FanoutStats stats) {
        this.dynamo = dynamo;
        this.tableName = tableName;
        this.backoff = backoff;
        this.stats = stats;
    }

    /** Puts {@code copy} (built by {@link RelationshipCatalogue#copyItem}) if its condition holds. */
    boolean put(Map<String, AttributeValue> copy, CopyCondition condition) {
        if (condition == CopyCondition.NOT_NEWER || condition == CopyCondition.ANY) {
            throw new IllegalArgumentException("not a put condition: " + condition);
        }
        // Defence in depth: copyItem never copies index attributes; a leak here would corrupt every index.
        for (String index : RelationshipCatalogue.INDEX_ATTRIBUTES) {
            if (copy.containsKey(index)) {
                throw new IllegalStateException("duplicate carries index attribute " + index);
            }
        }
        PutItemRequest request = PutItemRequest.builder()
                .tableName(tableName)
                .item(copy)
                .conditionExpression(condition.expression())
                .expressionAttributeNames(Map.of(SOURCE_VERSION, Attributes.SOURCE_VERSION))
                .expressionAttributeValues(Map.of(VERSION, copy.get(Attributes.SOURCE_VERSION)))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
        try {
            PutItemResponse response = backoff.call(() -> dynamo.putItem(request));
            stats.put(response.consumedCapacity());
            return true;
        } catch (ConditionalCheckFailedException stale) {
            stats.stale(null);
            return false;
        }
    }

    /** Deletes the copy at {@code key} if its {@code sourceVersion} satisfies {@code condition} against {@code version}. */
    boolean delete(CopyKey key, CopyCondition condition, long version) {
        DeleteItemRequest.Builder request = DeleteItemRequest.builder()
                .tableName(tableName)
                .key(key.asKey())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
        if (condition == CopyCondition.NOT_NEWER) {
            Map<String, String> names = new HashMap<>();
            names.put(SOURCE_VERSION, Attributes.SOURCE_VERSION);
            request.conditionExpression(condition.expression())
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(Map.of(VERSION, Values.n(version)));
        } else if (condition != CopyCondition.ANY) {
            throw new IllegalArgumentException("not a delete condition: " + condition);
        }
        DeleteItemRequest built = request.build();
        try {
            DeleteItemResponse response = backoff.call(() -> dynamo.deleteItem(built));
            stats.delete(response.consumedCapacity());
            return true;
        } catch (ConditionalCheckFailedException stale) {
            stats.stale(null);
            return false;
        }
    }
}
