package io.entitytable.checks;

import io.entitytable.model.access.ParallelTasks;
import io.entitytable.search.repair.SegmentScan;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * verify's read of the whole table: every item, in {@code segments} parallel segments of the rebuild's {@link
 * SegmentScan} (strongly consistent), sorted into a {@link ScannedTable}. No request path may Scan: see "Access
 * patterns" in {@code docs/design.md}.
 *
 * <p>Cost: a consistent Scan reads every byte of the table once, 1 RCU per 4 KB, whatever the segment count; the
 * consumed capacity is added up and reported. A Scan is not a snapshot: items written while it runs may be seen in
 * either state, so a finding on a busy table can be a write in flight (repair is conditional for that reason).
 */
public record TableScan(DynamoDbClient dynamo, String tableName, int segments) {
    public ScannedTable run(ScanProgress progress) {
        DoubleAdder capacity = new DoubleAdder();
        List<Callable<ScannedTable.Builder>> parts = new ArrayList<>();
        for (int segment = 0; segment < segments; segment++) {
            int current = segment;
            parts.add(() -> scanSegment(current, progress, capacity));
        }
        ScannedTable.Builder table = ScannedTable.builder();
        ParallelTasks.run("table-scan", segments, parts).forEach(table::merge);
        return table.consumedReadCapacity(capacity.sum()).build();
    }

    /**
     * One segment, every page at DynamoDB's own page size, sorted as it is read, so order lines and other items are
     * counted and not kept in memory.
     */
    private ScannedTable.Builder scanSegment(int segment, ScanProgress progress, DoubleAdder capacity) {
        ScannedTable.Builder items = ScannedTable.builder();
        new SegmentScan(dynamo, tableName, segments).pages(segment, capacity, (page, lastKey) -> {
            page.forEach(items::add);
            progress.pageRead(page.size());
        });
        progress.segmentDone();
        return items;
    }
}
