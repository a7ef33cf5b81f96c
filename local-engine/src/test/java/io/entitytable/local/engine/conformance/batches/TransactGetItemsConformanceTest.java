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
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;

/**
 * TransactGetItems: up to 100 Gets read as one snapshot, answered in request order (an empty response for a missing
 * item), all or nothing.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactGetItems.html">
 *     TransactGetItems</a>
 */
class TransactGetItemsConformanceTest {
    private static ConformanceTables tables;
    private static DynamoDbClient dynamo;
    private static String table;
    private static String other;

    @BeforeAll
    static void createTables() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
        dynamo = tables.dynamo();
        table = tables.hashTable("transactget");
        other = tables.hashRangeTable("transactget2");
    }

    @AfterAll
    static void deleteTables() {
        tables.close();
    }

    // Responses come in the order of the Gets; a missing item gives an empty response at its position.
    @Test
    void transactGetItems_shouldAnswerInRequestOrder() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk + "-a", "v", "A")));
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk + "-b", "v", "B")));

        TransactGetItemsResponse answer = dynamo.transactGetItems(b -> b.transactItems(
                get(table, item("pk", pk + "-b")),
                get(table, item("pk", pk + "-missing")),
                get(table, item("pk", pk + "-a"))));

        List<ItemResponse> responses = answer.responses();
        assertThat(responses).hasSize(3);
        assertThat(responses.get(0).item()).containsEntry("v", AttributeValue.fromS("B"));
        assertThat(responses.get(1).hasItem()).isFalse();
        assertThat(responses.get(2).item()).containsEntry("v", AttributeValue.fromS("A"));
    }

    // Gets may read several tables.
    @Test
    void transactGetItems_shouldReadSeveralTables() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk)));
        dynamo.putItem(b -> b.tableName(other).item(item("pk", pk, "sk", "s")));

        TransactGetItemsResponse answer = dynamo.transactGetItems(
                b -> b.transactItems(get(table, item("pk", pk)), get(other, item("pk", pk, "sk", "s"))));

        assertThat(answer.responses())
                .allSatisfy(response -> assertThat(response.hasItem()).isTrue());
    }

    // ProjectionExpression limits each Get's attributes.
    @Test
    void transactGetItems_shouldApplyProjectionExpression() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "a", "A", "b", "B")));

        TransactGetItemsResponse answer = dynamo.transactGetItems(b -> b.transactItems(TransactGetItem.builder()
                .get(g -> g.tableName(table)
                        .key(item("pk", pk))
                        .projectionExpression("#a")
                        .expressionAttributeNames(Map.of("#a", "a")))
                .build()));

        assertThat(answer.responses().get(0).item()).isEqualTo(item("a", "A"));
    }

    // 100 Gets, the most allowed, are answered.
    @Test
    void transactGetItems_shouldAnswerHundredGets() {
        String prefix = unique();
        List<TransactGetItem> gets = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            gets.add(get(table, item("pk", prefix + i)));
        }

        assertThat(dynamo.transactGetItems(b -> b.transactItems(gets)).responses())
                .hasSize(100);
    }

    // More than 100 Gets are refused.
    @Test
    void transactGetItems_shouldRefuseMoreThanHundredGets() {
        String prefix = unique();
        List<TransactGetItem> gets = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            gets.add(get(table, item("pk", prefix + i)));
        }

        assertValidation(
                () -> dynamo.transactGetItems(b -> b.transactItems(gets)),
                "Member must have length less than or equal to 100");
    }

    // All or nothing: one Get with a key that does not match the schema fails the whole call.
    @Test
    void transactGetItems_shouldRefuseWholeCallForOneInvalidKey() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk)));

        assertValidation(() -> dynamo.transactGetItems(
                b -> b.transactItems(get(table, item("pk", pk)), get(table, item("pk", pk, "extra", "x")))));
    }

    // No two operations of one transaction may target the same item (transactions guide), Gets included.
    @Test
    void transactGetItems_shouldRefuseTwoGetsOfOneItem() {
        String pk = unique();

        assertValidation(() ->
                dynamo.transactGetItems(b -> b.transactItems(get(table, item("pk", pk)), get(table, item("pk", pk)))));
    }

    // A table that does not exist: ResourceNotFoundException.
    @Test
    void transactGetItems_shouldRefuseMissingTable() {
        assertRefused(
                () -> dynamo.transactGetItems(
                        b -> b.transactItems(get(ConformanceEndpoint.tableName("missing"), item("pk", "x")))),
                ResourceNotFoundException.class,
                "ResourceNotFoundException");
    }

    // An empty list of Gets is refused.
    @Test
    void transactGetItems_shouldRefuseNoGets() {
        assertValidation(() -> dynamo.transactGetItems(b -> b.transactItems(List.of())));
    }

    private static TransactGetItem get(String tableName, Map<String, AttributeValue> key) {
        return TransactGetItem.builder()
                .get(g -> g.tableName(tableName).key(key))
                .build();
    }

    private static String unique() {
        return UUID.randomUUID().toString();
    }
}
