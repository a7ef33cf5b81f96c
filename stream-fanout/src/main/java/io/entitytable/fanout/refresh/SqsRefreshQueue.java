package io.entitytable.fanout.refresh;

import io.entitytable.deployment.EnvironmentVariables;
import io.entitytable.model.RefreshMessage;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;

/**
 * The refresh queue on Amazon SQS, sent to in batches of ten (SQS's limit). A batch entry SQS refuses fails the call,
 * so the record or message that sent it is retried: a message sent twice is harmless (see {@link RefreshWorker}).
 */
final class SqsRefreshQueue implements RefreshQueue {
    private static final int SQS_BATCH = 10;

    private final SqsClient sqs;
    private final String queueUrl;

    SqsRefreshQueue(SqsClient sqs, String queueUrl) {
        this.sqs = sqs;
        this.queueUrl = queueUrl;
    }

    /**
     * The queue of {@code REFRESH_QUEUE_URL}, or {@link RefreshQueue#none()} without one. The client takes its endpoint
     * from the SDK's own settings ({@code AWS_ENDPOINT_URL_SQS} locally).
     */
    static RefreshQueue fromEnvironment() {
        String url = System.getenv(EnvironmentVariables.REFRESH_QUEUE_URL);
        if (url == null || url.isBlank()) {
            return RefreshQueue.none();
        }
        return new SqsRefreshQueue(SqsClient.create(), url);
    }

    @Override
    public void sendAll(List<RefreshMessage> messages) {
        for (int start = 0; start < messages.size(); start += SQS_BATCH) {
            List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
            for (int i = start; i < Math.min(messages.size(), start + SQS_BATCH); i++) {
                entries.add(SendMessageBatchRequestEntry.builder()
                        .id(Integer.toString(i))
                        .messageBody(messages.get(i).toJson())
                        .build());
            }
            SendMessageBatchResponse response =
                    sqs.sendMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
            if (response.hasFailed() && !response.failed().isEmpty()) {
                throw new IllegalStateException("the refresh queue refused " + response.failed());
            }
        }
    }
}
