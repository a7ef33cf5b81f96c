package io.entitytable.fanout.refresh;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.queue.RefreshMessage;
import io.entitytable.queue.SqsBatches;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The refresh queue on Amazon SQS ({@link SqsBatches}): a message sent twice is harmless (see {@link RefreshWorker}).
 */
record SqsRefreshQueue(SqsBatches queue) implements RefreshQueue {

    SqsRefreshQueue(SqsClient sqs, String queueUrl) {
        this(new SqsBatches(sqs, queueUrl, "refresh queue"));
    }

    /**
     * The queue of {@code REFRESH_QUEUE_URL}, or {@link RefreshQueue#none()} without one. The client takes its endpoint
     * from the SDK's own settings ({@code AWS_ENDPOINT_URL_SQS} locally).
     */
    static RefreshQueue fromEnvironment() {
        String url = System.getenv(EnvironmentVariable.REFRESH_QUEUE_URL.variable());
        if (url == null || url.isBlank()) {
            return RefreshQueue.none();
        }
        return new SqsRefreshQueue(SqsClient.create(), url);
    }

    @Override
    public void sendAll(List<RefreshMessage> messages) {
        queue.sendAll(messages.stream().map(RefreshMessage::toJson).toList());
    }

    @Override
    public void sendAllAfter(Duration delay, List<RefreshMessage> messages) {
        queue.sendAll(messages.stream().map(RefreshMessage::toJson).toList(), delay);
    }
}
