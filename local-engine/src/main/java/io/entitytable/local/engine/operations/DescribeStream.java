package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.streams.SequenceNumbers;
import io.entitytable.local.engine.streams.Stream;
import io.entitytable.local.engine.tables.StreamInfo;
import io.entitytable.local.engine.tables.TableDescriptions;

/**
 * DescribeStream: a stream and its one shard (closed, with an ending sequence number, once the stream is disabled).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_DescribeStream.html">
 *     DescribeStream</a>
 */
final class DescribeStream implements Operation {
    private final Database database;

    DescribeStream(Database database) {
        this.database = database;
    }

    @Override
    public ObjectNode call(ObjectNode request) {
        database.trimStreams();
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
        if (startShard == null || !startShard.equals(info.shardId())) {
            ObjectNode shard = shards.addObject();
            shard.put("ShardId", info.shardId());
            ObjectNode range = shard.putObject("SequenceNumberRange");
            range.put("StartingSequenceNumber", SequenceNumbers.print(info.startingSequenceNumber()));
            if (!info.enabled()) {
                range.put(
                        "EndingSequenceNumber",
                        SequenceNumbers.print(Math.max(info.endingSequenceNumber(), info.startingSequenceNumber())));
            }
        }
        return answer;
    }
}
