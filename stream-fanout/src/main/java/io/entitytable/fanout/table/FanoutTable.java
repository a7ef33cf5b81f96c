package io.entitytable.fanout.table;

import io.entitytable.model.access.Backoff;
import java.time.Clock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The table the fan-out reads and writes, with the back-off every call goes through, the counters every call reports to
 * and what became of each copy: what {@link TableReader} and {@link CopyWriter} share.
 */
public record FanoutTable(
        DynamoDbClient dynamo, String tableName, Backoff backoff, FanoutStats stats, CopyOutcomes copies) {

    public FanoutTable(DynamoDbClient dynamo, String tableName, Backoff backoff, FanoutStats stats) {
        this(dynamo, tableName, backoff, stats, new CopyOutcomes(Clock.systemUTC()));
    }
}
