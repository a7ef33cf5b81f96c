package io.entitytable.verify;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * THE ONLY SCAN OF THE PROJECT (DESIGN §9: no Scan outside the verify/repair tool): reads every item of the table in
 * {@code segments} parallel segments, strongly consistent, and sorts each into a {@link ScannedTable}.
 *
 * <p>Cost: a consistent Scan reads every byte of the table once, 1 RCU per 4 KB, whatever the segment count; the
 * consumed capacity is added up and reported. A Scan is not a snapshot: items written while it runs may be seen in
 * either state, so a finding on a busy table can be a write in flight (repair is conditional for that reason).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Scan.html#Scan.ParallelScan">Parallel
 *     Scan</a>
 */
final class TableScan {
    private final DynamoDbClient dynamo;
    private final String tableName;
    private final int segments;

    TableScan(DynamoDbClient dynamo, String tableName, int segments) {
        this.dynamo = dynamo;
        this.tableName = tableName;
        this.segments = segments;
    }

    ScannedTable run(ScanProgress progress) {
        DoubleAdder capacity = new DoubleAdder();
        ExecutorService pool = Executors.newFixedThreadPool(segments, daemon());
        try {
            List<Future<ScannedTable.Builder>> parts = new ArrayList<>();
            for (int segment = 0; segment < segments; segment++) {
                int current = segment;
                parts.add(pool.submit(() -> scanSegment(current, progress, capacity)));
            }
            ScannedTable.Builder table = ScannedTable.builder();
            for (Future<ScannedTable.Builder> part : parts) {
                table.merge(part.get());
            }
            return table.consumedReadCapacity(capacity.sum()).build();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("scan interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /** One segment, sorted as it is read, so order lines and other items are counted and not kept in memory. */
    private ScannedTable.Builder scanSegment(int segment, ScanProgress progress, DoubleAdder capacity) {
        ScannedTable.Builder items = ScannedTable.builder();
        Map<String, AttributeValue> start = null;
        do {
            ScanResponse page = dynamo.scan(ScanRequest.builder()
                    .tableName(tableName)
                    .segment(segment)
                    .totalSegments(segments)
                    // Consistent, so a copy written just before the run is not reported missing.
                    .consistentRead(true)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .exclusiveStartKey(start)
                    .build());
            page.items().forEach(items::add);
            progress.pageRead(page.items().size());
            if (page.consumedCapacity() != null && page.consumedCapacity().capacityUnits() != null) {
                capacity.add(page.consumedCapacity().capacityUnits());
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        progress.segmentDone();
        return items;
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return runnable -> {
            Thread thread = new Thread(runnable, "table-scan");
            thread.setDaemon(true);
            return thread;
        };
    }
}
