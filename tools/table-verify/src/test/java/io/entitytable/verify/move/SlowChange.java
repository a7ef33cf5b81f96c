package io.entitytable.verify.move;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A layout change whose forward replicator can be made to lag: while {@link #lagging} is set, each record it converts
 * takes {@link #LAG}, as a replicator behind a busy stream does. The comparisons of the move convert on other threads
 * and are never slowed.
 */
final class SlowChange implements LayoutChange {
    static final Duration LAG = Duration.ofSeconds(2);

    private final LayoutChange change;
    volatile boolean lagging;
    /** Counted down when the replicator begins to lag over a record. */
    volatile CountDownLatch lagBegun = new CountDownLatch(1);

    SlowChange(LayoutChange change) {
        this.change = change;
    }

    @Override
    public Map<String, AttributeValue> toTarget(Map<String, AttributeValue> homeItem) {
        if (lagging && Thread.currentThread().getName().startsWith(StreamTail.THREAD_PREFIX)) {
            lagBegun.countDown();
            try {
                Thread.sleep(LAG.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return change.toTarget(homeItem);
    }

    @Override
    public Map<String, AttributeValue> toHome(Map<String, AttributeValue> targetItem) {
        return change.toHome(targetItem);
    }
}
