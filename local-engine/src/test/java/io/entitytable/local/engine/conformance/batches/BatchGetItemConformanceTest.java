package io.entitytable.local.engine.conformance.batches;

import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertRefused;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertValidation;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import io.entitytable.local.engine.conformance.tables.ConformanceTables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * BatchGetItem: up to 100 keys over one or more tables, no key twice, missing items simply absent, projections.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchGetItem.html">BatchGetItem</a>
 */
class BatchGetItemConformanceTest {
    private static ConformanceTables tables;
    private static DynamoDbClient dynamo;
    private static String table;
    private static String other;
    private static String prefix;

    @BeforeAll
    static void createTables() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
        dynamo = tables.dynamo();
        table = tables.hashTable("batchget");
        other = tables.hashRangeTable("batchget2");
        prefix = UUID.randomUUID().toString();
        for (int start = 0; start < 100; start += 25) {
            List<WriteRequest> writes = new ArrayList<>();
            for (int i = start; i < start + 25; i++) {
                writes.add(BatchWriteItemConformanceTest.put(item("pk", prefix + i, "n", i, "a", "A", "b", "B")));
            }
            dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, writes)));
        }
        dynamo.putItem(b -> b.tableName(other).item(item("pk", prefix, "sk", "s", "in", "other")));
    }

    @AfterAll
    static void deleteTables() {
        tables.close();
    }

    // Each existing item is returned whole; nothing is left unprocessed.
    @Test
    void batchGetItem_shouldReturnRequestedItems() {
        BatchGetItemResponse answer = dynamo.batchGetItem(b -> b.requestItems(Map.of(table, keys(0, 1, 2))));

        assertThat(answer.responses().get(table))
                .extracting(found -> found.get("pk").s())
                .containsExactlyInAnyOrder(prefix + 0, prefix + 1, prefix + 2);
        assertThat(answer.responses().get(table))
                .allSatisfy(found -> assertThat(found).containsOnlyKeys("pk", "n", "a", "b"));
        assertThat(answer.unprocessedKeys()).isEmpty();
    }

    // A key of no item is simply absent from the answer.
    @Test
    void batchGetItem_shouldLeaveMissingItemsOut() {
        KeysAndAttributes keys = KeysAndAttributes.builder()
                .keys(key(0), item("pk", "missing-" + prefix))
                .build();

        BatchGetItemResponse answer = dynamo.batchGetItem(b -> b.requestItems(Map.of(table, keys)));

        assertThat(answer.responses().get(table))
                .extracting(found -> found.get("pk").s())
                .containsExactly(prefix + 0);
    }

    // 100 keys, the most allowed, are all returned.
    @Test
    void batchGetItem_shouldReturnHundredItems() {
        int[] all = new int[100];
        for (int i = 0; i < 100; i++) {
            all[i] = i;
        }

        BatchGetItemResponse answer = dynamo.batchGetItem(b -> b.requestItems(Map.of(table, keys(all))));

        assertThat(answer.responses().get(table)).hasSize(100);
    }

    // More than 100 keys in one call are refused.
    @Test
    void batchGetItem_shouldRefuseMoreThanHundredKeys() {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            keys.add(item("pk", "k" + i));
        }

        assertValidation(
                () -> dynamo.batchGetItem(b -> b.requestItems(
                        Map.of(table, KeysAndAttributes.builder().keys(keys).build()))),
                "Too many items requested for the BatchGetItem call");
    }

    // The same key twice in one call is refused.
    @Test
    void batchGetItem_shouldRefuseDuplicateKeys() {
        assertValidation(
                () -> dynamo.batchGetItem(b -> b.requestItems(Map.of(table, keys(3, 3)))),
                "Provided list of item keys contains duplicates");
    }

    // ProjectionExpression (with ExpressionAttributeNames) limits the attributes returned.
    @Test
    void batchGetItem_shouldApplyProjectionExpression() {
        KeysAndAttributes keys = keys(4, 5).toBuilder()
                .projectionExpression("pk, #a")
                .expressionAttributeNames(Map.of("#a", "a"))
                .build();

        BatchGetItemResponse answer = dynamo.batchGetItem(b -> b.requestItems(Map.of(table, keys)));

        assertThat(answer.responses().get(table)).hasSize(2).allSatisfy(found -> assertThat(found)
                .containsOnlyKeys("pk", "a"));
    }

    // One call reads from several tables; responses are keyed by table name.
    @Test
    void batchGetItem_shouldReadFromSeveralTables() {
        BatchGetItemResponse answer = dynamo.batchGetItem(b -> b.requestItems(Map.of(
                table,
                keys(6),
                other,
                KeysAndAttributes.builder().keys(item("pk", prefix, "sk", "s")).build())));

        assertThat(answer.responses()).containsOnlyKeys(table, other);
        assertThat(answer.responses().get(other))
                .singleElement()
                .satisfies(found -> assertThat(found.get("in").s()).isEqualTo("other"));
    }

    // ConsistentRead is accepted per table.
    @Test
    void batchGetItem_shouldAcceptConsistentRead() {
        BatchGetItemResponse answer = dynamo.batchGetItem(b -> b.requestItems(
                Map.of(table, keys(7).toBuilder().consistentRead(true).build())));

        assertThat(answer.responses().get(table)).hasSize(1);
    }

    // A key that does not match the table's key schema is refused.
    @Test
    void batchGetItem_shouldRefuseKeyNotMatchingSchema() {
        assertValidation(
                () -> dynamo.batchGetItem(b -> b.requestItems(Map.of(
                        table,
                        KeysAndAttributes.builder()
                                .keys(item("pk", prefix + 0, "sk", "x"))
                                .build()))),
                "The provided key element does not match the schema");
    }

    // A table that does not exist: ResourceNotFoundException.
    @Test
    void batchGetItem_shouldRefuseMissingTable() {
        assertRefused(
                () -> dynamo.batchGetItem(b -> b.requestItems(Map.of(
                        ConformanceEndpoint.tableName("missing"),
                        KeysAndAttributes.builder().keys(item("pk", "x")).build()))),
                ResourceNotFoundException.class,
                "ResourceNotFoundException");
    }

    // A table with no keys is refused (each table has 1 to 100 keys).
    @Test
    void batchGetItem_shouldRefuseTableWithoutKeys() {
        assertValidation(() -> dynamo.batchGetItem(b -> b.requestItems(
                Map.of(table, KeysAndAttributes.builder().keys(List.of()).build()))));
    }

    private static Map<String, AttributeValue> key(int i) {
        return item("pk", prefix + i);
    }

    private static KeysAndAttributes keys(int... numbers) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i : numbers) {
            keys.add(key(i));
        }
        return KeysAndAttributes.builder().keys(keys).build();
    }
}
