package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import io.entitytable.model.access.ParallelTasks;
import io.entitytable.search.repair.SegmentScan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * verify's reads of the whole table: every item, in {@code segments} parallel segments of the rebuild's {@link
 * SegmentScan} (strongly consistent), sorted into a {@link ScannedTable}; or, for {@code jobs}, only the refresh jobs
 * ({@link #jobs}). No request path may Scan: see "Access patterns" in {@code docs/design.md}.
 *
 * <p>Cost: a consistent Scan reads every byte of the table once, 1 RCU per 4 KB, whatever the segment count; the
 * consumed capacity is added up and reported. A Scan is not a snapshot: items written while it runs may be seen in
 * either state, so a finding on a busy table can be a write in flight (repair is conditional for that reason).
 */
record TableScan(DynamoDbClient dynamo, String tableName, int segments) {
    ScannedTable run(ScanProgress progress) {
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

    /**
     * Every refresh job of the table (for {@code jobs}): the same full read as {@link #run} (a filter does not lower
     * what a Scan reads, only what it returns), but only the jobs' progress attributes come back.
     */
    List<RefreshJob> jobs() {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("#kind", Attributes.KIND);
        List<String> projected = List.of(
                Attributes.KIND,
                Attributes.JOB_SUBJECT,
                Attributes.JOB_STATUS,
                Attributes.JOB_PASS,
                Attributes.JOB_PASS_VERSION,
                Attributes.JOB_REQUESTED_VERSION,
                Attributes.JOB_SEGMENTS,
                Attributes.JOB_DONE_SEGMENTS,
                Attributes.JOB_COPIES_DONE,
                Attributes.JOB_COPIES_TOTAL,
                Attributes.UPDATED_AT);
        List<String> placeholders = new ArrayList<>();
        for (int i = 0; i < projected.size(); i++) {
            // Placeholders for all: several of these names (pass, segments) may be reserved words.
            names.put("#p" + i, projected.get(i));
            placeholders.add("#p" + i);
        }
        ScanRequest request = ScanRequest.builder()
                .tableName(tableName)
                .consistentRead(true)
                .filterExpression("#kind = :job")
                .projectionExpression(String.join(", ", placeholders))
                .expressionAttributeNames(names)
                .expressionAttributeValues(Map.of(":job", Values.s(ItemKind.JOB.value())))
                .build();
        List<RefreshJob> jobs = new ArrayList<>();
        for (ScanResponse page : dynamo.scanPaginator(request)) {
            page.items().forEach(item -> jobs.add(RefreshJob.from(item)));
        }
        return jobs;
    }
}
