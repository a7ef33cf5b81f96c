package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.streams.SequenceNumbers;
import io.entitytable.local.engine.streams.ShardIterator;
import io.entitytable.local.engine.streams.Stream;
import io.entitytable.local.engine.tables.ShardInfo;
import java.util.Set;

/**
 * GetShardIterator: a position in a shard, at its trim horizon, after its latest record, or at or after a sequence
 * number.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_GetShardIterator.html">
 *     GetShardIterator</a>
 */
final class GetShardIterator implements Operation {
    private static final Set<String> TYPES =
            Set.of("TRIM_HORIZON", "LATEST", "AT_SEQUENCE_NUMBER", "AFTER_SEQUENCE_NUMBER");

    private final Database database;

    GetShardIterator(Database database) {
        this.database = database;
    }

    @Override
    public ObjectNode call(ObjectNode request) {
        database.trimStreams();
        database.rollShards();
        String arn = Requests.required(request, "StreamArn", "streamArn");
        String shardId = Requests.required(request, "ShardId", "shardId");
        String type = Requests.oneOf(request, "ShardIteratorType", "shardIteratorType", TYPES, null);
        if (type == null) {
            throw Requests.missing("shardIteratorType");
        }
        Stream stream = database.streams().get(arn);
        if (stream == null) {
            throw StreamErrors.streamNotFound(arn);
        }
        ShardInfo shard = stream.info().shard(shardId);
        if (shard == null) {
            throw StreamErrors.shardNotFound(shardId);
        }
        String sequenceText = Requests.string(request, "SequenceNumber");
        long position;
        switch (type) {
            case "TRIM_HORIZON" -> position = Math.max(stream.trimHorizon(), shard.startingSequenceNumber());
            case "LATEST" -> {
                if (!shard.open()) {
                    position = shard.endingSequenceNumber() + 1;
                } else {
                    Long last = stream.lastSequenceNumber();
                    position = last == null ? Math.max(stream.trimHorizon(), latestStart(stream)) : last + 1;
                    position = Math.max(position, shard.startingSequenceNumber());
                }
            }
            default -> {
                if (sequenceText == null) {
                    throw ApiException.validation(
                            "Must specify a SequenceNumber with the " + type + " ShardIteratorType");
                }
                long sequenceNumber = SequenceNumbers.parse(sequenceText);
                if (!shard.holds(sequenceNumber)) {
                    throw ApiException.validation("Invalid SequenceNumber for ShardIteratorType " + type
                            + ": the sequence number is not in the shard " + shardId);
                }
                position = type.equals("AT_SEQUENCE_NUMBER") ? sequenceNumber : sequenceNumber + 1;
                if (position < stream.trimHorizon()) {
                    throw StreamErrors.trimmed();
                }
            }
        }
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        answer.put("ShardIterator", new ShardIterator(arn, shardId, position, database.now()).encode());
        return answer;
    }

    /** Where LATEST points in a shard that holds no record: after every number given so far (or its end). */
    private long latestStart(Stream stream) {
        long end = stream.info().endingSequenceNumber();
        return end >= 0 ? end + 1 : database.exclusively(() -> database.lastSequenceNumber() + 1);
    }
}
