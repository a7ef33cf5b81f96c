package io.entitytable.verify;

import io.entitytable.queue.RefreshMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.BatchResultErrorEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchResponse;

/** The refresh queue on Amazon SQS (or ElasticMQ locally): one SendMessageBatch per call. */
record SqsRefreshQueue(SqsClient sqs, String queueUrl) implements RefreshQueue {
    @Override
    public Set<String> sendBatch(List<RefreshMessage> batch) {
        List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
        for (int i = 0; i < batch.size(); i++) {
            // Batch entry ids only need to be unique within the request; the index maps a refusal back.
            entries.add(SendMessageBatchRequestEntry.builder()
                    .id(Integer.toString(i))
                    .messageBody(batch.get(i).toJson())
                    .build());
        }
        SendMessageBatchResponse response =
                sqs.sendMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
        if (!response.hasFailed()) {
            return Set.of();
        }
        return response.failed().stream()
                .map(BatchResultErrorEntry::id)
                .map(id -> batch.get(Integer.parseInt(id)).subject())
                .collect(Collectors.toUnmodifiableSet());
    }
}
