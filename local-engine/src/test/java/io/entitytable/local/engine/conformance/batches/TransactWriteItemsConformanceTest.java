package io.entitytable.local.engine.conformance.batches;

import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.n;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.s;
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
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * TransactWriteItems: up to 100 actions (Put, Update, Delete, ConditionCheck) applied all or none, never two on one
 * item; a cancellation lists one reason per action, in order; a ClientRequestToken makes the call idempotent.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html">
 *     TransactWriteItems</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html">
 *     Transactions</a>
 */
class TransactWriteItemsConformanceTest {
    private static ConformanceTables tables;
    private static DynamoDbClient dynamo;
    private static String table;
    private static String other;

    @BeforeAll
    static void createTables() {
        tables = new ConformanceTables(ConformanceEndpoint.dynamo());
        dynamo = tables.dynamo();
        table = tables.hashTable("transactwrite");
        other = tables.hashRangeTable("transactwrite2");
    }

    @AfterAll
    static void deleteTables() {
        tables.close();
    }

    // Put, Update, Delete and a passing ConditionCheck, over two tables, are all applied.
    @Test
    void transactWriteItems_shouldApplyEveryAction() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk + "-update", "n", 1)));
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk + "-delete")));
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk + "-check", "state", "open")));

        dynamo.transactWriteItems(b -> b.transactItems(
                putAction(table, item("pk", pk + "-put")),
                updateAction(item("pk", pk + "-update"), "SET n = n + :one", Map.of(":one", n(1))),
                deleteAction(item("pk", pk + "-delete")),
                checkAction(item("pk", pk + "-check"), "#s = :open", Map.of(":open", s("open"))),
                putAction(other, item("pk", pk, "sk", "s"))));

        assertThat(get(table, item("pk", pk + "-put"))).isNotNull();
        assertThat(get(table, item("pk", pk + "-update"))).containsEntry("n", n(2));
        assertThat(get(table, item("pk", pk + "-delete"))).isNull();
        assertThat(get(table, item("pk", pk + "-check"))).isEqualTo(item("pk", pk + "-check", "state", "open"));
        assertThat(get(other, item("pk", pk, "sk", "s"))).isNotNull();
    }

    // 100 actions, the most allowed, are applied.
    @Test
    void transactWriteItems_shouldApplyHundredActions() {
        String prefix = unique();
        List<TransactWriteItem> actions = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            actions.add(putAction(table, item("pk", prefix + i)));
        }

        dynamo.transactWriteItems(b -> b.transactItems(actions));

        assertThat(get(table, item("pk", prefix + 99))).isNotNull();
    }

    // More than 100 actions are refused.
    @Test
    void transactWriteItems_shouldRefuseMoreThanHundredActions() {
        String prefix = unique();
        List<TransactWriteItem> actions = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            actions.add(putAction(table, item("pk", prefix + i)));
        }

        assertValidation(
                () -> dynamo.transactWriteItems(b -> b.transactItems(actions)),
                "Member must have length less than or equal to 100");
        assertThat(get(table, item("pk", prefix + 0))).isNull();
    }

    // No two actions may target the same item.
    @Test
    void transactWriteItems_shouldRefuseTwoActionsOnOneItem() {
        String pk = unique();

        assertValidation(
                () -> dynamo.transactWriteItems(
                        b -> b.transactItems(putAction(table, item("pk", pk)), deleteAction(item("pk", pk)))),
                "Transaction request cannot include multiple operations on one item");
    }

    // Not even a ConditionCheck and an Update of the same item.
    @Test
    void transactWriteItems_shouldRefuseConditionCheckAndUpdateOfOneItem() {
        String pk = unique();

        assertValidation(
                () -> dynamo.transactWriteItems(b -> b.transactItems(
                        checkAction(item("pk", pk), "attribute_not_exists(pk)", null),
                        updateAction(item("pk", pk), "SET n = :one", Map.of(":one", n(1))))),
                "Transaction request cannot include multiple operations on one item");
    }

    // An empty list of actions is refused.
    @Test
    void transactWriteItems_shouldRefuseNoActions() {
        assertValidation(() -> dynamo.transactWriteItems(b -> b.transactItems(List.of())));
    }

    // A failed condition cancels the whole transaction: TransactionCanceledException, with one reason per action in
    // order (None where the action was fine), and the message listing those codes.
    @Test
    void transactWriteItems_shouldCancelWithPositionalReasons() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk + "-exists")));

        TransactionCanceledException cancelled = assertRefused(
                () -> dynamo.transactWriteItems(b -> b.transactItems(
                        putAction(table, item("pk", pk + "-new")),
                        putAction(table, item("pk", pk + "-exists")).toBuilder()
                                .put(p -> p.tableName(table)
                                        .item(item("pk", pk + "-exists", "v", 2))
                                        .conditionExpression("attribute_not_exists(pk)"))
                                .build(),
                        deleteAction(item("pk", pk + "-other")))),
                TransactionCanceledException.class,
                "TransactionCanceledException",
                "Transaction cancelled, please refer cancellation reasons for specific reasons",
                "[None, ConditionalCheckFailed, None]");

        assertThat(cancelled.cancellationReasons())
                .extracting(CancellationReason::code)
                .containsExactly("None", "ConditionalCheckFailed", "None");
        assertThat(cancelled.cancellationReasons().get(1).message()).isEqualTo("The conditional request failed");
    }

    // Nothing of a cancelled transaction is applied.
    @Test
    void transactWriteItems_shouldApplyNothingWhenCancelled() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk + "-counter", "n", 1)));
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk + "-deleted")));

        assertRefused(
                () -> dynamo.transactWriteItems(b -> b.transactItems(
                        putAction(table, item("pk", pk + "-new")),
                        updateAction(item("pk", pk + "-counter"), "SET n = n + :one", Map.of(":one", n(1))),
                        deleteAction(item("pk", pk + "-deleted")),
                        checkAction(item("pk", pk + "-absent"), "attribute_exists(pk)", null))),
                TransactionCanceledException.class,
                "TransactionCanceledException");

        assertThat(get(table, item("pk", pk + "-new"))).isNull();
        assertThat(get(table, item("pk", pk + "-counter"))).containsEntry("n", n(1));
        assertThat(get(table, item("pk", pk + "-deleted"))).isNotNull();
    }

    // ReturnValuesOnConditionCheckFailure ALL_OLD puts the item as it was in the failed action's reason.
    @Test
    void transactWriteItems_shouldReturnOldItemInReasonWithAllOld() {
        String pk = unique();
        Map<String, AttributeValue> existing = item("pk", pk, "state", "closed");
        dynamo.putItem(b -> b.tableName(table).item(existing));

        TransactionCanceledException cancelled = assertRefused(
                () -> dynamo.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                        .update(u -> u.tableName(table)
                                .key(item("pk", pk))
                                .updateExpression("SET #s = :open")
                                .conditionExpression("#s = :open")
                                .expressionAttributeNames(Map.of("#s", "state"))
                                .expressionAttributeValues(Map.of(":open", s("open")))
                                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD))
                        .build())),
                TransactionCanceledException.class,
                "TransactionCanceledException");

        assertThat(cancelled.cancellationReasons()).singleElement().satisfies(reason -> {
            assertThat(reason.code()).isEqualTo("ConditionalCheckFailed");
            assertThat(reason.item()).isEqualTo(existing);
        });
    }

    // Without ReturnValuesOnConditionCheckFailure the reason carries no item.
    @Test
    void transactWriteItems_shouldReturnNoItemInReasonByDefault() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk)));

        TransactionCanceledException cancelled = assertRefused(
                () -> dynamo.transactWriteItems(
                        b -> b.transactItems(checkAction(item("pk", pk), "attribute_not_exists(pk)", null))),
                TransactionCanceledException.class,
                "TransactionCanceledException");

        assertThat(cancelled.cancellationReasons()).singleElement().satisfies(reason -> {
            assertThat(reason.code()).isEqualTo("ConditionalCheckFailed");
            assertThat(reason.hasItem()).isFalse();
        });
    }

    // A ConditionCheck on a missing item with attribute_exists fails; on a present one it passes and changes nothing.
    @Test
    void transactWriteItems_shouldCheckConditionWithoutWriting() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "v", 1)));

        dynamo.transactWriteItems(b -> b.transactItems(
                checkAction(item("pk", pk), "attribute_exists(pk)", null), putAction(table, item("pk", pk + "-b"))));

        assertThat(get(table, item("pk", pk))).isEqualTo(item("pk", pk, "v", 1));
        assertThat(get(table, item("pk", pk + "-b"))).isNotNull();
    }

    // A conditional Delete whose condition fails cancels with ConditionalCheckFailed.
    @Test
    void transactWriteItems_shouldCancelFailedConditionalDelete() {
        String pk = unique();
        dynamo.putItem(b -> b.tableName(table).item(item("pk", pk, "v", 1)));

        TransactionCanceledException cancelled = assertRefused(
                () -> dynamo.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
                        .delete(d -> d.tableName(table)
                                .key(item("pk", pk))
                                .conditionExpression("v = :two")
                                .expressionAttributeValues(Map.of(":two", n(2))))
                        .build())),
                TransactionCanceledException.class,
                "TransactionCanceledException");

        assertThat(cancelled.cancellationReasons())
                .extracting(CancellationReason::code)
                .containsExactly("ConditionalCheckFailed");
        assertThat(get(table, item("pk", pk))).isNotNull();
    }

    // The same ClientRequestToken with the same request succeeds again without writing again.
    @Test
    void transactWriteItems_shouldNotRepeatWriteOfSameTokenAndRequest() {
        String pk = unique();
        String token = unique();
        TransactWriteItem increment = updateAction(item("pk", pk), "ADD n :one", Map.of(":one", n(1)));

        dynamo.transactWriteItems(b -> b.clientRequestToken(token).transactItems(increment));
        dynamo.transactWriteItems(b -> b.clientRequestToken(token).transactItems(increment));

        assertThat(get(table, item("pk", pk))).containsEntry("n", n(1));
    }

    // Without a token, the same request is applied each time.
    @Test
    void transactWriteItems_shouldRepeatWriteWithoutToken() {
        String pk = unique();
        TransactWriteItem increment = updateAction(item("pk", pk), "ADD n :one", Map.of(":one", n(1)));

        dynamo.transactWriteItems(b -> b.transactItems(increment));
        dynamo.transactWriteItems(b -> b.transactItems(increment));

        assertThat(get(table, item("pk", pk))).containsEntry("n", n(2));
    }

    // The same ClientRequestToken with a different request: IdempotentParameterMismatchException.
    @Test
    void transactWriteItems_shouldRefuseSameTokenWithDifferentRequest() {
        String pk = unique();
        String token = unique();
        dynamo.transactWriteItems(b -> b.clientRequestToken(token).transactItems(putAction(table, item("pk", pk))));

        assertRefused(
                () -> dynamo.transactWriteItems(b ->
                        b.clientRequestToken(token).transactItems(putAction(table, item("pk", pk, "changed", "yes")))),
                IdempotentParameterMismatchException.class,
                "IdempotentParameterMismatchException");
        assertThat(get(table, item("pk", pk))).isEqualTo(item("pk", pk));
    }

    // A table that does not exist: ResourceNotFoundException.
    @Test
    void transactWriteItems_shouldRefuseMissingTable() {
        assertRefused(
                () -> dynamo.transactWriteItems(
                        b -> b.transactItems(putAction(ConformanceEndpoint.tableName("missing"), item("pk", "x")))),
                ResourceNotFoundException.class,
                "ResourceNotFoundException");
    }

    // A key that does not match the table's key schema is refused before anything is applied.
    @Test
    void transactWriteItems_shouldRefuseKeyNotMatchingSchema() {
        String pk = unique();

        assertValidation(() -> dynamo.transactWriteItems(b ->
                b.transactItems(putAction(table, item("pk", pk)), deleteAction(item("pk", unique(), "extra", "x")))));
        assertThat(get(table, item("pk", pk))).isNull();
    }

    private static Map<String, AttributeValue> get(String tableName, Map<String, AttributeValue> key) {
        var answer = dynamo.getItem(b -> b.tableName(tableName).key(key).consistentRead(true));
        return answer.hasItem() ? answer.item() : null;
    }

    private static TransactWriteItem putAction(String tableName, Map<String, AttributeValue> item) {
        return TransactWriteItem.builder()
                .put(p -> p.tableName(tableName).item(item))
                .build();
    }

    private static TransactWriteItem updateAction(
            Map<String, AttributeValue> key, String expression, Map<String, AttributeValue> values) {
        return TransactWriteItem.builder()
                .update(u ->
                        u.tableName(table).key(key).updateExpression(expression).expressionAttributeValues(values))
                .build();
    }

    private static TransactWriteItem deleteAction(Map<String, AttributeValue> key) {
        return TransactWriteItem.builder()
                .delete(d -> d.tableName(table).key(key))
                .build();
    }

    private static TransactWriteItem checkAction(
            Map<String, AttributeValue> key, String condition, Map<String, AttributeValue> values) {
        return TransactWriteItem.builder()
                .conditionCheck(c -> {
                    c.tableName(table).key(key).conditionExpression(condition);
                    if (condition.contains("#s")) {
                        c.expressionAttributeNames(Map.of("#s", "state"));
                    }
                    if (values != null) {
                        c.expressionAttributeValues(values);
                    }
                })
                .build();
    }

    private static String unique() {
        return UUID.randomUUID().toString();
    }
}
