package io.entitytable.faultrun;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** How many shards a table's stream has had: the first, and one more each time the open shard rolled over. */
final class StreamShards {
    private StreamShards() {}

    static long count(LocalDynamoDb dynamoDb, String table) {
        try (DynamoDbClient dynamo = dynamoDb.client();
                DynamoDbStreamsClient streams = dynamoDb.streamsClient()) {
            String arn = dynamo.describeTable(request -> request.tableName(table))
                    .table()
                    .latestStreamArn();
            return io.entitytable.model.access.StreamShards.of(streams, arn).size();
        }
    }
}
