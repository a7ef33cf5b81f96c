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
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * BatchWriteItem: up to 25 puts and deletes over one or more tables, no key twice, each write atomic on its own.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchWriteItem.html">
 *     BatchWriteItem</a>
 */
class BatchWriteItemConformanceTest {
    private static ConformanceTables tables;
    private static DynamoDbClient dynamo;
    private static String table;
    private static String other;

    @BeforeAll
    static void createTables() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
        dynamo = tables.dynamo();
        table = tables.hashTable("batchwrite");
        other = tables.hashRangeTable("batchwrite2");
    }

    @AfterAll
    static void deleteTables() {
        tables.close();
    }

    // 25 puts in one call are all applied, and nothing is left unprocessed.
    @Test
    void batchWriteItem_shouldPutTwentyFiveItems() {
        String prefix = unique();
        List<WriteRequest> writes = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            writes.add(put(item("pk", prefix + i, "n", i)));
        }

        BatchWriteItemResponse answer = dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, writes)));

        assertThat(answer.unprocessedItems()).isEmpty();
        for (int i = 0; i < 25; i++) {
            String pk = prefix + i;
            assertThat(dynamo.getItem(
                                    b -> b.tableName(table).key(item("pk", pk)).consistentRead(true))
                            .item())
                    .containsEntry("n", AttributeValue.fromN(Integer.toString(i)));
        }
    }

    // More than 25 requests in one call are refused.
    @Test
    void batchWriteItem_shouldRefuseMoreThanTwentyFiveRequests() {
        String prefix = unique();
        List<WriteRequest> writes = new ArrayList<>();
        for (int i = 0; i < 26; i++) {
            writes.add(put(item("pk", prefix + i)));
        }

        assertValidation(
                () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, writes))),
                "Member must have length less than or equal to 25");
        assertThat(dynamo.getItem(b ->
                                b.tableName(table).key(item("pk", prefix + 0)).consistentRead(true))
                        .hasItem())
                .isFalse();
    }

    // The 25 are counted over all tables of the call.
    @Test
    void batchWriteItem_shouldCountRequestsOverAllTables() {
        String prefix = unique();
        List<WriteRequest> first = new ArrayList<>();
        List<WriteRequest> second = new ArrayList<>();
        for (int i = 0; i < 13; i++) {
            first.add(put(item("pk", prefix + i)));
            second.add(put(item("pk", prefix + i, "sk", "s")));
        }

        assertValidation(() -> dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, first, other, second))));
    }

    // Two puts of the same key in one call are refused.
    @Test
    void batchWriteItem_shouldRefuseDuplicateKeys() {
        String pk = unique();

        assertValidation(
                () -> dynamo.batchWriteItem(b -> b.requestItems(
                        Map.of(table, List.of(put(item("pk", pk, "v", 1)), put(item("pk", pk, "v", 2)))))),
                "Provided list of item keys contains duplicates");
    }

    // A put and a delete of the same key in one call are refused as duplicates too.
    @Test
    void batchWriteItem_shouldRefusePutAndDeleteOfTheSameKey() {
        String pk = unique();

        assertValidation(
                () -> dynamo.batchWriteItem(
                        b -> b.requestItems(Map.of(table, List.of(put(item("pk", pk)), delete(item("pk", pk)))))),
                "Provided list of item keys contains duplicates");
    }

    // Puts and deletes of different keys mix in one call.
    @Test
    void batchWriteItem_shouldApplyPutsAndDeletes() {
        String kept = unique();
        String removed = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", removed)));

        BatchWriteItemResponse answer = dynamo.batchWriteItem(
                b -> b.requestItems(Map.of(table, List.of(put(item("pk", kept)), delete(item("pk", removed))))));

        assertThat(answer.unprocessedItems()).isEmpty();
        assertThat(exists(table, item("pk", kept))).isTrue();
        assertThat(exists(table, item("pk", removed))).isFalse();
    }

    // A delete of an item that does not exist is no error.
    @Test
    void batchWriteItem_shouldAcceptDeleteOfMissingItem() {
        BatchWriteItemResponse answer =
                dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(delete(item("pk", unique()))))));

        assertThat(answer.unprocessedItems()).isEmpty();
    }

    // One call writes to several tables.
    @Test
    void batchWriteItem_shouldWriteToSeveralTables() {
        String pk = unique();

        dynamo.batchWriteItem(b -> b.requestItems(
                Map.of(table, List.of(put(item("pk", pk))), other, List.of(put(item("pk", pk, "sk", "s"))))));

        assertThat(exists(table, item("pk", pk))).isTrue();
        assertThat(exists(other, item("pk", pk, "sk", "s"))).isTrue();
    }

    // A put replaces the whole item, as PutItem does.
    @Test
    void batchWriteItem_shouldReplaceExistingItem() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "old", "x")));

        dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(put(item("pk", pk, "new", "y"))))));

        assertThat(dynamo.getItem(b -> b.tableName(table).key(item("pk", pk)).consistentRead(true))
                        .item())
                .isEqualTo(item("pk", pk, "new", "y"));
    }

    // A request without any table is refused.
    @Test
    void batchWriteItem_shouldRefuseEmptyRequest() {
        assertValidation(() -> dynamo.batchWriteItem(b -> b.requestItems(Map.of())));
    }

    // A table with an empty list of writes is refused (each table has 1 to 25 requests).
    @Test
    void batchWriteItem_shouldRefuseTableWithoutWrites() {
        assertValidation(() -> dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, List.of()))));
    }

    // A put of an item without its key attribute is refused.
    @Test
    void batchWriteItem_shouldRefuseItemWithoutKey() {
        assertValidation(
                () -> dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(put(item("other", "x")))))),
                "One or more parameter values were invalid");
    }

    // A delete whose key does not match the table's key schema is refused.
    @Test
    void batchWriteItem_shouldRefuseKeyNotMatchingSchema() {
        assertValidation(
                () -> dynamo.batchWriteItem(
                        b -> b.requestItems(Map.of(table, List.of(delete(item("pk", unique(), "extra", "x")))))),
                "The provided key element does not match the schema");
    }

    // A table that does not exist: ResourceNotFoundException.
    @Test
    void batchWriteItem_shouldRefuseMissingTable() {
        assertRefused(
                () -> dynamo.batchWriteItem(b -> b.requestItems(
                        Map.of(ConformanceEndpoint.tableName("missing"), List.of(put(item("pk", "x")))))),
                ResourceNotFoundException.class,
                "ResourceNotFoundException");
    }

    // ReturnConsumedCapacity TOTAL gives one entry per table written.
    @Test
    void batchWriteItem_shouldReportConsumedCapacityPerTable() {
        String pk = unique();

        BatchWriteItemResponse answer =
                dynamo.batchWriteItem(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .requestItems(Map.of(
                                table,
                                List.of(put(item("pk", pk)), put(item("pk", pk + "2"))),
                                other,
                                List.of(put(item("pk", pk, "sk", "s"))))));

        assertThat(answer.consumedCapacity())
                .anySatisfy(c -> {
                    assertThat(c.tableName()).isEqualTo(table);
                    assertThat(c.capacityUnits()).isEqualTo(2.0);
                })
                .anySatisfy(c -> {
                    assertThat(c.tableName()).isEqualTo(other);
                    assertThat(c.capacityUnits()).isEqualTo(1.0);
                });
    }

    private static boolean exists(String tableName, Map<String, AttributeValue> key) {
        return dynamo.getItem(b -> b.tableName(tableName).key(key).consistentRead(true))
                .hasItem();
    }

    static WriteRequest put(Map<String, AttributeValue> item) {
        return WriteRequest.builder().putRequest(p -> p.item(item)).build();
    }

    static WriteRequest delete(Map<String, AttributeValue> key) {
        return WriteRequest.builder().deleteRequest(d -> d.key(key)).build();
    }

    private static String unique() {
        return UUID.randomUUID().toString();
    }
}
