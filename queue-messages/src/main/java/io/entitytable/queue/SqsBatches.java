package io.entitytable.queue;

import java.time.Duration;
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

    /** SQS's longest delay of a message. */
    public static final Duration MAX_DELAY = Duration.ofMinutes(15);

    public void sendAll(List<String> bodies) {
        sendAll(bodies, Duration.ZERO);
    }

    /** Sends {@code bodies} to be received no sooner than {@code delay} from now (at most {@link #MAX_DELAY}). */
    public void sendAll(List<String> bodies, Duration delay) {
        if (delay.isNegative() || delay.compareTo(MAX_DELAY) > 0) {
            throw new IllegalArgumentException("SQS delays a message 0 to 900 s, not " + delay);
        }
        for (int start = 0; start < bodies.size(); start += MAX_BATCH) {
            List<SendMessageBatchRequestEntry> entries = new ArrayList<>();
            for (int i = start; i < Math.min(bodies.size(), start + MAX_BATCH); i++) {
                SendMessageBatchRequestEntry.Builder entry = SendMessageBatchRequestEntry.builder()
                        .id(Integer.toString(i))
                        .messageBody(bodies.get(i));
                if (!delay.isZero()) {
                    entry.delaySeconds((int) delay.toSeconds());
                }
                entries.add(entry.build());
            }
            SendMessageBatchResponse response =
                    sqs.sendMessageBatch(request -> request.queueUrl(queueUrl).entries(entries));
            if (response.hasFailed() && !response.failed().isEmpty()) {
                throw new IllegalStateException("the " + description + " refused " + response.failed());
            }
        }
    }
}
