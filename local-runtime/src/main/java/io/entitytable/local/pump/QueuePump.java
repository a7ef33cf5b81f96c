package io.entitytable.local.pump;

import io.entitytable.deployment.RefreshQueueTrigger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;

/**
 * Plays Lambda's SQS event source mapping for one queue and one function: long-polls up to {@code batchSize} messages,
 * waits up to the batching window to fill a batch, invokes the function synchronously with an SQS event, then deletes
 * the messages the response does not report as failed. Failed messages, and the whole batch after a function error, a
 * timeout or an invalid response, are left alone: they come back after the queue's visibility timeout, and the queue's
 * redrive policy moves them to the dead-letter queue after {@code maxReceiveCount} receives.
 *
 * <p>{@code maxConcurrency} pollers, each invoking one batch at a time, bound the concurrent invocations. Unlike Lambda,
 * the pollers do not scale up gradually: all of them poll from the start.
 */
public final class QueuePump implements AutoCloseable {
    /** SQS's largest DeleteMessageBatch. */
    private static final int DELETE_BATCH = 10;

    private final SqsClient sqs;
    private final String queueUrl;
    private final String queueArn;
    private final String region;
    private final RefreshQueueTrigger trigger;
    private final FunctionInvoker invoker;
    private final Duration longPoll;
    private final Consumer<String> log;
    private final List<Thread> pollers = new ArrayList<>();
    private final AtomicLong invocations = new AtomicLong();
    private volatile boolean running;

    /**
     * @param longPoll how long one ReceiveMessage waits for messages (Lambda waits 20 s; shorter stops faster)
     */
    public QueuePump(
            SqsClient sqs,
            String queueUrl,
            String queueArn,
            String region,
            RefreshQueueTrigger trigger,
            FunctionInvoker invoker,
            Duration longPoll,
            Consumer<String> log) {
        this.sqs = sqs;
        this.queueUrl = queueUrl;
        this.queueArn = queueArn;
        this.region = region;
        this.trigger = trigger;
        this.invoker = invoker;
        this.longPoll = longPoll;
        this.log = log;
    }

    public synchronized QueuePump start() {
        running = true;
        for (int i = 0; i < trigger.maxConcurrency(); i++) {
            Thread poller = new Thread(this::poll, "queue-pump-" + i);
            poller.setDaemon(true);
            pollers.add(poller);
            poller.start();
        }
        return this;
    }

    private void poll() {
        while (running) {
            try {
                List<Message> batch = receiveBatch();
                if (!batch.isEmpty() && running) {
                    deliver(batch);
                }
            } catch (RuntimeException e) {
                if (running) {
                    log.accept("receive failed, retrying: " + e);
                    pause();
                }
            }
        }
    }

    private List<Message> receiveBatch() {
        List<Message> batch = new ArrayList<>(receive(trigger.batchSize()));
        long windowEnd = System.nanoTime()
                + Duration.ofSeconds(trigger.maxBatchingWindowSeconds()).toNanos();
        while (running && !batch.isEmpty() && batch.size() < trigger.batchSize() && System.nanoTime() < windowEnd) {
            batch.addAll(receive(trigger.batchSize() - batch.size()));
        }
        return batch;
    }

    private List<Message> receive(int count) {
        return sqs.receiveMessage(b -> b.queueUrl(queueUrl)
                        .maxNumberOfMessages(Math.min(count, 10))
                        .waitTimeSeconds((int) Math.max(1, longPoll.toSeconds()))
                        .messageSystemAttributeNames(MessageSystemAttributeName.ALL)
                        .messageAttributeNames("All"))
                .messages();
    }

    private void deliver(List<Message> batch) {
        invocations.incrementAndGet();
        List<String> ids = batch.stream().map(Message::messageId).toList();
        InvocationResult result = invoker.invoke(SqsEventJson.of(batch, queueArn, region));
        SqsBatchResponse.Outcome outcome =
                SqsBatchResponse.read(result, ids, RefreshQueueTrigger.REPORT_BATCH_ITEM_FAILURES);
        if (outcome.failure() != null) {
            log.accept("batch of " + batch.size() + " failed, it comes back after the visibility timeout: "
                    + outcome.failure());
        } else if (outcome.succeeded().size() < batch.size()) {
            log.accept((batch.size() - outcome.succeeded().size()) + " of " + batch.size()
                    + " messages failed, they come back after the visibility timeout");
        }
        List<DeleteMessageBatchRequestEntry> deletions = batch.stream()
                .filter(m -> outcome.succeeded().contains(m.messageId()))
                .map(m -> DeleteMessageBatchRequestEntry.builder()
                        .id(m.messageId())
                        .receiptHandle(m.receiptHandle())
                        .build())
                .toList();
        for (int from = 0; from < deletions.size(); from += DELETE_BATCH) {
            List<DeleteMessageBatchRequestEntry> chunk =
                    deletions.subList(from, Math.min(deletions.size(), from + DELETE_BATCH));
            sqs.deleteMessageBatch(b -> b.queueUrl(queueUrl).entries(chunk))
                    .failed()
                    .forEach(f -> log.accept("could not delete " + f.id() + ": " + f.message()));
        }
    }

    private static void pause() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Invocations so far, whatever their outcome. */
    public long invocations() {
        return invocations.get();
    }

    @Override
    public synchronized void close() {
        running = false;
        for (Thread poller : pollers) {
            try {
                // A poller may be in a long poll; it stops when that returns.
                poller.join(longPoll.toMillis() + 5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        pollers.clear();
    }

    @Override
    public String toString() {
        return "queue pump on " + queueUrl;
    }
}
