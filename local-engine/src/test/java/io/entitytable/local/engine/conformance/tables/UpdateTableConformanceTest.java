package io.entitytable.local.engine.conformance.tables;

import static io.entitytable.local.engine.conformance.tables.ConformanceTables.definition;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.gsi;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.hashKeyTable;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.projectAll;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.s;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertRefused;
import static io.entitytable.local.engine.conformance.tables.Refusals.assertValidation;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateGlobalSecondaryIndexAction;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexUpdate;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * UpdateTable: a stream enabled and disabled (each enabling opens a new stream, of a new label), a global secondary
 * index added to a table that has items (backfilled) and deleted, and provisioned throughput changed.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateTable.html">UpdateTable</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.OnlineOps.html">Managing GSIs</a>
 */
class UpdateTableConformanceTest {
    private static ConformanceTables tables;

    @BeforeAll
    static void connect() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
    }

    @AfterAll
    static void deleteTables() {
        tables.close();
    }

    // Enabling a stream on a table without one gives it LatestStreamArn and LatestStreamLabel.
    @Test
    void updateTable_shouldEnableStream() {
        String table = tables.hashTable("enablestream");

        tables.dynamo().updateTable(b -> b.tableName(table).streamSpecification(stream(StreamViewType.NEW_IMAGE)));

        TableDescription description = tables.awaitActive(table);
        assertThat(description.streamSpecification().streamEnabled()).isTrue();
        assertThat(description.streamSpecification().streamViewType()).isEqualTo(StreamViewType.NEW_IMAGE);
        assertThat(description.latestStreamArn()).contains(":table/" + table + "/stream/");
        assertThat(description.latestStreamLabel()).isNotBlank();
    }

    // Disabling the stream leaves the table without an enabled stream specification.
    @Test
    void updateTable_shouldDisableStream() {
        String table =
                tables.streamTable("disablestream", StreamViewType.KEYS_ONLY).tableName();

        tables.dynamo().updateTable(b -> b.tableName(table)
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(false).build()));

        TableDescription description = tables.awaitActive(table);
        assertThat(description.streamSpecification() == null
                        || !description.streamSpecification().streamEnabled())
                .isTrue();
    }

    // Each enabling of a stream opens a new stream: a new label and a new ARN.
    @Test
    void updateTable_shouldOpenNewStreamOfNewLabelOnEachEnable() {
        TableDescription first = tables.streamTable("reenable", StreamViewType.NEW_IMAGE);
        String table = first.tableName();
        tables.dynamo().updateTable(b -> b.tableName(table)
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(false).build()));
        tables.awaitActive(table);

        tables.dynamo().updateTable(b -> b.tableName(table).streamSpecification(stream(StreamViewType.NEW_IMAGE)));

        TableDescription second = tables.awaitActive(table);
        assertThat(second.latestStreamLabel()).isNotBlank().isNotEqualTo(first.latestStreamLabel());
        assertThat(second.latestStreamArn()).isNotEqualTo(first.latestStreamArn());
    }

    // Enabling a stream on a table whose stream is enabled is refused.
    @Test
    void updateTable_shouldRefuseEnablingAnEnabledStream() {
        String table =
                tables.streamTable("streamtwice", StreamViewType.NEW_IMAGE).tableName();

        assertValidation(
                () -> tables.dynamo()
                        .updateTable(b -> b.tableName(table).streamSpecification(stream(StreamViewType.KEYS_ONLY))),
                "already has an enabled stream");
    }

    // A GSI added to a table with items is backfilled: once ACTIVE, a Query of it finds the items written before.
    @Test
    void updateTable_shouldBackfillAddedGlobalIndex() {
        String table = tables.hashTable("backfill");
        for (int i = 0; i < 5; i++) {
            tables.dynamo().putItem(indexedItem(table, "item" + i, i % 2 == 0 ? "even" : "odd"));
        }

        TableDescription answer = tables.dynamo()
                .updateTable(b -> b.tableName(table)
                        .attributeDefinitions(
                                definition("pk", ScalarAttributeType.S), definition("g", ScalarAttributeType.S))
                        .globalSecondaryIndexUpdates(createIndex(gsi("byG", "g", null, projectAll()))))
                .tableDescription();

        assertThat(answer.globalSecondaryIndexes()).singleElement().satisfies(index -> assertThat(index.indexStatus())
                .isIn(IndexStatus.CREATING, IndexStatus.ACTIVE));
        tables.awaitActive(table);
        List<Map<String, AttributeValue>> even = tables.dynamo()
                .query(b -> b.tableName(table)
                        .indexName("byG")
                        .keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s("even"))))
                .items();
        assertThat(even).extracting(found -> found.get("pk").s()).containsExactlyInAnyOrder("item0", "item2", "item4");
    }

    // An index added later also indexes the items written after it is ACTIVE.
    @Test
    void updateTable_shouldIndexLaterWritesInAddedGlobalIndex() {
        String table = tables.hashTable("addedlater");
        tables.dynamo().updateTable(b -> b.tableName(table)
                .attributeDefinitions(definition("pk", ScalarAttributeType.S), definition("g", ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(createIndex(gsi("byG", "g", null, projectAll()))));
        tables.awaitActive(table);

        tables.dynamo().putItem(indexedItem(table, "later", "x"));

        assertThat(tables.dynamo()
                        .query(b -> b.tableName(table)
                                .indexName("byG")
                                .keyConditionExpression("g = :g")
                                .expressionAttributeValues(Map.of(":g", s("x"))))
                        .items())
                .extracting(found -> found.get("pk").s())
                .containsExactly("later");
    }

    // Deleting a GSI removes it from the description; a Query of it is then refused.
    @Test
    void updateTable_shouldDeleteGlobalIndex() {
        String table = ConformanceEndpoint.tableName("dropindex");
        tables.create(hashKeyTable(table, "pk", ScalarAttributeType.S)
                .attributeDefinitions(definition("pk", ScalarAttributeType.S), definition("g", ScalarAttributeType.S))
                .globalSecondaryIndexes(gsi("byG", "g", null, projectAll()))
                .build());

        tables.dynamo().updateTable(b -> b.tableName(table)
                .globalSecondaryIndexUpdates(GlobalSecondaryIndexUpdate.builder()
                        .delete(d -> d.indexName("byG"))
                        .build()));

        ConformanceTables.await("index byG deleted", () -> {
            TableDescription description =
                    tables.dynamo().describeTable(b -> b.tableName(table)).table();
            return description.globalSecondaryIndexes().isEmpty() ? description : null;
        });
        assertValidation(
                () -> tables.dynamo().query(b -> b.tableName(table)
                        .indexName("byG")
                        .keyConditionExpression("g = :g")
                        .expressionAttributeValues(Map.of(":g", s("x")))),
                "The table does not have the specified index");
    }

    // Creating a GSI of a name the table already has is refused.
    @Test
    void updateTable_shouldRefuseGlobalIndexOfExistingName() {
        String table = ConformanceEndpoint.tableName("indextwice");
        tables.create(hashKeyTable(table, "pk", ScalarAttributeType.S)
                .attributeDefinitions(definition("pk", ScalarAttributeType.S), definition("g", ScalarAttributeType.S))
                .globalSecondaryIndexes(gsi("byG", "g", null, projectAll()))
                .build());

        assertValidation(() -> tables.dynamo().updateTable(b -> b.tableName(table)
                .attributeDefinitions(definition("pk", ScalarAttributeType.S), definition("g", ScalarAttributeType.S))
                .globalSecondaryIndexUpdates(createIndex(gsi("byG", "g", null, projectAll())))));
    }

    // A new index's key attributes need attribute definitions.
    @Test
    void updateTable_shouldRefuseGlobalIndexKeyWithoutDefinition() {
        String table = tables.hashTable("indexnodef");

        assertValidation(() -> tables.dynamo().updateTable(b -> b.tableName(table)
                .globalSecondaryIndexUpdates(createIndex(gsi("byG", "g", null, projectAll())))));
    }

    // UpdateTable of a table that does not exist: ResourceNotFoundException.
    @Test
    void updateTable_shouldRefuseMissingTable() {
        assertRefused(
                () -> tables.dynamo().updateTable(b -> b.tableName(ConformanceEndpoint.tableName("missing"))
                        .streamSpecification(stream(StreamViewType.NEW_IMAGE))),
                ResourceNotFoundException.class,
                "ResourceNotFoundException");
    }

    // A provisioned table's throughput can be changed; the description reports the new values once ACTIVE.
    @Test
    void updateTable_shouldChangeProvisionedThroughput() {
        String table = ConformanceEndpoint.tableName("throughput");
        tables.create(hashKeyTable(table, "pk", ScalarAttributeType.S)
                .billingMode(BillingMode.PROVISIONED)
                .provisionedThroughput(throughput(1, 1))
                .build());

        TableDescription answer = tables.dynamo()
                .updateTable(b -> b.tableName(table).provisionedThroughput(throughput(2, 3)))
                .tableDescription();

        assertThat(answer.tableStatus()).isIn(TableStatus.UPDATING, TableStatus.ACTIVE);
        TableDescription description = ConformanceTables.await("throughput 2/3", () -> {
            TableDescription current = tables.awaitActive(table);
            return current.provisionedThroughput().readCapacityUnits() == 2L ? current : null;
        });
        assertThat(description.provisionedThroughput().writeCapacityUnits()).isEqualTo(3L);
    }

    private static PutItemRequest indexedItem(String table, String pk, String g) {
        return PutItemRequest.builder()
                .tableName(table)
                .item(ConformanceTables.item("pk", pk, "g", g, "payload", "p-" + pk))
                .build();
    }

    private static GlobalSecondaryIndexUpdate createIndex(GlobalSecondaryIndex index) {
        return GlobalSecondaryIndexUpdate.builder()
                .create(CreateGlobalSecondaryIndexAction.builder()
                        .indexName(index.indexName())
                        .keySchema(index.keySchema())
                        .projection(index.projection())
                        .build())
                .build();
    }

    private static StreamSpecification stream(StreamViewType viewType) {
        return StreamSpecification.builder()
                .streamEnabled(true)
                .streamViewType(viewType)
                .build();
    }

    private static ProvisionedThroughput throughput(long read, long write) {
        return ProvisionedThroughput.builder()
                .readCapacityUnits(read)
                .writeCapacityUnits(write)
                .build();
    }
}
