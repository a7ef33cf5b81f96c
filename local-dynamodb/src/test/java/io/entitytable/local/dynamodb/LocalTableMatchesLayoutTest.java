package io.entitytable.local.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import io.entitytable.model.TableLayout.IndexLayout;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/** The table that the local DynamoDB engine reports after bootstrap equals the shared layout, index by index. */
class LocalTableMatchesLayoutTest {
    private static LocalDynamoDb dynamo;

    @BeforeAll
    static void start() {
        dynamo = LocalDynamoDb.startInMemory();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
    }

    @Test
    void createTable_shouldMatchSharedLayout_keysIndexesProjectionsAndStream() {
        // GIVEN
        TableLayout layout = TableLayout.ENTITY;

        // WHEN
        boolean created = dynamo.createTable("LayoutTest");
        boolean createdAgain = dynamo.createTable("LayoutTest");
        TableDescription table;
        try (DynamoDbClient client = dynamo.client()) {
            table = client.describeTable(r -> r.tableName("LayoutTest")).table();
        }

        // THEN
        assertThat(created).isTrue();
        assertThat(createdAgain).isFalse();
        assertThat(table.keySchema()).containsExactlyElementsOf(keys(layout.partitionKey(), layout.sortKey()));
        assertThat(table.attributeDefinitions())
                .extracting(AttributeDefinition::attributeName)
                .containsExactlyInAnyOrderElementsOf(layout.keyAttributes());
        assertThat(table.attributeDefinitions())
                .extracting(AttributeDefinition::attributeType)
                .containsOnly(ScalarAttributeType.S);
        assertThat(table.streamSpecification().streamEnabled()).isTrue();
        assertThat(table.streamSpecification().streamViewType()).isEqualTo(layout.streamView());
        assertThat(table.latestStreamArn()).isNotBlank();
        assertThat(table.globalSecondaryIndexes())
                .extracting(GlobalSecondaryIndexDescription::indexName)
                .containsExactlyInAnyOrder("businessGsi", "customerIdGsi", "sourceGsi", "gsi1");
        for (IndexLayout expected : layout.indexes()) {
            GlobalSecondaryIndexDescription actual = table.globalSecondaryIndexes().stream()
                    .filter(index -> index.indexName().equals(expected.name()))
                    .findFirst()
                    .orElseThrow();
            assertThat(actual.keySchema()).containsExactlyElementsOf(keys(expected.partitionKey(), expected.sortKey()));
            assertThat(actual.projection().projectionType()).isEqualTo(expected.projectionType());
            assertThat(actual.projection().nonKeyAttributes())
                    .containsExactlyInAnyOrderElementsOf(expected.nonKeyAttributes());
        }
    }

    @Test
    void createTable_shouldRefuseTheTable_whenItExistsWithAnotherLayout() {
        // GIVEN a table as an earlier layout made it: the inverted index keyed on every item's sort key
        List<IndexLayout> earlierIndexes = TableLayout.ENTITY.indexes().stream()
                .map(index -> index.name().equals(TableLayout.SOURCE_GSI)
                        ? new IndexLayout("typeGsi", "type", "id", index.projectionType(), index.nonKeyAttributes())
                        : index)
                .toList();
        TableLayout earlier = new TableLayout("Entity", "id", "type", earlierIndexes, TableLayout.ENTITY.streamView());
        try (DynamoDbClient client = dynamo.client()) {
            client.createTable(earlier.createTableRequest("EarlierLayout"));
        }

        // WHEN
        Throwable refused = catchThrowable(() -> dynamo.createTable("EarlierLayout"));

        // THEN
        assertThat(refused)
                .isInstanceOf(TableBootstrap.LayoutMismatchException.class)
                .hasMessageContaining("index sourceGsi is missing")
                .hasMessageContaining("index typeGsi is not part of this layout");
    }

    private static List<KeySchemaElement> keys(String hash, String range) {
        return List.of(
                KeySchemaElement.builder()
                        .attributeName(hash)
                        .keyType(KeyType.HASH)
                        .build(),
                KeySchemaElement.builder()
                        .attributeName(range)
                        .keyType(KeyType.RANGE)
                        .build());
    }
}
