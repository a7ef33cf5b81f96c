package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.streams.ShardIterator;
import io.entitytable.local.engine.streams.Stream;
import io.entitytable.local.engine.streams.StreamRecord;
import io.entitytable.local.engine.tables.ShardInfo;

/**
 * GetRecords: up to {@code Limit} (1,000) records of the iterator's shard from its position, and the iterator after
 * them; none once a closed shard was read to its end (its child shard continues).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_GetRecords.html">
 *     GetRecords</a>
 */
record GetRecords(Database database) implements Operation {
    private static boolean hasRecordUpTo(Stream stream, long from, long end) {
        for (StreamRecord record : stream.from(from).values()) {
            return record.sequenceNumber() <= end;
        }
        return false;
    }

    @Override
    public ObjectNode call(ObjectNode request) {
        database.trimStreams();
        String text = Requests.required(request, "ShardIterator", "shardIterator");
        int limit = Requests.limit(request, 1000);
        ShardIterator iterator = ShardIterator.decode(text);
        long now = database.now();
        if (now - iterator.issuedMillis() > ShardIterator.LIFETIME_MILLIS) {
            throw StreamErrors.expired(iterator.issuedMillis(), now);
        }
        Stream stream = database.streams().get(iterator.streamArn());
        if (stream == null) {
            throw StreamErrors.streamNotFound(iterator.streamArn());
        }
        ShardInfo shard = stream.info().shard(iterator.shardId());
        if (shard == null) {
            throw StreamErrors.shardNotFound(iterator.shardId());
        }
        if (iterator.position() < stream.trimHorizon()) {
            throw StreamErrors.trimmed();
        }
        boolean closed = !shard.open();
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ArrayNode records = answer.putArray("Records");
        long next = iterator.position();
        for (StreamRecord record : stream.from(iterator.position()).values()) {
            if (records.size() == limit || (closed && record.sequenceNumber() > shard.endingSequenceNumber())) {
                break;
            }
            records.add(record.json());
            next = record.sequenceNumber() + 1;
        }
        boolean exhausted = closed && !hasRecordUpTo(stream, next, shard.endingSequenceNumber());
        if (!exhausted) {
            answer.put(
                    "NextShardIterator",
                    new ShardIterator(iterator.streamArn(), iterator.shardId(), next, now).encode());
        }
        return answer;
    }
}
