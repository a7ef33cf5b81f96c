package io.entitytable.bench;

import io.entitytable.fanout.RefreshQueue;
import io.entitytable.model.RefreshMessage;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/** The refresh queue on the local SQS (ElasticMQ), sent to in batches of ten as the deployed fan-out does. */
final class SqsRefreshQueueClient implements RefreshQueue {
    private final SqsClient sqs;
    private final String queueUrl;

    SqsRefreshQueueClient(SqsClient sqs, String queueUrl) {
        this.sqs = sqs;
        this.queueUrl = queueUrl;
    }

    @Override
    public void sendAll(List<RefreshMessage> messages) {
        for (int start = 0; start < messages.size(); start += 10) {
            List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
            for (int i = start; i < Math.min(messages.size(), start + 10); i++) {
                entries.add(SendMessageBatchRequestEntry.builder()
                        .id(Integer.toString(i))
                        .messageBody(messages.get(i).toJson())
                        .build());
            }
            var response =
                    sqs.sendMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
            if (!response.failed().isEmpty()) {
                throw new IllegalStateException("the refresh queue refused " + response.failed());
            }
        }
    }
}
