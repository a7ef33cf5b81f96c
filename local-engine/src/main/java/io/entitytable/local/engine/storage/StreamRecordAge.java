package io.entitytable.local.engine.storage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * When a stream record was written, from its {@code dynamodb.ApproximateCreationDateTime} (epoch seconds), to drop
 * those past the stream's retention.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_StreamRecord.html">
 *     StreamRecord</a>
 */
final class StreamRecordAge {
    private StreamRecordAge() {}

    /** Whether {@code record} was written before {@code epochMillis}; a record without a time is kept. */
    static boolean olderThan(ObjectNode record, long epochMillis) {
        JsonNode created = record.path("dynamodb").path("ApproximateCreationDateTime");
        return created.isNumber() && created.asDouble() * 1000 < epochMillis;
    }
}
