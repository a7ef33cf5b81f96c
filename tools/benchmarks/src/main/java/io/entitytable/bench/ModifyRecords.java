package io.entitytable.bench;

import io.entitytable.model.ItemKey;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;

/** The stream record of a core item's change, as the benchmarks hand it to the fan-out in this JVM. */
final class ModifyRecords {
    private static final AtomicLong SEQUENCE = new AtomicLong(1_000_000_000L);

    private ModifyRecords() {}

    /** A MODIFY from {@code old} to {@code next}, with the next sequence number of this JVM. */
    static Record of(Map<String, AttributeValue> old, Map<String, AttributeValue> next) {
        return Record.builder()
                .eventName(OperationType.MODIFY)
                .dynamodb(StreamRecord.builder()
                        .keys(ItemKey.of(next).toAttributes())
                        .oldImage(old)
                        .newImage(next)
                        .sequenceNumber(Long.toString(SEQUENCE.incrementAndGet()))
                        .approximateCreationDateTime(Instant.now())
                        .streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)
                        .build())
                .build();
    }
}
