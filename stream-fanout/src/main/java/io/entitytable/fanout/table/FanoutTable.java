package io.entitytable.fanout.table;

import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.model.access.Backoff;
import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The table the fan-out reads and writes, with the back-off every call goes through, the counters every call reports to
 * and the metrics of every copy: what {@link TableReader} and {@link CopyWriter} share.
 */
public record FanoutTable(
        DynamoDbClient dynamo, String tableName, Backoff backoff, FanoutStats stats, CopyMetrics copies) {

    /** A table whose copies count in no metrics. */
    public FanoutTable(DynamoDbClient dynamo, String tableName, Backoff backoff, FanoutStats stats) {
        this(dynamo, tableName, backoff, stats, new CopyMetrics(MetricsRecorder.none(), Clock.systemUTC()));
    }
}
