package io.entitytable.verify;

import io.entitytable.checks.ScanProgress;
import io.entitytable.model.Values;
import io.entitytable.model.access.ParallelTasks;
import io.entitytable.search.repair.SegmentScan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One copy pass of a migration: every item of {@code source}, read with a parallel Scan of the checkpoint's segment
 * count, goes through {@link ItemCopy} into {@code target}. Each segment writes its pages one item at a time and
 * records the page in the checkpoint once it is written, so a killed run resumes after the last page it finished.
 */
record TableCopy(
        DynamoDbClient dynamo,
        String source,
        String target,
        MigrationPhase pass,
        MigrationCheckpoint checkpoint,
        ScanProgress progress,
        MigrateCommand.Interruptions interruptions) {

    /**
     * Items per Scan page, and so per checkpoint: small enough that a resumed run repeats little, large enough that
     * the checkpoint file is rewritten rarely compared with the writes.
     */
    static final int PAGE_SIZE = 100;

    CopyTally run() {
        int segments = checkpoint.segments();
        List<Callable<Void>> parts = new ArrayList<>();
        for (int segment = 0; segment < segments; segment++) {
            int current = segment;
            parts.add(() -> {
                copySegment(current, segments);
                return null;
            });
        }
        ParallelTasks.run("table-copy", segments, parts);
        return checkpoint.tally(pass);
    }

    private void copySegment(int segment, int segments) {
        MigrationCheckpoint.Segment state = checkpoint.segment(pass, segment);
        if (state.done()) {
            progress.pageRead((int) state.tally().itemsRead());
            progress.segmentDone();
            return;
        }
        progress.pageRead((int) state.tally().itemsRead());
        ItemCopy copy = new ItemCopy(dynamo, target);
        AtomicReference<CopyTally> tally = new AtomicReference<>(state.tally());
        new SegmentScan(dynamo, source, segments)
                .pages(segment, startKey(state.lastKey()), PAGE_SIZE, new DoubleAdder(), (items, lastKey) -> {
                    for (Map<String, AttributeValue> item : items) {
                        tally.set(tally.get().plus(copy.copy(item)));
                    }
                    checkpoint.pageDone(pass, segment, lastKey, tally.get());
                    progress.pageRead(items.size());
                    interruptions.pageCheckpointed(pass);
                });
        if (!checkpoint.segment(pass, segment).done()) {
            // A segment whose last page was full ends with an empty page: it is done all the same.
            checkpoint.pageDone(pass, segment, Map.of(), tally.get());
        }
        progress.segmentDone();
    }

    /** The checkpoint keeps the table's key attributes, which are strings; a Scan resumes after them. */
    private static Map<String, AttributeValue> startKey(Map<String, String> lastKey) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        lastKey.forEach((name, value) -> key.put(name, Values.s(value)));
        return key.isEmpty() ? null : key;
    }
}
