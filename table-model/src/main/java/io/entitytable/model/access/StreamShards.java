package io.entitytable.model.access;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** Every shard a stream has now, open and closed, read page by page (DescribeStream returns at most 100 a call). */
public final class StreamShards {
    private StreamShards() {}

    public static List<Shard> of(DynamoDbStreamsClient streams, String streamArn) {
        List<Shard> shards = new ArrayList<>();
        String after = null;
        do {
            String from = after;
            StreamDescription page = streams.describeStream(
                            request -> request.streamArn(streamArn).exclusiveStartShardId(from))
                    .streamDescription();
            shards.addAll(page.shards());
            after = page.lastEvaluatedShardId();
        } while (after != null);
        return shards;
    }
}
