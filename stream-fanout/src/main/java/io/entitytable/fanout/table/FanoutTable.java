package io.entitytable.fanout.table;

import io.entitytable.model.access.Backoff;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The table the fan-out reads and writes, with the back-off every call goes through and the counters every call
 * reports to: what {@link TableReader} and {@link CopyWriter} share.
 */
public record FanoutTable(DynamoDbClient dynamo, String tableName, Backoff backoff, FanoutStats stats) {}
