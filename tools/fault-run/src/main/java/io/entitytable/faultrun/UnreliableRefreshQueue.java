package io.entitytable.faultrun;

import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.queue.RefreshMessage;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The refresh queue as the fan-out and the workers send to it, with SQS's "at least once" made real: some messages are
 * sent twice. Counts what was sent, and how many of the messages were continuations (the rest of a segment sent back by
 * a worker whose slice ended).
 */
final class UnreliableRefreshQueue implements RefreshQueue {
    private final RefreshQueue queue;
    private final FaultPlan plan;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong continuations = new AtomicLong();

    UnreliableRefreshQueue(RefreshQueue queue, FaultPlan plan) {
        this.queue = queue;
        this.plan = plan;
    }

    @Override
    public void sendAll(List<RefreshMessage> messages) {
        sendAllAfter(Duration.ZERO, messages);
    }

    /** The delay goes to the queue underneath with the messages and their duplicates. */
    @Override
    public void sendAllAfter(Duration delay, List<RefreshMessage> messages) {
        List<RefreshMessage> delivered =
                plan.withDuplicates(messages, plan.rates().duplicatedMessage(), FaultKind.DUPLICATED_MESSAGE);
        queue.sendAllAfter(delay, delivered);
        sent.addAndGet(delivered.size());
        continuations.addAndGet(
                messages.stream().filter(message -> message.cursor() != null).count());
    }

    long sent() {
        return sent.get();
    }

    long continuations() {
        return continuations.get();
    }
}
