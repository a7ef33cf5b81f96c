package io.entitytable.search.indexer;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** Stream records as the SDK transformer hands them to the indexer, with rising sequence numbers. */
public final class StreamRecords {
    private static final AtomicLong SEQUENCE = new AtomicLong(100_000_000_000L);

    private StreamRecords() {}

    static Record insert(CoreItem item) {
        return record(OperationType.INSERT, null, item.toItem());
    }

    static Record modify(CoreItem before, CoreItem after) {
        return record(OperationType.MODIFY, before.toItem(), after.toItem());
    }

    static Record remove(CoreItem last) {
        return record(OperationType.REMOVE, last.toItem(), null);
    }

    public static Record record(
            OperationType operation, Map<String, AttributeValue> oldImage, Map<String, AttributeValue> newImage) {
        Map<String, AttributeValue> image = newImage != null ? newImage : oldImage;
        StreamRecord.Builder change = StreamRecord.builder()
                .sequenceNumber(Long.toString(SEQUENCE.incrementAndGet()))
                .approximateCreationDateTime(Instant.now())
                .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)
                .keys(Map.of(Attributes.ID, image.get(Attributes.ID), Attributes.TYPE, image.get(Attributes.TYPE)));
        if (oldImage != null) {
            change.oldImage(oldImage);
        }
        if (newImage != null) {
            change.newImage(newImage);
        }
        return Record.builder()
                .eventName(operation)
                .eventSource("aws:dynamodb")
                .dynamodb(change.build())
                .build();
    }
}
