package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * THE ONLY SCAN OF THE PROJECT (no request path may Scan: see "Access patterns" in {@code docs/design.md}): reads every
 * item of the table in {@code segments} parallel segments, strongly consistent, and sorts each into a {@link
 * ScannedTable}; or, for {@code migrate}, walks one segment page by page from where an earlier run stopped ({@link
 * #pages}); or, for {@code jobs}, returns only the refresh jobs ({@link #jobs}).
 *
 * <p>Cost: a consistent Scan reads every byte of the table once, 1 RCU per 4 KB, whatever the segment count; the
 * consumed capacity is added up and reported. A Scan is not a snapshot: items written while it runs may be seen in
 * either state, so a finding on a busy table can be a write in flight (repair is conditional for that reason).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Scan.html#Scan.ParallelScan">Parallel
 *     Scan</a>
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
     * One segment, every page through the SDK's paginator, sorted as it is read, so order lines and other items are
     * counted and not kept in memory.
     */
    private ScannedTable.Builder scanSegment(int segment, ScanProgress progress, DoubleAdder capacity) {
        ScannedTable.Builder items = ScannedTable.builder();
        for (ScanResponse page : dynamo.scanPaginator(request(segment).build())) {
            page.items().forEach(items::add);
            progress.pageRead(page.items().size());
            addCapacity(page, capacity);
        }
        progress.segmentDone();
        return items;
    }

    /**
     * Walks segment {@code segment} one page of at most {@code pageSize} items at a time, starting after {@code
     * startAfter} (null: from the beginning), and hands each page to {@code handler} before the next is read; the
     * handler sees the page's LastEvaluatedKey (empty on the last page), which is where a later run resumes.
     */
    void pages(
            int segment,
            Map<String, AttributeValue> startAfter,
            int pageSize,
            DoubleAdder capacity,
            PageHandler handler) {
        ScanRequest.Builder request = request(segment).limit(pageSize);
        if (startAfter != null && !startAfter.isEmpty()) {
            request.exclusiveStartKey(startAfter);
        }
        for (ScanResponse page : dynamo.scanPaginator(request.build())) {
            addCapacity(page, capacity);
            handler.page(page.items(), page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : Map.of());
        }
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

    /** What {@link #pages} does with each page. */
    interface PageHandler {
        void page(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastEvaluatedKey);
    }

    private ScanRequest.Builder request(int segment) {
        return ScanRequest.builder()
                .tableName(tableName)
                .segment(segment)
                .totalSegments(segments)
                // Consistent, so a copy written just before the run is not reported missing, and a migration copies
                // every write that preceded it.
                .consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
    }

    private static void addCapacity(ScanResponse page, DoubleAdder capacity) {
        if (page.consumedCapacity() != null && page.consumedCapacity().capacityUnits() != null) {
            capacity.add(page.consumedCapacity().capacityUnits());
        }
    }
}
