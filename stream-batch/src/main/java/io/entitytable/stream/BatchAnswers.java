package io.entitytable.stream;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse.BatchItemFailure;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The answers of a stream batch under {@code ReportBatchItemFailures}: Lambda takes the records before the reported one
 * as done and delivers the batch again from it, so a function reports the first record (by batch position) that it
 * did not finish, and nothing when it finished them all.
 */
public final class BatchAnswers {
    private BatchAnswers() {}

    /** Every record of the batch is done. */
    public static StreamsEventResponse allDone() {
        return new StreamsEventResponse(List.of());
    }

    /** The records before {@code position} are done; the batch is delivered again from the record there. */
    public static StreamsEventResponse againFrom(List<Record> records, int position) {
        return new StreamsEventResponse(
                List.of(new BatchItemFailure(records.get(position).dynamodb().sequenceNumber())));
    }
}
