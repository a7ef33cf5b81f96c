package io.entitytable.local.engine.conformance.tables;

import static io.entitytable.local.engine.conformance.tables.ConformanceTables.definition;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.gsi;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.hashKey;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.hashRangeKeyTable;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.n;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.projectAll;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.projectInclude;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.projectKeysOnly;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.rangeKey;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.s;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertValidation;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Global (and local) secondary index semantics: sparse indexes, projections, no strongly consistent reads, order of
 * ties, paging keys and index key types. One table serves every case; each case writes items of its own index
 * partition ({@code status}), so that cases do not see each other's items. Index reads are eventually consistent on
 * DynamoDB, so a case polls until the items it wrote are visible.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html">Global secondary indexes</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-indexes-general-sparse-indexes.html">
 *     Sparse indexes</a>
 */
class GlobalSecondaryIndexConformanceTest {
    private static ConformanceTables tables;
    private static DynamoDbClient dynamo;
    private static String table;

    @BeforeAll
    static void createTable() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
        dynamo = tables.dynamo();
        table = ConformanceEndpoint.tableName("gsi");
        tables.create(hashRangeKeyTable(table, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S)
                .attributeDefinitions(
                        definition("pk", ScalarAttributeType.S),
                        definition("sk", ScalarAttributeType.S),
                        definition("status", ScalarAttributeType.S),
                        definition("rank", ScalarAttributeType.N),
                        definition("local", ScalarAttributeType.N))
                .globalSecondaryIndexes(
                        gsi("all", "status", "rank", projectAll()),
                        gsi("keys", "status", "rank", projectKeysOnly()),
                        gsi("some", "status", "rank", projectInclude("color")),
                        gsi("byStatus", "status", null, projectAll()))
                .localSecondaryIndexes(LocalSecondaryIndex.builder()
                        .indexName("byLocal")
                        .keySchema(hashKey("pk"), rangeKey("local"))
                        .projection(projectKeysOnly())
                        .build())
                .build());
    }

    @AfterAll
    static void deleteTable() {
        tables.close();
    }

    // Sparse index: an item without the index's partition key is absent from the index.
    @Test
    void query_shouldLeaveItemsWithoutIndexKeyOutOfTheIndex() {
        String status = unique();
        put(item("pk", "a", "sk", "1", "status", status, "rank", 1));
        put(item("pk", "b", "sk", "1", "rank", 2));

        List<Map<String, AttributeValue>> found = awaitIndex("byStatus", status, 1);

        assertThat(found).extracting(i -> i.get("pk").s()).containsExactly("a");
    }

    // Sparse index: an item with the index's partition key but not its sort key is absent from a hash-and-range index.
    @Test
    void query_shouldLeaveItemsWithoutIndexSortKeyOutOfTheIndex() {
        String status = unique();
        put(item("pk", "nosort", "sk", "1", "status", status));
        put(item("pk", "sorted", "sk", "1", "status", status, "rank", 5));
        awaitIndex("byStatus", status, 2);

        List<Map<String, AttributeValue>> found = awaitIndex("all", status, 1);

        assertThat(found).extracting(i -> i.get("pk").s()).containsExactly("sorted");
    }

    // Sparse index: a Scan of the index returns only the items that have its keys.
    @Test
    void scan_shouldReturnOnlyIndexedItems() {
        String status = unique();
        put(item("pk", "scan-" + status, "sk", "1", "status", status, "rank", 1));
        put(item("pk", "scan-" + status, "sk", "2", "rank", 1));
        awaitIndex("all", status, 1);

        List<Map<String, AttributeValue>> scanned = new ArrayList<>();
        dynamo.scanPaginator(b -> b.tableName(table).indexName("all")).items().forEach(scanned::add);

        assertThat(scanned)
                .filteredOn(i -> i.get("pk").s().equals("scan-" + status))
                .extracting(i -> i.get("sk").s())
                .containsExactly("1");
        assertThat(scanned).allSatisfy(i -> assertThat(i).containsKeys("status", "rank"));
    }

    // KEYS_ONLY projection: only the table's and the index's key attributes.
    @Test
    void query_shouldReturnOnlyKeysFromKeysOnlyIndex() {
        String status = unique();
        put(item("pk", "k", "sk", "1", "status", status, "rank", 1, "color", "red", "size", 9));

        List<Map<String, AttributeValue>> found = awaitIndex("keys", status, 1);

        assertThat(found.get(0)).containsOnlyKeys("pk", "sk", "status", "rank");
    }

    // INCLUDE projection: the keys and the named non-key attributes, nothing else.
    @Test
    void query_shouldReturnKeysAndIncludedAttributesFromIncludeIndex() {
        String status = unique();
        put(item("pk", "i", "sk", "1", "status", status, "rank", 1, "color", "red", "size", 9));

        List<Map<String, AttributeValue>> found = awaitIndex("some", status, 1);

        assertThat(found.get(0)).containsOnlyKeys("pk", "sk", "status", "rank", "color");
        assertThat(found.get(0).get("color")).isEqualTo(s("red"));
    }

    // ALL projection: every attribute of the item.
    @Test
    void query_shouldReturnWholeItemFromAllIndex() {
        String status = unique();
        Map<String, AttributeValue> written = item("pk", "w", "sk", "1", "status", status, "rank", 1, "size", 9);
        put(written);

        List<Map<String, AttributeValue>> found = awaitIndex("all", status, 1);

        assertThat(found.get(0)).isEqualTo(written);
    }

    // Strongly consistent reads are not supported on a GSI: Query with ConsistentRead is refused.
    @Test
    void query_shouldRefuseConsistentReadOnGlobalIndex() {
        assertValidation(
                () -> dynamo.query(
                        indexQuery("all", unique()).consistentRead(true).build()),
                "Consistent reads are not supported on global secondary indexes");
    }

    // Strongly consistent reads are not supported on a GSI: Scan with ConsistentRead is refused.
    @Test
    void scan_shouldRefuseConsistentReadOnGlobalIndex() {
        assertValidation(
                () -> dynamo.scan(b -> b.tableName(table).indexName("all").consistentRead(true)),
                "Consistent reads are not supported on global secondary indexes");
    }

    // A local secondary index supports strongly consistent reads.
    @Test
    void query_shouldAllowConsistentReadOnLocalIndex() {
        String pk = unique();
        put(item("pk", pk, "sk", "1", "local", 7));

        QueryResponse answer = dynamo.query(b -> b.tableName(table)
                .indexName("byLocal")
                .consistentRead(true)
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", s(pk))));

        assertThat(answer.items()).singleElement().satisfies(found -> assertThat(found)
                .containsOnlyKeys("pk", "sk", "local"));
    }

    // A local index is sorted by its own sort key, not the table's.
    @Test
    void query_shouldOrderLocalIndexByItsSortKey() {
        String pk = unique();
        put(item("pk", pk, "sk", "a", "local", 3));
        put(item("pk", pk, "sk", "b", "local", 1));
        put(item("pk", pk, "sk", "c", "local", 2));

        QueryResponse answer = dynamo.query(b -> b.tableName(table)
                .indexName("byLocal")
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", s(pk))));

        assertThat(answer.items()).extracting(i -> i.get("sk").s()).containsExactly("b", "c", "a");
    }

    // Items are in index sort key order; items of equal index keys follow the table's key order.
    @Test
    void query_shouldOrderTiesOfIndexKeyByTableKey() {
        String status = unique();
        put(item("pk", "tie", "sk", "c", "status", status, "rank", 1));
        put(item("pk", "tie", "sk", "a", "status", status, "rank", 1));
        put(item("pk", "tie", "sk", "b", "status", status, "rank", 1));
        put(item("pk", "tie", "sk", "0", "status", status, "rank", 2));

        List<Map<String, AttributeValue>> found = awaitIndex("all", status, 4);

        assertThat(found).extracting(i -> i.get("sk").s()).containsExactly("a", "b", "c", "0");
    }

    // LastEvaluatedKey of an index Query holds the table's key and the index's key, and resumes after that item.
    @Test
    void query_shouldGiveLastEvaluatedKeyWithTableAndIndexKeys() {
        String status = unique();
        for (int rank = 1; rank <= 3; rank++) {
            put(item("pk", "page" + rank, "sk", "s", "status", status, "rank", rank));
        }
        awaitIndex("all", status, 3);

        QueryResponse first = dynamo.query(indexQuery("all", status).limit(1).build());

        assertThat(first.lastEvaluatedKey()).containsOnlyKeys("pk", "sk", "status", "rank");
        assertThat(first.lastEvaluatedKey().get("rank")).isEqualTo(n(1));
        QueryResponse second = dynamo.query(indexQuery("all", status)
                .limit(1)
                .exclusiveStartKey(first.lastEvaluatedKey())
                .build());
        assertThat(second.items()).extracting(i -> i.get("pk").s()).containsExactly("page2");
    }

    // Paging through an index with Limit visits every indexed item once, in order.
    @Test
    void query_shouldPageThroughIndexWithoutRepeats() {
        String status = unique();
        for (int rank = 1; rank <= 7; rank++) {
            put(item("pk", "p" + rank, "sk", "s", "status", status, "rank", rank));
        }
        awaitIndex("all", status, 7);

        List<String> seen = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            QueryResponse page = dynamo.query(
                    indexQuery("all", status).limit(3).exclusiveStartKey(start).build());
            page.items().forEach(i -> seen.add(i.get("pk").s()));
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);

        assertThat(seen).containsExactly("p1", "p2", "p3", "p4", "p5", "p6", "p7");
    }

    // A write whose index key attribute has another type than its definition is refused.
    @Test
    void putItem_shouldRefuseIndexKeyOfWrongType() {
        assertValidation(
                () -> put(item("pk", "typed", "sk", "1", "status", unique(), "rank", "one")),
                "One or more parameter values were invalid",
                "Type mismatch for Index Key");
    }

    // An update setting an index key attribute to another type is refused too.
    @Test
    void updateItem_shouldRefuseIndexKeyOfWrongType() {
        put(item("pk", "typed-update", "sk", "1"));

        assertValidation(
                () -> dynamo.updateItem(b -> b.tableName(table)
                        .key(item("pk", "typed-update", "sk", "1"))
                        .updateExpression("SET #s = :v")
                        .expressionAttributeNames(Map.of("#s", "status"))
                        .expressionAttributeValues(Map.of(":v", n(5)))),
                "One or more parameter values were invalid");
    }

    // An index key attribute cannot be an empty string.
    @Test
    void putItem_shouldRefuseEmptyStringIndexKey() {
        assertValidation(() -> put(item("pk", "empty", "sk", "1", "status", "", "rank", 1)));
    }

    // A Query of an index the table does not have is refused.
    @Test
    void query_shouldRefuseUnknownIndex() {
        assertValidation(
                () -> dynamo.query(indexQuery("nosuchindex", "x").build()),
                "The table does not have the specified index");
    }

    // An index Query's key condition names the index's keys, not the table's.
    @Test
    void query_shouldRefuseKeyConditionOnTableKeyOfIndex() {
        assertValidation(() -> dynamo.query(b -> b.tableName(table)
                .indexName("all")
                .keyConditionExpression("pk = :pk")
                .expressionAttributeValues(Map.of(":pk", s("x")))));
    }

    // A GSI Query can only fetch projected attributes: ALL_ATTRIBUTES from a KEYS_ONLY GSI is refused.
    @Test
    void query_shouldRefuseAllAttributesFromKeysOnlyGlobalIndex() {
        assertValidation(() -> dynamo.query(
                indexQuery("keys", unique()).select(Select.ALL_ATTRIBUTES).build()));
    }

    // Changing an item's index key moves it: found under the new key, no longer under the old.
    @Test
    void updateItem_shouldMoveItemToItsNewIndexKey() {
        String before = unique();
        String after = unique();
        put(item("pk", "moving", "sk", before, "status", before, "rank", 1));
        awaitIndex("all", before, 1);

        put(item("pk", "moving", "sk", before, "status", after, "rank", 1));

        assertThat(awaitIndex("all", after, 1)).extracting(i -> i.get("pk").s()).containsExactly("moving");
        assertThat(awaitIndex("all", before, 0)).isEmpty();
    }

    // Deleting an item removes it from the index.
    @Test
    void deleteItem_shouldRemoveItemFromIndex() {
        String status = unique();
        put(item("pk", "deleted", "sk", status, "status", status, "rank", 1));
        awaitIndex("all", status, 1);

        dynamo.deleteItem(b -> b.tableName(table).key(item("pk", "deleted", "sk", status)));

        assertThat(awaitIndex("all", status, 0)).isEmpty();
    }

    private static void put(Map<String, AttributeValue> item) {
        dynamo.putItem(b -> b.tableName(table).item(item));
    }

    private static QueryRequest.Builder indexQuery(String index, String status) {
        return QueryRequest.builder()
                .tableName(table)
                .indexName(index)
                .keyConditionExpression("#s = :s")
                .expressionAttributeNames(Map.of("#s", "status"))
                .expressionAttributeValues(Map.of(":s", s(status)));
    }

    /** The index's items of {@code status}, once there are {@code count} of them (GSIs are eventually consistent). */
    private static List<Map<String, AttributeValue>> awaitIndex(String index, String status, int count) {
        return ConformanceTables.await(count + " items of " + status + " in " + index, () -> {
            List<Map<String, AttributeValue>> items = new ArrayList<>();
            dynamo.queryPaginator(indexQuery(index, status).build()).items().forEach(items::add);
            return items.size() == count ? items : null;
        });
    }

    private static String unique() {
        return UUID.randomUUID().toString();
    }
}
