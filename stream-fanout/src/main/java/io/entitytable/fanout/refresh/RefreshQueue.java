package io.entitytable.fanout.refresh;

import io.entitytable.queue.RefreshMessage;
import java.time.Duration;
import java.util.List;
import software.amazon.awssdk.services.sqs.SqsClient;

/** Where refresh-job messages go (see {@link RefreshJobs}): the SQS queue when deployed or run locally. */
public interface RefreshQueue {
    void sendAll(List<RefreshMessage> messages);

    default void send(RefreshMessage message) {
        sendAll(List.of(message));
    }

    /**
     * Sends {@code messages} to be received no sooner than {@code delay} from now. A queue that cannot hold messages
     * back (the in-memory ones of tests) sends them at once: a delay only spares reads, and never decides an outcome.
     */
    default void sendAllAfter(Duration delay, List<RefreshMessage> messages) {
        sendAll(messages);
    }

    /** The SQS queue at {@code queueUrl}, sent to as the deployed functions do (for tools that run them in-process). */
    static RefreshQueue sqs(SqsClient sqs, String queueUrl) {
        return new SqsRefreshQueue(sqs, queueUrl);
    }

    /** For a fan-out that has no queue (a tool or a test that never meets a large subject): refuses every message. */
    static RefreshQueue none() {
        return messages -> {
            throw new IllegalStateException("no refresh queue configured (" + messages.size() + " messages)");
        };
    }
}
