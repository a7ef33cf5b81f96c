package io.entitytable.fanout.refresh;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent.SQSMessage;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.queue.RefreshMessage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * The refresh queue in memory, for tests: holds what was sent, and {@link #drainWith} delivers it to a worker in
 * batches as the SQS event source mapping does, with what SQS may do to messages on the way (duplicates, any order),
 * returning a failed message until it has been received {@code maxReceives} times and then moving it to {@link
 * #deadLetters()}.
 */
public final class InMemoryRefreshQueue implements RefreshQueue {
    private final List<SQSMessage> waiting = new ArrayList<>();
    private final List<RefreshMessage> sent = new ArrayList<>();
    private final List<SQSMessage> deadLetters = new ArrayList<>();
    private final Map<String, Integer> receives = new HashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private int inFlight;

    @Override
    public synchronized void sendAll(List<RefreshMessage> messages) {
        for (RefreshMessage message : messages) {
            sent.add(message);
            SQSMessage sqs = new SQSMessage();
            sqs.setMessageId("m-" + ids.incrementAndGet());
            sqs.setBody(message.toJson());
            waiting.add(sqs);
        }
    }

    /** Every message ever sent, in order. */
    public synchronized List<RefreshMessage> sent() {
        return List.copyOf(sent);
    }

    public synchronized int waiting() {
        return waiting.size();
    }

    public synchronized List<SQSMessage> deadLetters() {
        return List.copyOf(deadLetters);
    }

    private static final int BATCH = RefreshQueueTrigger.DEFAULT.batchSize();
    private static final int MAX_RECEIVES = RefreshQueueTrigger.DEFAULT.maxReceiveCount();

    /** Delivers one batch (in order, of the trigger's size); false when the queue was empty. */
    public boolean deliverOnce(RefreshWork work) {
        return deliver(work, BATCH, null, 0, MAX_RECEIVES);
    }

    /** Delivers until the queue is empty, in order, a batch of the trigger's size at a time; returns the invocations. */
    public int drainWith(RefreshWork work) {
        return drainWith(work, BATCH, null, 0, MAX_RECEIVES);
    }

    /**
     * Delivers until the queue is empty. With a {@code random}, each batch is taken from anywhere in the queue and a
     * message is delivered twice with probability {@code duplicateRate}.
     */
    public int drainWith(RefreshWork work, int batchSize, Random random, double duplicateRate, int maxReceives) {
        return drainWith(work, batchSize, random, duplicateRate, maxReceives, () -> {});
    }

    /** As above, running {@code beforeInvocation} before each invocation (to arm a fault for it). */
    public int drainWith(
            RefreshWork work,
            int batchSize,
            Random random,
            double duplicateRate,
            int maxReceives,
            Runnable beforeInvocation) {
        int invocations = 0;
        while (true) {
            beforeInvocation.run();
            if (!deliver(work, batchSize, random, duplicateRate, maxReceives)) {
                return invocations;
            }
            invocations++;
        }
    }

    /**
     * One worker instance as Lambda runs it: its own {@link RefreshWork} (and DynamoDB client), and what to do before
     * each of its invocations (to arm a fault for it).
     */
    public record Instance(RefreshWork work, Runnable beforeInvocation) {}

    /**
     * Delivers with every instance at once, one thread each, as the event source mapping runs up to its maximum
     * concurrency: each takes batches (from anywhere in the queue, duplicated with probability {@code duplicateRate})
     * until {@code finished} is true, the queue is empty and no invocation is under way (a running one may still send
     * the rest of its segment). Returns the invocations.
     */
    public int drainConcurrently(
            List<Instance> instances,
            int batchSize,
            Random random,
            double duplicateRate,
            int maxReceives,
            BooleanSupplier finished)
            throws InterruptedException {
        AtomicLong invocations = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (Instance instance : instances) {
            Thread thread = new Thread(() -> {
                while (true) {
                    instance.beforeInvocation().run();
                    if (deliver(instance.work(), batchSize, random, duplicateRate, maxReceives)) {
                        invocations.incrementAndGet();
                        continue;
                    }
                    synchronized (this) {
                        if (finished.getAsBoolean() && waiting.isEmpty() && inFlight == 0) {
                            return;
                        }
                    }
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            thread.start();
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.join();
        }
        return (int) invocations.get();
    }

    private boolean deliver(RefreshWork work, int batchSize, Random random, double duplicateRate, int maxReceives) {
        List<SQSMessage> batch = new ArrayList<>();
        synchronized (this) {
            if (waiting.isEmpty()) {
                return false;
            }
            inFlight++;
            if (random != null) {
                Collections.shuffle(waiting, random);
            }
            while (batch.size() < batchSize && !waiting.isEmpty()) {
                SQSMessage message = waiting.remove(0);
                batch.add(message);
                if (random != null && random.nextDouble() < duplicateRate) {
                    waiting.add(copy(message));
                }
            }
        }
        List<SQSMessage> failed = new ArrayList<>();
        try {
            SQSBatchResponse response = work.process(batch, 60_000);
            for (SQSBatchResponse.BatchItemFailure failure : response.getBatchItemFailures()) {
                batch.stream()
                        .filter(m -> m.getMessageId().equals(failure.getItemIdentifier()))
                        .forEach(failed::add);
            }
        } catch (RuntimeException crashed) {
            failed.addAll(batch); // the invocation failed: the whole batch comes back
        }
        synchronized (this) {
            for (SQSMessage message : failed) {
                if (receives.merge(message.getMessageId(), 1, Integer::sum) >= maxReceives) {
                    deadLetters.add(message);
                } else {
                    waiting.add(message);
                }
            }
            inFlight--;
        }
        return true;
    }

    private SQSMessage copy(SQSMessage message) {
        SQSMessage copy = new SQSMessage();
        copy.setMessageId("m-" + ids.incrementAndGet());
        copy.setBody(message.getBody());
        return copy;
    }
}
