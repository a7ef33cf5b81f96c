package io.entitytable.search.repair;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Values;
import io.entitytable.model.access.ParallelTasks;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.search.client.SearchDocument;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Fills one physical index from the table: the parallel, strongly consistent Scan ({@link SegmentScan#pages}), each
 * segment's items turned into search documents as they are read ({@link ScannedDocuments}), each page's documents
 * written in bulk ({@link DocumentLoad}) before the next page is read, so memory stays at a page per segment.
 */
final class IndexFill {
    static final int PAGE_SIZE = 1000;

    private final DynamoDbClient dynamo;
    private final SegmentScan scan;
    private final DocumentLoad load;
    final AtomicLong itemsScanned = new AtomicLong();
    final AtomicLong documents = new AtomicLong();
    final AtomicLong linesQueried = new AtomicLong();
    final AtomicInteger segmentsDone = new AtomicInteger();
    final DoubleAdder capacity = new DoubleAdder();

    IndexFill(DynamoDbClient dynamo, String tableName, int segments, DocumentLoad load) {
        this.dynamo = dynamo;
        this.scan = new SegmentScan(dynamo, tableName, segments);
        this.load = load;
    }

    void run() {
        List<Callable<Void>> parts = new ArrayList<>();
        for (int segment = 0; segment < scan.segments(); segment++) {
            int current = segment;
            parts.add(() -> {
                fillSegment(current);
                return null;
            });
        }
        ParallelTasks.run("reindex-scan", scan.segments(), parts);
    }

    DocumentLoad load() {
        return load;
    }

    int segments() {
        return scan.segments();
    }

    private void fillSegment(int segment) {
        ScannedDocuments assembled = new ScannedDocuments();
        scan.pages(segment, null, PAGE_SIZE, capacity, (items, lastKey) -> {
            List<SearchDocument> page = new ArrayList<>();
            items.forEach(item -> page.addAll(assembled.add(item)));
            itemsScanned.addAndGet(items.size());
            write(page);
        });
        List<SearchDocument> late = new ArrayList<>();
        for (Map<String, AttributeValue> order : assembled.incompleteOrders()) {
            linesQueried.incrementAndGet();
            late.add(SearchDocument.of(order, collectionOf(Values.string(order, Attributes.ID)))
                    .orElseThrow());
        }
        write(late);
        segmentsDone.incrementAndGet();
    }

    private void write(List<SearchDocument> page) {
        documents.addAndGet(page.size());
        load.write(page);
    }

    /**
     * The rest of a subject's item collection (an order's lines, a supplier's deliveries): one strongly consistent Query
     * of its partition, without its core item, as the indexer reads it.
     */
    private List<Map<String, AttributeValue>> collectionOf(String subjectId) {
        return dynamo
                .queryPaginator(PartitionQuery.partition(null, subjectId)
                        .consistentRead()
                        .toRequest(scan.tableName()))
                .items()
                .stream()
                .filter(item -> !CoreItem.isCore(item))
                .toList();
    }
}
