package io.entitytable.local.engine.conformance.items;

import static io.entitytable.local.engine.conformance.items.ConformanceTable.map;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.n;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Scan: every item of the table once, Limit before the filter, paging, Select COUNT, and parallel scans whose segments
 * are disjoint and together complete.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Scan.html">Scan</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Scan.html">Scanning tables</a>
 */
class ScanConformanceTest {
    private static final int ITEMS = 60;
    private static ConformanceTable table;

    @BeforeAll
    static void createTable() {
        table = ConformanceTable.hashAndRange("scan", ScalarAttributeType.S, ScalarAttributeType.N);
        // 20 partitions of 3 items each
        for (int i = 0; i < ITEMS; i++) {
            table.put(
                    map("pk", s("p" + (i % 20)), "sk", n(Integer.toString(i)), "even", n(Integer.toString(1 - i % 2))));
        }
    }

    @AfterAll
    static void deleteTable() {
        table.close();
    }

    private static ScanResponse scan(Consumer<ScanRequest.Builder> request) {
        return table.dynamo.scan(b -> {
            // strongly consistent, so that items written just before are seen on DynamoDB too
            b.tableName(table.name).consistentRead(true);
            request.accept(b);
        });
    }

    /** The sort keys of every item a (segment of a) scan returns, following LastEvaluatedKey to the end. */
    private static List<String> scanAll(Consumer<ScanRequest.Builder> request) {
        List<String> keys = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse page = scan(b -> {
                request.accept(b);
                b.exclusiveStartKey(from);
            });
            page.items().forEach(item -> keys.add(item.get("sk").n()));
            start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
            pages++;
        } while (start != null && pages < 1000);
        return keys;
    }

    private static Set<String> everySortKey() {
        Set<String> all = new HashSet<>();
        for (int i = 0; i < ITEMS; i++) {
            all.add(Integer.toString(i));
        }
        return all;
    }

    // A scan returns every item of the table exactly once
    @Test
    void scan_shouldReturnEveryItemOnce() {
        List<String> keys = scanAll(b -> {});

        assertThat(keys).hasSize(ITEMS).containsExactlyInAnyOrderElementsOf(everySortKey());
    }

    // Paging with a small Limit still returns every item exactly once
    @Test
    void scan_paging_shouldReturnEveryItemOnce() {
        List<String> keys = scanAll(b -> b.limit(7));

        assertThat(keys).hasSize(ITEMS).containsExactlyInAnyOrderElementsOf(everySortKey());
    }

    // Items of one partition come in sort key order within a scan
    @Test
    void scan_shouldKeepSortKeyOrderWithinAPartition() {
        List<Integer> p3 = scan(b -> {}).items().stream()
                .filter(item -> item.get("pk").s().equals("p3"))
                .map(item -> Integer.parseInt(item.get("sk").n()))
                .toList();

        assertThat(p3).containsExactly(3, 23, 43);
    }

    // Limit caps the items read before the filter applies
    @Test
    void scan_limit_shouldApplyBeforeTheFilter() {
        ScanResponse response =
                scan(b -> b.limit(10).filterExpression("even = :one").expressionAttributeValues(map(":one", n("1"))));

        assertThat(response.scannedCount()).isEqualTo(10);
        assertThat(response.count())
                .isLessThanOrEqualTo(10)
                .isEqualTo(response.items().size());
        assertThat(response.items())
                .allSatisfy(item -> assertThat(item.get("even")).isEqualTo(n("1")));
        assertThat(response.hasLastEvaluatedKey()).isTrue();
    }

    // Unlike Query, a Scan filter may name key attributes
    @Test
    void scan_filter_shouldAcceptKeyAttributes() {
        ScanResponse response = scan(b -> b.filterExpression("pk = :p AND sk >= :min")
                .expressionAttributeValues(map(":p", s("p5"), ":min", n("20"))));

        assertThat(response.items().stream().map(item -> item.get("sk").n())).containsExactly("25", "45");
        assertThat(response.scannedCount()).isEqualTo(ITEMS);
    }

    // Select COUNT counts the items that pass the filter and returns none
    @Test
    void scan_selectCount_shouldReturnOnlyTheCount() {
        ScanResponse response = scan(b ->
                b.select(Select.COUNT).filterExpression("even = :one").expressionAttributeValues(map(":one", n("1"))));

        assertThat(response.count()).isEqualTo(ITEMS / 2);
        assertThat(response.scannedCount()).isEqualTo(ITEMS);
        assertThat(response.hasItems()).isFalse();
    }

    // The segments of a parallel scan are disjoint and together hold every item
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 7, 100})
    void parallelScan_shouldSplitTheTableIntoDisjointCompleteSegments(int totalSegments) {
        List<String> union = new ArrayList<>();
        for (int segment = 0; segment < totalSegments; segment++) {
            int current = segment;
            union.addAll(scanAll(b -> b.segment(current).totalSegments(totalSegments)));
        }

        assertThat(union).hasSize(ITEMS).containsExactlyInAnyOrderElementsOf(everySortKey());
    }

    // Paging within segments keeps them disjoint and complete
    @Test
    void parallelScan_withPaging_shouldStillBeDisjointAndComplete() {
        List<String> union = new ArrayList<>();
        for (int segment = 0; segment < 3; segment++) {
            int current = segment;
            union.addAll(scanAll(b -> b.segment(current).totalSegments(3).limit(4)));
        }

        assertThat(union).hasSize(ITEMS).containsExactlyInAnyOrderElementsOf(everySortKey());
    }

    // Segment needs TotalSegments
    @Test
    void parallelScan_shouldRefuseSegmentWithoutTotalSegments() {
        assertThatThrownBy(() -> scan(b -> b.segment(0)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("TotalSegments");
    }

    // TotalSegments needs Segment
    @Test
    void parallelScan_shouldRefuseTotalSegmentsWithoutSegment() {
        assertThatThrownBy(() -> scan(b -> b.totalSegments(2)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Segment");
    }

    // Segment is zero-based and below TotalSegments
    @Test
    void parallelScan_shouldRefuseASegmentOutOfRange() {
        assertThatThrownBy(() -> scan(b -> b.segment(2).totalSegments(2)))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining(
                        "The Segment parameter is zero-based and must be less than parameter TotalSegments");
    }

    // TotalSegments is at most 1 000 000
    @Test
    void parallelScan_shouldRefuseTooManySegments() {
        assertThatThrownBy(() -> scan(b -> b.segment(0).totalSegments(1_000_001)))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // Scanning a table that does not exist: ResourceNotFoundException
    @Test
    void scan_shouldRefuseAMissingTable() {
        assertThatThrownBy(() -> table.dynamo.scan(b -> b.tableName("conformance-no-such-table")))
                .isInstanceOf(ResourceNotFoundException.class);
    }

    // An empty table scans to an empty page without LastEvaluatedKey
    @Test
    void scan_shouldAnswerAnEmptyTable() {
        try (ConformanceTable empty = ConformanceTable.hashOnly("scan-empty", ScalarAttributeType.S)) {
            ScanResponse response =
                    empty.dynamo.scan(b -> b.tableName(empty.name).consistentRead(true));

            assertThat(response.count()).isZero();
            assertThat(response.scannedCount()).isZero();
            assertThat(response.hasLastEvaluatedKey()).isFalse();
        }
    }

    // A malformed Scan filter is a syntax error naming the FilterExpression
    @Test
    void scan_shouldRefuseAFilterSyntaxError() {
        assertThatThrownBy(() ->
                        scan(b -> b.filterExpression("even = = :one").expressionAttributeValues(map(":one", n("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid FilterExpression: Syntax error; token:");
    }
}
