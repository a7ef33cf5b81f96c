package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.streams.SequenceNumbers;
import io.entitytable.local.engine.streams.Stream;
import io.entitytable.local.engine.tables.ShardInfo;
import io.entitytable.local.engine.tables.StreamInfo;
import io.entitytable.local.engine.tables.TableDescriptions;

/**
 * DescribeStream: a stream and its shards, oldest first: closed ones with their ending sequence number, a child with
 * its parent's id.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_DescribeStream.html">
 *     DescribeStream</a>
 */
record DescribeStream(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        database.trimStreams();
        database.rollShards();
        String arn = Requests.required(request, "StreamArn", "streamArn");
        Stream stream = database.streams().get(arn);
        if (stream == null) {
            throw StreamErrors.streamNotFound(arn);
        }
        StreamInfo info = stream.info();
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ObjectNode description = answer.putObject("StreamDescription");
        description.put("StreamArn", info.arn());
        description.put("StreamLabel", info.label());
        description.put("StreamStatus", info.enabled() ? "ENABLED" : "DISABLED");
        description.put("StreamViewType", info.viewType());
        description.put("CreationRequestDateTime", TableDescriptions.seconds(info.createdMillis()));
        description.put("TableName", stream.tableName());
        description.set("KeySchema", TableDescriptions.keySchema(stream.key()));
        ArrayNode shards = description.putArray("Shards");
        String startShard = Requests.string(request, "ExclusiveStartShardId");
        boolean listing = startShard == null || info.shard(startShard) == null;
        for (ShardInfo shardInfo : info.shards()) {
            if (!listing) {
                listing = shardInfo.shardId().equals(startShard);
                continue;
            }
            ObjectNode shard = shards.addObject();
            shard.put("ShardId", shardInfo.shardId());
            if (shardInfo.parentShardId() != null) {
                shard.put("ParentShardId", shardInfo.parentShardId());
            }
            ObjectNode range = shard.putObject("SequenceNumberRange");
            range.put("StartingSequenceNumber", SequenceNumbers.print(shardInfo.startingSequenceNumber()));
            if (!shardInfo.open()) {
                range.put(
                        "EndingSequenceNumber",
                        SequenceNumbers.print(
                                Math.max(shardInfo.endingSequenceNumber(), shardInfo.startingSequenceNumber())));
            }
        }
        return answer;
    }
}
