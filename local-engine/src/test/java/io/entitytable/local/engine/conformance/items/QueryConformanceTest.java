package io.entitytable.local.engine.conformance.items;

import static io.entitytable.local.engine.conformance.items.ConformanceTable.b;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.bytes;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.map;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.n;
import static io.entitytable.local.engine.conformance.items.ConformanceTable.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * Query: items of one partition in sort key order (UTF-8 bytes for strings, numeric for numbers, unsigned bytes for
 * binaries), key conditions, Limit before the filter, paging with LastEvaluatedKey and ExclusiveStartKey, Select
 * COUNT, and the requests DynamoDB refuses.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_Query.html">Query</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Query.html">Querying tables</a>
 */
class QueryConformanceTest {
    private static ConformanceTable strings;
    private static ConformanceTable numbers;
    private static ConformanceTable binaries;

    @BeforeAll
    static void createTables() {
        strings = ConformanceTable.hashAndRange("query-s", ScalarAttributeType.S, ScalarAttributeType.S);
        numbers = ConformanceTable.hashAndRange("query-n", ScalarAttributeType.S, ScalarAttributeType.N);
        binaries = ConformanceTable.hashAndRange("query-b", ScalarAttributeType.S, ScalarAttributeType.B);
        for (String sk : List.of("b", "aa", "a", "B", "é", "~", "\uFF5E", "😀")) {
            strings.put(map("pk", s("order"), "sk", s(sk)));
        }
        for (String sk : List.of("a", "aa", "ab", "b", "ba", "c")) {
            strings.put(map("pk", s("conditions"), "sk", s(sk)));
        }
        strings.put(map("pk", s("other-partition"), "sk", s("a")));
        for (String sk : List.of("10", "2", "-1", "1.5", "-10", "0")) {
            numbers.put(map("pk", s("order"), "sk", n(sk)));
        }
        for (int i = 1; i <= 10; i++) {
            numbers.put(map("pk", s("ten"), "sk", n(Integer.toString(i)), "odd", n(Integer.toString(i % 2))));
        }
        for (SdkBytes sk : List.of(bytes(0xFF), bytes(0x01, 0x00), bytes(0x80), bytes(0x01), bytes(0x7F))) {
            binaries.put(map("pk", s("order"), "sk", AttributeValue.fromB(sk)));
        }
    }

    @AfterAll
    static void deleteTables() {
        strings.close();
        numbers.close();
        binaries.close();
    }

    private static QueryResponse query(ConformanceTable table, Consumer<QueryRequest.Builder> request) {
        return table.dynamo.query(b -> {
            // strongly consistent, so that items written just before are seen on DynamoDB too
            b.tableName(table.name).consistentRead(true);
            request.accept(b);
        });
    }

    private static QueryResponse partition(ConformanceTable table, String pk, Consumer<QueryRequest.Builder> more) {
        return query(table, b -> {
            b.keyConditionExpression("pk = :pk").expressionAttributeValues(map(":pk", s(pk)));
            more.accept(b);
        });
    }

    private static List<String> sortKeys(QueryResponse response) {
        List<String> keys = new ArrayList<>();
        for (Map<String, AttributeValue> item : response.items()) {
            AttributeValue sk = item.get("sk");
            keys.add(sk.s() != null ? sk.s() : sk.n());
        }
        return keys;
    }

    // String sort keys are ordered by their UTF-8 bytes: upper case first, "a" < "aa" < "b", and a character outside
    // the BMP after U+FF5E (UTF-16 code unit order would put it before)
    @Test
    void query_shouldOrderStringSortKeysByUtf8Bytes() {
        assertThat(sortKeys(partition(strings, "order", b -> {})))
                .containsExactly("B", "a", "aa", "b", "~", "é", "\uFF5E", "😀");
    }

    // Number sort keys are ordered numerically: 2 < 10, negatives first
    @Test
    void query_shouldOrderNumberSortKeysNumerically() {
        assertThat(sortKeys(partition(numbers, "order", b -> {}))).containsExactly("-10", "-1", "0", "1.5", "2", "10");
    }

    // Binary sort keys are ordered by unsigned bytes, a prefix before its extensions
    @Test
    void query_shouldOrderBinarySortKeysByUnsignedBytes() {
        List<SdkBytes> keys = partition(binaries, "order", b -> {}).items().stream()
                .map(item -> item.get("sk").b())
                .toList();

        assertThat(keys).containsExactly(bytes(0x01), bytes(0x01, 0x00), bytes(0x7F), bytes(0x80), bytes(0xFF));
    }

    // ScanIndexForward false returns the partition in descending sort key order
    @Test
    void query_scanIndexForwardFalse_shouldReverseTheOrder() {
        assertThat(sortKeys(partition(numbers, "order", b -> b.scanIndexForward(false))))
                .containsExactly("10", "2", "1.5", "0", "-1", "-10");
    }

    // A query reads one partition only
    @Test
    void query_shouldReturnOnlyTheRequestedPartition() {
        QueryResponse response = partition(strings, "other-partition", b -> {});

        assertThat(response.items()).containsExactly(map("pk", s("other-partition"), "sk", s("a")));
    }

    // A partition with no items answers an empty page without LastEvaluatedKey
    @Test
    void query_shouldAnswerAnEmptyPartition() {
        QueryResponse response = partition(strings, "nothing-here", b -> {});

        assertThat(response.count()).isZero();
        assertThat(response.items()).isEmpty();
        assertThat(response.hasLastEvaluatedKey()).isFalse();
    }

    // Each sort key comparison of a key condition selects its range of the partition
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "sk = :a | ab | | ab",
                "sk < :a | b | | a aa ab",
                "sk <= :a | b | | a aa ab b",
                "sk > :a | b | | ba c",
                "sk >= :a | b | | b ba c",
                "sk BETWEEN :a AND :b | aa | b | aa ab b",
                "sk BETWEEN :a AND :b | ab | ab | ab",
                "begins_with(sk, :a) | a | | a aa ab",
                "begins_with(sk, :a) | b | | b ba",
                "begins_with(sk, :a) | z | | ",
                "sk > :a | c | | "
            })
    void query_keyCondition_shouldSelectTheSortKeyRange(String condition, String a, String bound, String expected) {
        Map<String, AttributeValue> values = map(":pk", s("conditions"), ":a", s(a));
        if (bound != null) {
            values.put(":b", s(bound));
        }

        QueryResponse response = query(strings, b -> b.keyConditionExpression("pk = :pk AND " + condition)
                .expressionAttributeValues(values));

        assertThat(sortKeys(response))
                .containsExactly(
                        expected == null ? new String[0] : expected.trim().split(" "));
    }

    // Key conditions may name the key attributes through placeholders
    @Test
    void query_keyCondition_shouldResolvePlaceholders() {
        QueryResponse response = query(strings, b -> b.keyConditionExpression("#p = :pk AND #s = :a")
                .expressionAttributeNames(Map.of("#p", "pk", "#s", "sk"))
                .expressionAttributeValues(map(":pk", s("conditions"), ":a", s("ba"))));

        assertThat(sortKeys(response)).containsExactly("ba");
    }

    // Numeric key conditions compare numbers: BETWEEN 2 AND 10 excludes 1.5
    @Test
    void query_keyCondition_shouldCompareNumbersNumerically() {
        QueryResponse response = query(numbers, b -> b.keyConditionExpression("pk = :pk AND sk BETWEEN :lo AND :hi")
                .expressionAttributeValues(map(":pk", s("order"), ":lo", n("2"), ":hi", n("10"))));

        assertThat(sortKeys(response)).containsExactly("2", "10");
    }

    // Limit caps the items read before the filter applies: Count counts matches, ScannedCount what was read
    @Test
    void query_limit_shouldApplyBeforeTheFilter() {
        QueryResponse response = query(numbers, b -> b.keyConditionExpression("pk = :pk")
                .filterExpression("odd = :one")
                .expressionAttributeValues(map(":pk", s("ten"), ":one", n("1")))
                .limit(4));

        assertThat(response.scannedCount()).isEqualTo(4);
        assertThat(response.count()).isEqualTo(2);
        assertThat(sortKeys(response)).containsExactly("1", "3");
        assertThat(response.lastEvaluatedKey()).isEqualTo(map("pk", s("ten"), "sk", n("4")));
    }

    // Following LastEvaluatedKey with ExclusiveStartKey returns every item once, in order
    @Test
    void query_paging_shouldReturnEveryItemOnce() {
        List<String> all = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = partition(numbers, "ten", b -> b.limit(3).exclusiveStartKey(from));
            all.addAll(sortKeys(page));
            start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
            pages++;
        } while (start != null && pages < 20);

        assertThat(all).containsExactly("1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
        assertThat(pages).isEqualTo(4);
    }

    // A page that ends exactly at the last item still has a LastEvaluatedKey; the next page is empty and has none
    @Test
    void query_paging_shouldGiveAnEmptyLastPageWhenTheLimitEndsThePartition() {
        QueryResponse second =
                partition(numbers, "ten", b -> b.limit(5).exclusiveStartKey(map("pk", s("ten"), "sk", n("5"))));
        assertThat(sortKeys(second)).containsExactly("6", "7", "8", "9", "10");
        assertThat(second.lastEvaluatedKey()).isEqualTo(map("pk", s("ten"), "sk", n("10")));

        QueryResponse third = partition(numbers, "ten", b -> b.limit(5).exclusiveStartKey(second.lastEvaluatedKey()));
        assertThat(third.count()).isZero();
        assertThat(third.hasLastEvaluatedKey()).isFalse();
    }

    // ExclusiveStartKey need not name an existing item: the query starts after where it would be
    @Test
    void query_exclusiveStartKey_shouldStartAfterAKeyWithNoItem() {
        QueryResponse response =
                partition(numbers, "ten", b -> b.exclusiveStartKey(map("pk", s("ten"), "sk", n("4.5"))));

        assertThat(sortKeys(response)).containsExactly("5", "6", "7", "8", "9", "10");
    }

    // ExclusiveStartKey in a descending query continues downwards
    @Test
    void query_exclusiveStartKey_shouldContinueDownwardsInADescendingQuery() {
        QueryResponse response = partition(
                numbers, "ten", b -> b.scanIndexForward(false).exclusiveStartKey(map("pk", s("ten"), "sk", n("5"))));

        assertThat(sortKeys(response)).containsExactly("4", "3", "2", "1");
    }

    // Select COUNT returns the number of matching items and no items
    @Test
    void query_selectCount_shouldReturnOnlyTheCount() {
        QueryResponse response = partition(numbers, "ten", b -> b.select(Select.COUNT));

        assertThat(response.count()).isEqualTo(10);
        assertThat(response.scannedCount()).isEqualTo(10);
        assertThat(response.hasItems()).isFalse();
    }

    // Select COUNT counts after the filter
    @Test
    void query_selectCountWithFilter_shouldCountTheMatches() {
        QueryResponse response = query(numbers, b -> b.keyConditionExpression("pk = :pk")
                .filterExpression("odd = :zero")
                .expressionAttributeValues(map(":pk", s("ten"), ":zero", n("0")))
                .select(Select.COUNT));

        assertThat(response.count()).isEqualTo(5);
        assertThat(response.scannedCount()).isEqualTo(10);
    }

    // The key condition must test the partition key
    @Test
    void query_shouldRefuseAKeyConditionWithoutThePartitionKey() {
        assertThatThrownBy(() -> query(
                        strings, b -> b.keyConditionExpression("sk = :a").expressionAttributeValues(map(":a", s("a")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Query condition missed key schema element");
    }

    // The partition key takes equality only
    @Test
    void query_shouldRefuseARangeOnThePartitionKey() {
        assertThatThrownBy(() -> query(
                        strings, b -> b.keyConditionExpression("pk > :a").expressionAttributeValues(map(":a", s("a")))))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // Key conditions are joined by AND only
    @Test
    void query_shouldRefuseOrInAKeyCondition() {
        assertThatThrownBy(() -> query(strings, b -> b.keyConditionExpression("pk = :pk OR sk = :a")
                        .expressionAttributeValues(map(":pk", s("x"), ":a", s("a")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Invalid operator used in KeyConditionExpression: OR");
    }

    // A key condition may only name key attributes
    @Test
    void query_shouldRefuseANonKeyAttributeInAKeyCondition() {
        assertThatThrownBy(() -> query(strings, b -> b.keyConditionExpression("pk = :pk AND extra = :a")
                        .expressionAttributeValues(map(":pk", s("x"), ":a", s("a")))))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // The sort key may be tested once only
    @Test
    void query_shouldRefuseTwoConditionsOnTheSortKey() {
        assertThatThrownBy(() -> query(strings, b -> b.keyConditionExpression("pk = :pk AND sk > :a AND sk < :b")
                        .expressionAttributeValues(map(":pk", s("x"), ":a", s("a"), ":b", s("b")))))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // A key condition's value must have the key's type
    @Test
    void query_shouldRefuseAValueOfTheWrongTypeForTheKey() {
        assertThatThrownBy(() -> query(strings, b -> b.keyConditionExpression("pk = :pk")
                        .expressionAttributeValues(map(":pk", n("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Condition parameter type does not match schema type");
    }

    // begins_with takes string or binary keys only
    @Test
    void query_shouldRefuseBeginsWithOnANumberSortKey() {
        assertThatThrownBy(() -> query(numbers, b -> b.keyConditionExpression("pk = :pk AND begins_with(sk, :a)")
                        .expressionAttributeValues(map(":pk", s("ten"), ":a", n("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("begins_with");
    }

    // A Query filter may not name the sort key
    @Test
    void query_shouldRefuseAFilterOnTheSortKey() {
        assertThatThrownBy(() -> query(numbers, b -> b.keyConditionExpression("pk = :pk")
                        .filterExpression("sk > :a")
                        .expressionAttributeValues(map(":pk", s("ten"), ":a", n("1")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Filter Expression can only contain non-primary key attributes")
                .hasMessageContaining("sk");
    }

    // ... nor the partition key
    @Test
    void query_shouldRefuseAFilterOnThePartitionKey() {
        assertThatThrownBy(() -> query(numbers, b -> b.keyConditionExpression("pk = :pk")
                        .filterExpression("attribute_exists(pk)")
                        .expressionAttributeValues(map(":pk", s("ten")))))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Filter Expression can only contain non-primary key attributes");
    }

    // A query needs a key condition
    @Test
    void query_shouldRefuseARequestWithoutKeyCondition() {
        assertThatThrownBy(() -> query(strings, b -> {}))
                .isInstanceOf(DynamoDbException.class)
                .hasMessageContaining("Either the KeyConditions or KeyConditionExpression parameter must be specified");
    }

    // Limit must be at least 1
    @Test
    void query_shouldRefuseLimitZero() {
        assertThatThrownBy(() -> partition(numbers, "ten", b -> b.limit(0)))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // ExclusiveStartKey must be a full key of the table
    @Test
    void query_shouldRefuseAnIncompleteExclusiveStartKey() {
        assertThatThrownBy(() -> partition(numbers, "ten", b -> b.exclusiveStartKey(map("pk", s("ten")))))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // Binary key conditions compare unsigned bytes too
    @Test
    void query_keyCondition_shouldCompareBinariesUnsigned() {
        QueryResponse response = query(binaries, b -> b.keyConditionExpression("pk = :pk AND sk > :v")
                .expressionAttributeValues(map(":pk", s("order"), ":v", b(0x7F))));

        assertThat(response.items().stream().map(item -> item.get("sk").b()).toList())
                .containsExactly(bytes(0x80), bytes(0xFF));
    }

    // begins_with works on binary sort keys, byte by byte
    @Test
    void query_keyCondition_shouldMatchABinaryPrefix() {
        QueryResponse response = query(binaries, b -> b.keyConditionExpression("pk = :pk AND begins_with(sk, :p)")
                .expressionAttributeValues(map(":pk", s("order"), ":p", b(0x01))));

        assertThat(response.items().stream().map(item -> item.get("sk").b()).toList())
                .containsExactly(bytes(0x01), bytes(0x01, 0x00));
    }

    // Paging a descending query continues downwards from each LastEvaluatedKey
    @Test
    void query_paging_shouldFollowADescendingQuery() {
        List<String> all = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = partition(
                    numbers, "ten", b -> b.scanIndexForward(false).limit(4).exclusiveStartKey(from));
            all.addAll(sortKeys(page));
            start = page.hasLastEvaluatedKey() ? page.lastEvaluatedKey() : null;
            pages++;
        } while (start != null && pages < 20);

        assertThat(all).containsExactly("10", "9", "8", "7", "6", "5", "4", "3", "2", "1");
    }

    // Select ALL_ATTRIBUTES cannot be combined with a ProjectionExpression
    @Test
    void query_shouldRefuseAllAttributesWithAProjection() {
        assertThatThrownBy(() -> partition(
                        numbers, "ten", b -> b.select(Select.ALL_ATTRIBUTES).projectionExpression("odd")))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // Select SPECIFIC_ATTRIBUTES needs a ProjectionExpression naming them
    @Test
    void query_shouldRefuseSpecificAttributesWithoutAProjection() {
        assertThatThrownBy(() -> partition(numbers, "ten", b -> b.select(Select.SPECIFIC_ATTRIBUTES)))
                .isInstanceOf(DynamoDbException.class)
                .satisfies(e -> assertThat(((DynamoDbException) e).statusCode()).isEqualTo(400));
    }

    // Select SPECIFIC_ATTRIBUTES with a ProjectionExpression returns the named attributes
    @Test
    void query_specificAttributes_shouldReturnTheProjection() {
        QueryResponse response = partition(numbers, "ten", b -> b.select(Select.SPECIFIC_ATTRIBUTES)
                .projectionExpression("odd")
                .limit(1));

        assertThat(response.items()).containsExactly(map("odd", n("1")));
    }
}
