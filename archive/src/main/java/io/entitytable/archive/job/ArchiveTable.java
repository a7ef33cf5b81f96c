package io.entitytable.archive.job;

import io.entitytable.model.ItemKey;
import io.entitytable.model.TableLayout;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.PartitionQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The table the archive job and the fan-out's archive schedules read and write, with the back-off every call goes
 * through (the fan-out's, or the job's own where it runs on a schedule).
 */
public record ArchiveTable(DynamoDbClient dynamo, String tableName, Backoff backoff) {

    /**
     * A page of gsi1's partition {@code partition} with sort keys from {@code from} to {@code to} (inclusive), in
     * ascending order: where the job finds due schedules and due orders. One Query.
     *
     * @param start where the page starts (the last page's LastEvaluatedKey), or null for the first
     */
    public QueryResponse gsi1Between(
            String partition, String from, String to, Map<String, AttributeValue> start, int limit) {
        QueryRequest request =
                PartitionQuery.sortBetween(TableLayout.GSI1, partition, from, to).toRequest(tableName).toBuilder()
                        .exclusiveStartKey(start)
                        .limit(limit)
                        .build();
        return backoff.call(() -> dynamo.query(request));
    }

    /** Every item of the table's partition {@code id}, read strongly consistently: an order with its lines. */
    public List<Map<String, AttributeValue>> consistentPartition(String id) {
        QueryRequest first = PartitionQuery.partition(null, id).consistentRead().toRequest(tableName);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryRequest request = first.toBuilder().exclusiveStartKey(start).build();
            QueryResponse page = backoff.call(() -> dynamo.query(request));
            items.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return items;
    }

    /** The item at {@code key}, read strongly consistently; empty when there is none. */
    public Optional<Map<String, AttributeValue>> consistentGet(ItemKey key) {
        var response = backoff.call(() -> dynamo.getItem(
                request -> request.tableName(tableName).key(key.toAttributes()).consistentRead(true)));
        return response.hasItem() && !response.item().isEmpty() ? Optional.of(response.item()) : Optional.empty();
    }

    /**
     * Updates the item at {@code key} with {@code update} on condition {@code condition}: one UpdateItem. False when the
     * condition did not hold (nothing written).
     */
    public boolean updateIf(
            ItemKey key,
            String update,
            String condition,
            Map<String, String> names,
            Map<String, AttributeValue> values) {
        try {
            backoff.call(() -> dynamo.updateItem(request -> request.tableName(tableName)
                    .key(key.toAttributes())
                    .updateExpression(update)
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values)));
            return true;
        } catch (ConditionalCheckFailedException notAsExpected) {
            return false;
        }
    }
}
