package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.streams.ShardIterator;
import io.entitytable.local.engine.streams.Stream;
import io.entitytable.local.engine.streams.StreamRecord;

/**
 * GetRecords: up to {@code Limit} (1,000) records from an iterator's position, and the iterator after them; none once
 * a closed shard was read to its end.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_GetRecords.html">
 *     GetRecords</a>
 */
final class GetRecords implements Operation {
    private final Database database;

    GetRecords(Database database) {
        this.database = database;
    }

    @Override
    public ObjectNode call(ObjectNode request) {
        database.trimStreams();
        String text = Requests.required(request, "ShardIterator", "shardIterator");
        int limit = Requests.positiveInt(request, "Limit", "limit", 1);
        if (limit > 1000) {
            throw Requests.constraint(limit, "limit", "Member must have value less than or equal to 1000");
        }
        if (limit < 0) {
            limit = 1000;
        }
        ShardIterator iterator = ShardIterator.decode(text);
        long now = database.now();
        if (now - iterator.issuedMillis() > ShardIterator.LIFETIME_MILLIS) {
            throw StreamErrors.expired(iterator.issuedMillis(), now);
        }
        Stream stream = database.streams().get(iterator.streamArn());
        if (stream == null) {
            throw StreamErrors.streamNotFound(iterator.streamArn());
        }
        if (!stream.info().shardId().equals(iterator.shardId())) {
            throw StreamErrors.shardNotFound(iterator.shardId());
        }
        if (iterator.position() < stream.trimHorizon()) {
            throw StreamErrors.trimmed();
        }
        boolean closed = !stream.open();
        ObjectNode answer = JsonNodeFactory.instance.objectNode();
        ArrayNode records = answer.putArray("Records");
        long next = iterator.position();
        for (StreamRecord record : stream.from(iterator.position()).values()) {
            if (records.size() == limit) {
                break;
            }
            records.add(record.json());
            next = record.sequenceNumber() + 1;
        }
        boolean exhausted = closed && stream.from(next).isEmpty();
        if (!exhausted) {
            answer.put(
                    "NextShardIterator",
                    new ShardIterator(iterator.streamArn(), iterator.shardId(), next, now).encode());
        }
        return answer;
    }
}
