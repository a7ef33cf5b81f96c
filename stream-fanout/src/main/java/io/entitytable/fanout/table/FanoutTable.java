package io.entitytable.fanout.table;

import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.model.ItemKey;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.ConditionalUpdate;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The table the fan-out reads and writes, with the back-off every call goes through, the counters every call reports to
 * and the metrics of every copy: what {@link TableReader}, {@link CopyWriter} and the jobs share.
 */
public record FanoutTable(
        DynamoDbClient dynamo, String tableName, Backoff backoff, FanoutStats stats, CopyMetrics copies) {

    /** A table whose copies count in no metrics. */
    public FanoutTable(DynamoDbClient dynamo, String tableName, Backoff backoff, FanoutStats stats) {
        this(dynamo, tableName, backoff, stats, new CopyMetrics(MetricsRecorder.none(), Clock.systemUTC()));
    }

    /** The item at {@code key}, read strongly consistently and counted as a read; empty when there is none. */
    public Optional<Map<String, AttributeValue>> consistentGet(ItemKey key) {
        GetItemRequest request = GetItemRequest.builder()
                .tableName(tableName)
                .key(key.toAttributes())
                .consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
        GetItemResponse response = backoff.call(() -> dynamo.getItem(request));
        stats.add(FanoutStats.Count.READS, response.consumedCapacity());
        return response.hasItem() && !response.item().isEmpty() ? Optional.of(response.item()) : Optional.empty();
    }

    /**
     * A conditional update of a job's item, counted as a job write: the item as it is after the update with {@code
     * returnNew}, else nothing. A failed condition is a {@code ConditionalCheckFailedException}.
     */
    public Map<String, AttributeValue> updateJob(ConditionalUpdate update, boolean returnNew) {
        UpdateItemRequest request = update.request(tableName)
                .returnValues(returnNew ? ReturnValue.ALL_NEW : ReturnValue.NONE)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
        UpdateItemResponse response = backoff.call(() -> dynamo.updateItem(request));
        stats.add(FanoutStats.Count.JOB_WRITES, response.consumedCapacity());
        return response.attributes();
    }
}
