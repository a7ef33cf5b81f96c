package io.entitytable.stream;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.Record;

/** The work of a DynamoDB Streams function on one batch: plain Java over SDK records, which tests call directly. */
@FunctionalInterface
public interface StreamBatch {
    /** Applies the batch's records in order; the answer names the first record to deliver again, if any. */
    StreamsEventResponse process(List<Record> records);
}
