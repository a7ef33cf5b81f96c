package io.entitytable.local.engine.conformance.tables;

import static io.entitytable.local.engine.conformance.tables.ConformanceTables.definition;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.gsi;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.hashKeyTable;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.projectAll;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.s;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * ReturnConsumedCapacity: TOTAL and INDEXES. Reads cost one unit per 4 KB strongly consistent, half that eventually
 * consistent; writes one unit per KB (the larger of the item before and after), plus one write per index the write
 * touches (two when the index key changes); transactional reads and writes cost double.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html">
 *     Capacity unit consumption</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html#GSI.ThroughputConsiderations">
 *     GSI throughput considerations</a>
 */
class ConsumedCapacityConformanceTest {
    private static ConformanceTables tables;
    private static DynamoDbClient dynamo;
    private static String table;

    @BeforeAll
    static void createTable() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
        dynamo = tables.dynamo();
        table = ConformanceEndpoint.tableName("capacity");
        tables.create(hashKeyTable(table, "pk", ScalarAttributeType.S)
                .attributeDefinitions(definition("pk", ScalarAttributeType.S), definition("g", ScalarAttributeType.S))
                .globalSecondaryIndexes(gsi("byG", "g", null, projectAll()))
                .build());
    }

    @AfterAll
    static void deleteTable() {
        tables.close();
    }

    // GetItem: ceil(size / 4 KB) units strongly consistent, half of it eventually consistent.
    @ParameterizedTest(name = "{0} bytes, consistent={1}: {2}")
    @CsvSource({"100, false, 0.5", "100, true, 1.0", "6000, false, 1.0", "6000, true, 2.0", "9000, true, 3.0"})
    void getItem_shouldConsumeReadUnitsPerFourKilobytes(int size, boolean consistent, double units) {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "data", text(size))));

        ConsumedCapacity consumed = dynamo.getItem(b -> b.tableName(table)
                        .key(item("pk", pk))
                        .consistentRead(consistent)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();

        assertThat(consumed.tableName()).isEqualTo(table);
        assertThat(consumed.capacityUnits()).isEqualTo(units);
    }

    // A GetItem of a missing item still consumes a read (the minimum).
    @Test
    void getItem_shouldConsumeMinimumForMissingItem() {
        ConsumedCapacity consumed = dynamo.getItem(b -> b.tableName(table)
                        .key(item("pk", unique()))
                        .consistentRead(true)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();

        assertThat(consumed.capacityUnits()).isEqualTo(1.0);
    }

    // Without ReturnConsumedCapacity (or with NONE) the answer has no ConsumedCapacity.
    @Test
    void getItem_shouldOmitConsumedCapacityWhenNotAsked() {
        assertThat(dynamo.getItem(b -> b.tableName(table).key(item("pk", unique())))
                        .consumedCapacity())
                .isNull();
        assertThat(dynamo.getItem(b -> b.tableName(table)
                                .key(item("pk", unique()))
                                .returnConsumedCapacity(ReturnConsumedCapacity.NONE))
                        .consumedCapacity())
                .isNull();
    }

    // PutItem: ceil(size / 1 KB) write units.
    @ParameterizedTest(name = "{0} bytes: {1}")
    @CsvSource({"100, 1.0", "1500, 2.0", "2500, 3.0"})
    void putItem_shouldConsumeWriteUnitsPerKilobyte(int size, double units) {
        ConsumedCapacity consumed = dynamo.putItem(b -> b.tableName(table)
                        .item(item("pk", unique(), "data", text(size)))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();

        assertThat(consumed.capacityUnits()).isEqualTo(units);
    }

    // A PutItem replacing an item costs by the larger of the old and the new item.
    @Test
    void putItem_shouldConsumeByTheLargerOfOldAndNewItem() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "data", text(2500))));

        ConsumedCapacity consumed = dynamo.putItem(b ->
                        b.tableName(table).item(item("pk", pk)).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();

        assertThat(consumed.capacityUnits()).isEqualTo(3.0);
    }

    // A DeleteItem costs by the size of the deleted item.
    @Test
    void deleteItem_shouldConsumeByTheDeletedItemSize() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "data", text(2500))));

        ConsumedCapacity consumed = dynamo.deleteItem(b ->
                        b.tableName(table).key(item("pk", pk)).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();

        assertThat(consumed.capacityUnits()).isEqualTo(3.0);
    }

    // INDEXES: a put that adds an item to a GSI costs one write on the table and one on the index.
    @Test
    void putItem_shouldReportIndexWritesWithIndexes() {
        ConsumedCapacity consumed = dynamo.putItem(b -> b.tableName(table)
                        .item(item("pk", unique(), "g", "indexed"))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();

        assertThat(consumed.capacityUnits()).isEqualTo(2.0);
        assertThat(consumed.table().capacityUnits()).isEqualTo(1.0);
        assertThat(consumed.globalSecondaryIndexes()).containsOnlyKeys("byG");
        assertThat(consumed.globalSecondaryIndexes().get("byG").capacityUnits()).isEqualTo(1.0);
    }

    // TOTAL: the index's write is in the total, without the per-table and per-index parts.
    @Test
    void putItem_shouldCountIndexWritesInTotal() {
        ConsumedCapacity consumed = dynamo.putItem(b -> b.tableName(table)
                        .item(item("pk", unique(), "g", "indexed"))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();

        assertThat(consumed.capacityUnits()).isEqualTo(2.0);
        assertThat(consumed.table()).isNull();
        assertThat(consumed.hasGlobalSecondaryIndexes()).isFalse();
    }

    // A write of an item without the index key costs nothing on the index.
    @Test
    void putItem_shouldNotChargeIndexTheItemIsNotIn() {
        ConsumedCapacity consumed = dynamo.putItem(b -> b.tableName(table)
                        .item(item("pk", unique(), "other", "x"))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();

        assertThat(consumed.capacityUnits()).isEqualTo(1.0);
        assertThat(consumed.globalSecondaryIndexes() == null
                        || !consumed.globalSecondaryIndexes().containsKey("byG"))
                .isTrue();
    }

    // Changing an item's index key costs two index writes: delete the old index entry, put the new one.
    @Test
    void updateItem_shouldChargeTwoIndexWritesWhenIndexKeyChanges() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "g", "before")));

        ConsumedCapacity consumed = dynamo.updateItem(b -> b.tableName(table)
                        .key(item("pk", pk))
                        .updateExpression("SET g = :g")
                        .expressionAttributeValues(Map.of(":g", s("after")))
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                .consumedCapacity();

        assertThat(consumed.table().capacityUnits()).isEqualTo(1.0);
        assertThat(consumed.globalSecondaryIndexes().get("byG").capacityUnits()).isEqualTo(2.0);
        assertThat(consumed.capacityUnits()).isEqualTo(3.0);
    }

    // A Query costs by the total size of the items read, rounded up to 4 KB, halved when eventually consistent.
    @Test
    void query_shouldConsumeByTotalSizeRead() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "data", text(100))));

        ConsumedCapacity consumed = dynamo.query(b -> b.tableName(table)
                        .keyConditionExpression("pk = :pk")
                        .expressionAttributeValues(Map.of(":pk", s(pk)))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity();

        assertThat(consumed.capacityUnits()).isEqualTo(0.5);
    }

    // A transactional write costs two write units per KB.
    @Test
    void transactWriteItems_shouldConsumeDoubleWriteUnits() {
        String pk = unique();

        ConsumedCapacity consumed = dynamo.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                                .put(p -> p.tableName(table).item(item("pk", pk, "data", text(100))))
                                .build())
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity()
                .get(0);

        assertThat(consumed.tableName()).isEqualTo(table);
        assertThat(consumed.capacityUnits()).isEqualTo(2.0);
    }

    // A transactional read costs two read units per 4 KB.
    @Test
    void transactGetItems_shouldConsumeDoubleReadUnits() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "data", text(100))));

        ConsumedCapacity consumed = dynamo.transactGetItems(b -> b.transactItems(TransactGetItem.builder()
                                .get(g -> g.tableName(table).key(item("pk", pk)))
                                .build())
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity()
                .get(0);

        assertThat(consumed.capacityUnits()).isEqualTo(2.0);
    }

    private static String unique() {
        return UUID.randomUUID().toString();
    }
}
