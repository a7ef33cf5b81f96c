package io.entitytable.infra;

import static io.entitytable.infra.Json.list;
import static io.entitytable.infra.Json.map;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.TableLayout;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.Projection;

/**
 * The deployed table is the table the local bootstrap creates: both come from {@link TableLayout#ENTITY}, and every
 * expectation here is derived from {@link TableLayout#createTableRequest}, so a layout change the stack does not follow
 * fails.
 */
class EntityDynamoTableTest {
    private static SynthesizedStack synthesized;
    private static Map<String, Object> table;
    private static CreateTableRequest local;

    @BeforeAll
    static void synthesize() {
        synthesized = SynthesizedStack.defaults();
        table = synthesized.only("AWS::DynamoDB::GlobalTable").getValue();
        local = TableLayout.ENTITY.createTableRequest(synthesized.config().tableName());
    }

    @Test
    void table_shouldBeAGlobalTableNamedFromSettings_becauseTableV2IsChosenOnPurpose() {
        // GIVEN the default config
        // WHEN the stack is synthesized
        // THEN TableV2 produced exactly one AWS::DynamoDB::GlobalTable and no AWS::DynamoDB::Table
        assertThat(synthesized.resources("AWS::DynamoDB::Table")).isEmpty();
        assertThat(properties(table).get("TableName")).isEqualTo(local.tableName());
    }

    @Test
    void timeToLive_shouldBeOnTheLayoutsAttribute_soIdempotencyRecordsGo() {
        // WHEN the stack is synthesized
        // THEN DynamoDB deletes items past the epoch second in the layout's time-to-live attribute
        assertThat(properties(table).get("TimeToLiveSpecification"))
                .isEqualTo(Map.of("AttributeName", TableLayout.TIME_TO_LIVE, "Enabled", true));
    }

    @Test
    void keySchema_shouldEqualTheLayout() {
        // GIVEN the layout's key schema
        List<Map<String, Object>> expected = keySchema(local.keySchema());
        // WHEN the stack is synthesized
        // THEN the table's key schema is the same, in the same order
        assertThat(list(properties(table), "KeySchema")).isEqualTo(expected);
    }

    @Test
    void attributeDefinitions_shouldEqualTheLayout() {
        // GIVEN the layout's key attributes
        List<Map<String, Object>> expected = local.attributeDefinitions().stream()
                .map(definition -> Map.<String, Object>of(
                        "AttributeName", definition.attributeName(),
                        "AttributeType", definition.attributeTypeAsString()))
                .toList();
        // WHEN the stack is synthesized
        // THEN every key attribute is defined with the same type, and nothing else is
        assertThat(list(properties(table), "AttributeDefinitions")).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void globalSecondaryIndexes_shouldEqualTheLayoutIndexByIndex() {
        // GIVEN the layout's four indexes with their keys and projections
        List<Map<String, Object>> expected = local.globalSecondaryIndexes().stream()
                .map(index -> {
                    Map<String, Object> gsi = new LinkedHashMap<>();
                    gsi.put("IndexName", index.indexName());
                    gsi.put("KeySchema", keySchema(index.keySchema()));
                    gsi.put("Projection", projection(index.projection()));
                    return gsi;
                })
                .toList();
        // WHEN the stack is synthesized
        // THEN the table has exactly those indexes: names, key schemas, projections (incl. non-key attributes)
        assertThat(list(properties(table), "GlobalSecondaryIndexes")).isEqualTo(expected);
        assertThat(expected).hasSize(TableLayout.ENTITY.indexes().size());
    }

    @Test
    void stream_shouldUseTheLayoutsViewType() {
        // GIVEN the layout's stream view (NEW_AND_OLD_IMAGES)
        // WHEN the stack is synthesized
        // THEN the table's stream has that view
        assertThat(map(properties(table), "StreamSpecification"))
                .isEqualTo(Map.of("StreamViewType", local.streamSpecification().streamViewTypeAsString()));
    }

    @Test
    void table_shouldBeOnDemandWithPointInTimeRecoveryAndDeletionProtection_andRetainedByDefault() {
        // GIVEN the default config (removal policy RETAIN)
        // WHEN the stack is synthesized
        // THEN billing is on-demand, the single replica has PITR and deletion protection, and CFN retains the table
        assertThat(properties(table).get("BillingMode")).isEqualTo(local.billingModeAsString());
        List<Object> replicas = list(properties(table), "Replicas");
        assertThat(replicas).hasSize(1);
        assertThat(map(replicas.get(0)))
                .containsEntry("Region", synthesized.config().region())
                .containsEntry("DeletionProtectionEnabled", true)
                .containsEntry("PointInTimeRecoverySpecification", Map.of("PointInTimeRecoveryEnabled", true));
        assertThat(table).containsEntry("DeletionPolicy", "Retain").containsEntry("UpdateReplacePolicy", "Retain");
    }

    @Test
    void defaultTableName_shouldNameTheLayout_soANewLayoutIsANewTableAndTheOldOneIsRetained() {
        // GIVEN the default config of stage dev, and the name layout 1's stacks gave their table
        String layout1Name = TableLayout.ENTITY.defaultTableName() + "-" + StackConfig.DEFAULT_STAGE;
        // WHEN the stack is synthesized
        Object name = properties(table).get("TableName");
        // THEN the table is named after the stage and this layout, never layout 1's table: deploying this version
        // over a layout-1 stack creates a new table (CloudFormation cannot change two indexes in one update), and the
        // replaced one is retained on replacement and on removal, for migrate to read
        assertThat(name)
                .isEqualTo(layout1Name + "-layout" + TableLayout.ENTITY_VERSION)
                .isNotEqualTo(layout1Name);
        assertThat(TableLayout.ENTITY_VERSION).isGreaterThan(1);
        assertThat(table).containsEntry("UpdateReplacePolicy", "Retain").containsEntry("DeletionPolicy", "Retain");
    }

    private static List<Map<String, Object>> keySchema(List<KeySchemaElement> elements) {
        return elements.stream()
                .map(element -> Map.<String, Object>of(
                        "AttributeName", element.attributeName(), "KeyType", element.keyTypeAsString()))
                .toList();
    }

    private static Map<String, Object> projection(Projection projection) {
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("ProjectionType", projection.projectionTypeAsString());
        if (projection.hasNonKeyAttributes()) {
            expected.put("NonKeyAttributes", projection.nonKeyAttributes());
        }
        return expected;
    }
}
