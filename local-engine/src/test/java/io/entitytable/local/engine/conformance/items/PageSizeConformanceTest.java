package io.entitytable.local.engine.conformance.items;

import static io.entitytable.local.engine.conformance.items.ConformanceTable.map;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.n;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.s;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * A Query or Scan page stops once it has read 1 MB of items, with a LastEvaluatedKey, whatever the filter keeps and
 * also for Select COUNT. The partition here holds 30 items of about 100 KB (3 MB).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Query.Pagination.html">Paginating
 *     query results</a>
 */
class PageSizeConformanceTest {
    private static final int ITEMS = 30;
    private static final int ITEM_BYTES = 100 * 1024;
    private static ConformanceTable table;

    @BeforeAll
    static void createTable() {
        table = ConformanceTable.hashAndRange("pages", ScalarAttributeType.S, ScalarAttributeType.N);
        String payload = "x".repeat(ITEM_BYTES);
        for (int i = 0; i < ITEMS; i++) {
            table.put(map("pk", s("big"), "sk", n(Integer.toString(i)), "payload", s(payload)));
        }
    }

    @AfterAll
    static void deleteTable() {
        table.close();
    }

    private static QueryResponse query(Map<String, AttributeValue> start, boolean filterAll, boolean count) {
        return table.dynamo.query(b -> {
            b.tableName(table.name)
                    .consistentRead(true)
                    .keyConditionExpression("pk = :pk")
                    .exclusiveStartKey(start);
            if (filterAll) {
                b.filterExpression("attribute_not_exists(payload)");
            }
            if (count) {
                b.select(Select.COUNT);
            }
            b.expressionAttributeValues(map(":pk", s("big")));
        });
    }

    // A Query page stops near 1 MB of items and says where to go on
    @Test
    void query_shouldStopAPageAtOneMegabyte() {
        QueryResponse first = query(null, false, false);

        assertThat(first.count()).isBetween(9, 11);
        assertThat(first.lastEvaluatedKey())
                .isEqualTo(first.items().get(first.count() - 1).entrySet().stream()
                        .filter(e -> !e.getKey().equals("payload"))
                        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
    }

    // Following the pages returns all 3 MB, in at least three pages
    @Test
    void query_pages_shouldTogetherReturnEveryItem() {
        int total = 0;
        int pages = 0;
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse page = query(start, false, false);
            total += page.count();
            start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
            pages++;
        } while (start != null && pages < 50);

        assertThat(total).isEqualTo(ITEMS);
        assertThat(pages).isBetween(3, 4);
    }

    // The 1 MB applies to what is read, before the filter: a filter that keeps nothing still pages
    @Test
    void query_withAFilterThatKeepsNothing_shouldStillStopAtOneMegabyte() {
        QueryResponse first = query(null, true, false);

        assertThat(first.count()).isZero();
        assertThat(first.scannedCount()).isBetween(9, 11);
        assertThat(first.hasLastEvaluatedKey()).isTrue();
    }

    // Select COUNT reads the same 1 MB per page
    @Test
    void query_selectCount_shouldStopAtOneMegabyte() {
        QueryResponse first = query(null, false, true);

        assertThat(first.count()).isBetween(9, 11);
        assertThat(first.hasLastEvaluatedKey()).isTrue();
    }

    // A Scan page stops near 1 MB too
    @Test
    void scan_shouldStopAPageAtOneMegabyte() {
        ScanResponse first = table.dynamo.scan(b -> b.tableName(table.name).consistentRead(true));

        assertThat(first.count()).isBetween(9, 11);
        assertThat(first.hasLastEvaluatedKey()).isTrue();
    }
}
