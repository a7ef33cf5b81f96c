package io.entitytable.fanout;

import io.entitytable.model.ItemKey;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** TEST ONLY: stream records built from before/after images, as DynamoDB Streams would deliver them. */
final class Records {
    private static final AtomicLong SEQUENCE = new AtomicLong(900_000_000L);

    private Records() {}

    static Record insert(Map<String, AttributeValue> item) {
        return record(OperationType.INSERT, null, item);
    }

    static Record modify(Map<String, AttributeValue> old, Map<String, AttributeValue> item) {
        return record(OperationType.MODIFY, old, item);
    }

    static Record remove(Map<String, AttributeValue> old) {
        return record(OperationType.REMOVE, old, null);
    }

    private static Record record(
            OperationType operation, Map<String, AttributeValue> old, Map<String, AttributeValue> next) {
        StreamRecord.Builder stream = StreamRecord.builder()
                .keys(ItemKey.of(next != null ? next : old).toAttributes())
                .sequenceNumber(Long.toString(SEQUENCE.incrementAndGet()))
                .approximateCreationDateTime(Instant.now())
                .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES);
        if (old != null) {
            stream.oldImage(old);
        }
        if (next != null) {
            stream.newImage(next);
        }
        return Record.builder().eventName(operation).dynamodb(stream.build()).build();
    }
}
