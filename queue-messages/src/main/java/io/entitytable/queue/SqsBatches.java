package io.entitytable.queue;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;

/**
 * One SQS queue that the fan-out or the search indexer sends to (the refresh queue, the indexer's dead-letter queue),
 * in batches of ten (SQS's limit). A batch entry SQS refuses fails the call, so the record or message that sent it is
 * retried: a message sent twice is harmless to both queues' readers.
 *
 * @param description the queue as an error names it ({@code refresh queue})
 */
public record SqsBatches(SqsClient sqs, String queueUrl, String description) {
    public static final int MAX_BATCH = 10;

    public void sendAll(List<String> bodies) {
        for (int start = 0; start < bodies.size(); start += MAX_BATCH) {
            List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
            for (int i = start; i < Math.min(bodies.size(), start + MAX_BATCH); i++) {
                entries.add(SendMessageBatchRequestEntry.builder()
                        .id(Integer.toString(i))
                        .messageBody(bodies.get(i))
                        .build());
            }
            SendMessageBatchResponse response =
                    sqs.sendMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
            if (response.hasFailed() && !response.failed().isEmpty()) {
                throw new IllegalStateException("the " + description + " refused " + response.failed());
            }
        }
    }
}
