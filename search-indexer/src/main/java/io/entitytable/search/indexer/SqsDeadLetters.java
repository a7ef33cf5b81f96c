package io.entitytable.search.indexer;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;

/** The dead-letter queue on Amazon SQS, sent to in batches of ten (SQS's limit). */
final class SqsDeadLetters implements DeadLetters {
    private static final int SQS_BATCH = 10;

    private final SqsClient sqs;
    private final String queueUrl;

    SqsDeadLetters(SqsClient sqs, String queueUrl) {
        this.sqs = sqs;
        this.queueUrl = queueUrl;
    }

    @Override
    public void sendAll(List<DeadLetter> letters) {
        for (int start = 0; start < letters.size(); start += SQS_BATCH) {
            List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
            for (int i = start; i < Math.min(letters.size(), start + SQS_BATCH); i++) {
                entries.add(SendMessageBatchRequestEntry.builder()
                        .id(Integer.toString(i))
                        .messageBody(letters.get(i).toJson())
                        .build());
            }
            SendMessageBatchResponse response =
                    sqs.sendMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
            if (response.hasFailed() && !response.failed().isEmpty()) {
                throw new IllegalStateException("the dead-letter queue refused " + response.failed());
            }
        }
    }
}
