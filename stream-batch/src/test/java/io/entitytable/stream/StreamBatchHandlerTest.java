package io.entitytable.stream;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse.BatchItemFailure;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;

class StreamBatchHandlerTest {
    private static DynamodbStreamRecord record(String sequenceNumber, String id) {
        DynamodbStreamRecord record = new DynamodbStreamRecord();
        record.setEventName("MODIFY");
        record.setDynamodb(new StreamRecord()
                .withSequenceNumber(sequenceNumber)
                .withApproximateCreationDateTime(new Date(1_700_000_000_000L))
                .withKeys(Map.of("id", new AttributeValue().withS(id), "type", new AttributeValue().withS("store"))));
        return record;
    }

    private static DynamodbEvent event(DynamodbStreamRecord... records) {
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(List.of(records));
        return event;
    }

    @Test
    void handleRequest_shouldHandTheBatchOnAsSdkRecordsInOrder_andAnswerWithItsAnswer() {
        // GIVEN a batch that fails from its second record
        List<Record> seen = new ArrayList<>();
        StreamBatchHandler handler = new StreamBatchHandler(records -> {
            seen.addAll(records);
            return BatchAnswers.againFrom(records, 1);
        }) {};

        // WHEN
        StreamsEventResponse answer = handler.handleRequest(event(record("100", "a"), record("200", "b")), null);

        // THEN
        assertThat(seen)
                .extracting(record -> record.dynamodb().sequenceNumber())
                .containsExactly("100", "200");
        assertThat(seen).extracting(Record::eventName).containsOnly(OperationType.MODIFY);
        assertThat(seen.get(1).dynamodb().keys().get("id").s()).isEqualTo("b");
        assertThat(answer.getBatchItemFailures())
                .extracting(BatchItemFailure::getItemIdentifier)
                .containsExactly("200");
    }

    @Test
    void allDone_shouldReportNoRecord() {
        assertThat(BatchAnswers.allDone().getBatchItemFailures()).isEmpty();
    }
}
