package io.entitytable.search.repair;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * One segment of a parallel, strongly consistent Scan of the whole table, walked page by page: the rebuild's read of
 * the table, and table-verify's ({@code verify}, {@code migrate}). No request path may Scan (see "Access patterns" in
 * {@code docs/design.md}); these are operator runs.
 *
 * <p>Cost: a consistent Scan reads every byte of the table once, 1 RCU per 4 KB, whatever the segment count; the
 * consumed capacity is added up for the caller. A Scan is not a snapshot: items written while it runs may be seen in
 * either state.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Scan.html#Scan.ParallelScan">Parallel
 *     Scan</a>
 */
public record SegmentScan(DynamoDbClient dynamo, String tableName, int segments) {

    /** Every page of segment {@code segment}, at DynamoDB's own page size (1 MB), each handed to {@code handler}. */
    public void pages(int segment, DoubleAdder capacity, PageHandler handler) {
        walk(request(segment), capacity, handler);
    }

    /**
     * Walks segment {@code segment} one page of at most {@code pageSize} items at a time, starting after {@code
     * startAfter} (null: from the beginning), and hands each page to {@code handler} before the next is read; the
     * handler sees the page's LastEvaluatedKey (empty on the last page), which is where a later run resumes.
     */
    public void pages(
            int segment,
            Map<String, AttributeValue> startAfter,
            int pageSize,
            DoubleAdder capacity,
            PageHandler handler) {
        walk(request(segment, startAfter, pageSize), capacity, handler);
    }

    /**
     * One page of segment {@code segment}: at most {@code pageSize} items after {@code startAfter} (null: from the
     * beginning). For a reader that must pause or stop between pages on its own terms (the index backfill, paced and
     * resumable), where {@link #pages} would read on.
     */
    public Page page(int segment, Map<String, AttributeValue> startAfter, int pageSize, DoubleAdder capacity) {
        ScanResponse page = dynamo.scan(request(segment, startAfter, pageSize).build());
        addCapacity(page, capacity);
        return new Page(page.items(), page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : Map.of());
    }

    /**
     * A page read by {@link #page}.
     *
     * @param next where the segment goes on (the page's LastEvaluatedKey); empty after its last page
     */
    public record Page(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> next) {
        public boolean isLast() {
            return next.isEmpty();
        }
    }

    /**
     * Like {@link #pages}, in pages of at most {@code pageSize} items, but stops after the page at which {@code enough}
     * first answers true: a read bounded by a budget (the scheduled verify's). Returns whether the segment was read to
     * its end.
     */
    public boolean pagesUntil(
            int segment, int pageSize, DoubleAdder capacity, BooleanSupplier enough, PageHandler handler) {
        for (ScanResponse page :
                dynamo.scanPaginator(request(segment).limit(pageSize).build())) {
            addCapacity(page, capacity);
            handler.page(page.items(), page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : Map.of());
            if (!page.hasLastEvaluatedKey() || page.lastEvaluatedKey().isEmpty()) {
                return true;
            }
            if (enough.getAsBoolean()) {
                return false;
            }
        }
        return true;
    }

    /** What {@link #pages} does with each page. */
    public interface PageHandler {
        void page(List<Map<String, AttributeValue>> items, Map<String, AttributeValue> lastEvaluatedKey);
    }

    private void walk(ScanRequest.Builder request, DoubleAdder capacity, PageHandler handler) {
        for (ScanResponse page : dynamo.scanPaginator(request.build())) {
            addCapacity(page, capacity);
            handler.page(page.items(), page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : Map.of());
        }
    }

    private ScanRequest.Builder request(int segment, Map<String, AttributeValue> startAfter, int pageSize) {
        ScanRequest.Builder request = request(segment).limit(pageSize);
        if (startAfter != null && !startAfter.isEmpty()) {
            request.exclusiveStartKey(startAfter);
        }
        return request;
    }

    private ScanRequest.Builder request(int segment) {
        return ScanRequest.builder()
                .tableName(tableName)
                .segment(segment)
                .totalSegments(segments)
                // Consistent, so a copy written just before the run is not reported missing, a migration copies
                // every write that preceded it, and a rebuild reads every change written before it started.
                .consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
    }

    private static void addCapacity(ScanResponse page, DoubleAdder capacity) {
        if (page.consumedCapacity() != null && page.consumedCapacity().capacityUnits() != null) {
            capacity.add(page.consumedCapacity().capacityUnits());
        }
    }
}
