package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.EraseJob;
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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * verify's reads of the whole table: every item, in {@code segments} parallel segments of the rebuild's {@link
 * SegmentScan} (strongly consistent), sorted into a {@link ScannedTable}; or, for {@code jobs} and {@code migrate}, only
 * the refresh jobs (and erase jobs: {@link #jobsAndErases}). No request path may Scan: see "Access patterns" in {@code docs/design.md}.
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

    /** What {@link #jobsAndErases} read: the refresh jobs and the businesses' erase jobs. */
    record Jobs(List<RefreshJob> refreshJobs, List<EraseJob> erases) {}

    /**
     * Every refresh job of the table (for {@code migrate}): the same full read as {@link #run} (a filter does not lower
     * what a Scan reads, only what it returns), but only the jobs' progress attributes come back.
     */
    List<RefreshJob> jobs() {
        return read(List.of(ItemKind.JOB)).refreshJobs();
    }

    /** Every refresh job and erase job of the table (for {@code jobs}), read as {@link #jobs} reads the jobs. */
    Jobs jobsAndErases() {
        return read(List.of(ItemKind.JOB, ItemKind.ERASE));
    }

    private Jobs read(List<ItemKind> kinds) {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("#kind", Attributes.KIND);
        List<String> projected = List.of(
                Attributes.KIND,
                Attributes.JOB_SUBJECT,
                Attributes.BUSINESS_ID,
                Attributes.JOB_STATUS,
                Attributes.JOB_PASS,
                Attributes.JOB_PASS_VERSION,
                Attributes.JOB_REQUESTED_VERSION,
                Attributes.JOB_SEGMENTS,
                Attributes.JOB_DONE_SEGMENTS,
                Attributes.JOB_COPIES_DONE,
                Attributes.JOB_COPIES_TOTAL,
                Attributes.ERASE_PHASE,
                Attributes.ERASE_ITEMS_DELETED,
                Attributes.JOB_STARTED_AT,
                Attributes.UPDATED_AT,
                Attributes.JOB_FINISHED_AT);
        List<String> placeholders = new ArrayList<>();
        for (int i = 0; i < projected.size(); i++) {
            // Placeholders for all: several of these names (pass, segments) may be reserved words.
            names.put("#p" + i, projected.get(i));
            placeholders.add("#p" + i);
        }
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        List<String> conditions = new ArrayList<>();
        for (int i = 0; i < kinds.size(); i++) {
            values.put(":k" + i, Values.s(kinds.get(i).value()));
            conditions.add("#kind = :k" + i);
        }
        ScanRequest request = ScanRequest.builder()
                .tableName(tableName)
                .consistentRead(true)
                .filterExpression(String.join(" OR ", conditions))
                .projectionExpression(String.join(", ", placeholders))
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .build();
        List<RefreshJob> jobs = new ArrayList<>();
        List<EraseJob> erases = new ArrayList<>();
        for (ScanResponse page : dynamo.scanPaginator(request)) {
            for (Map<String, AttributeValue> item : page.items()) {
                if (ItemKind.ERASE.value().equals(Values.string(item, Attributes.KIND))) {
                    erases.add(EraseJob.from(item));
                } else {
                    jobs.add(RefreshJob.from(item));
                }
            }
        }
        return new Jobs(jobs, erases);
    }
}
