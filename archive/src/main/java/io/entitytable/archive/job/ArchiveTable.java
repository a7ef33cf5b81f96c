package io.entitytable.archive.job;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.access.Backoff;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The table the archive job and the fan-out's archive schedules read and write, with the back-off every call goes
 * through (the fan-out's, or the job's own where it runs on a schedule).
 */
public record ArchiveTable(DynamoDbClient dynamo, String tableName, Backoff backoff) {

    /**
     * A page of gsi1's partition {@code partition} up to the sort key {@code upTo} (inclusive), in ascending order:
     * where the job finds due schedules and due orders. One Query.
     *
     * @param start where the page starts (the last page's LastEvaluatedKey), or null for the first
     */
    public QueryResponse gsi1UpTo(String partition, String upTo, Map<String, AttributeValue> start, int limit) {
        return backoff.call(() -> dynamo.query(request -> request.tableName(tableName)
                .indexName(TableLayout.GSI1)
                .keyConditionExpression("#pk = :pk AND #sk <= :to")
                .expressionAttributeNames(Map.of("#pk", Attributes.GSI1_PK, "#sk", Attributes.GSI1_SK))
                .expressionAttributeValues(Map.of(":pk", Values.s(partition), ":to", Values.s(upTo)))
                .exclusiveStartKey(start)
                .limit(limit)));
    }

    /** The item at {@code key}, read strongly consistently; empty when there is none. */
    public Optional<Map<String, AttributeValue>> consistentGet(ItemKey key) {
        var response = backoff.call(() -> dynamo.getItem(
                request -> request.tableName(tableName).key(key.toAttributes()).consistentRead(true)));
        return response.hasItem() && !response.item().isEmpty() ? Optional.of(response.item()) : Optional.empty();
    }
}
