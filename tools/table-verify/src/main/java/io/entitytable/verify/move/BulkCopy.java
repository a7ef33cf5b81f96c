package io.entitytable.verify.move;

import io.entitytable.model.Attributes;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.ConditionalWrites;
import io.entitytable.model.access.ParallelTasks;
import io.entitytable.model.move.ItemOwner;
import io.entitytable.search.repair.SegmentScan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The move's first copy: every item of the home table, read with a parallel strongly consistent Scan, put into the
 * target in its layout where the target holds nothing at its key. The replicator runs from before the copy starts, so
 * an item the target holds already is one the replicator wrote, from a later state than the Scan read, and is left as
 * it is. Only the businesses the home table serves are copied (see {@link #servedByHome}). What the copy gets wrong
 * (an item the replicator deleted before the copy wrote it back from an older page) is the content check's to find and
 * mend.
 */
record BulkCopy(MoveTables tables, ItemOwner homeOwner, RouteBook routes, int segments) {
    private static final Expression ABSENT = Expression.builder()
            .expression("attribute_not_exists(#id)")
            .putExpressionName("#id", Attributes.ID)
            .build();

    private static final Backoff BACKOFF = new Backoff(10, Duration.ofMillis(50), Duration.ofSeconds(2), () -> {});

    /** What the copy did. */
    record Copied(long written, long alreadyThere) {}

    Copied run() {
        AtomicLong written = new AtomicLong();
        AtomicLong alreadyThere = new AtomicLong();
        DoubleAdder capacity = new DoubleAdder();
        SegmentScan scan = new SegmentScan(tables.dynamo(), tables.home(), segments);
        List<Callable<Void>> parts = new ArrayList<>();
        for (int segment = 0; segment < segments; segment++) {
            int current = segment;
            parts.add(() -> {
                scan.pages(current, capacity, (page, lastKey) -> {
                    for (Map<String, AttributeValue> item : page) {
                        homeOwner.learn(item);
                        if (MovedItem.isMoved(item) && servedByHome(item)) {
                            (put(tables.change().toTarget(item)) ? written : alreadyThere).incrementAndGet();
                        }
                    }
                });
                return null;
            });
        }
        ParallelTasks.run("move-copy", segments, parts);
        return new Copied(written.get(), alreadyThere.get());
    }

    /**
     * A business a move run before this one routed to the target is served there (but for its copies and jobs, which
     * the home table's fan-out and workers write: {@link MovedItem#isKeptByHome}): the home table's copy of it may lack deletes made while no
     * replicator ran, which a put-if-absent would bring back. The content check brings the home table up to date from
     * the target instead.
     */
    private boolean servedByHome(Map<String, AttributeValue> item) {
        return MovedItem.isKeptByHome(item)
                || homeOwner
                        .businessOf(item)
                        .map(routes::route)
                        .map(Direction.FORWARD::carries)
                        .orElse(true);
    }

    private boolean put(Map<String, AttributeValue> item) {
        try {
            BACKOFF.call(() -> tables.dynamo()
                    .putItem(ConditionalWrites.putItem(tables.target(), item, ABSENT)
                            .build()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }
}
