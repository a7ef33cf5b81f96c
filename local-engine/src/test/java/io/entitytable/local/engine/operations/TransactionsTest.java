package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TransactionsTest {
    private final EngineFixture engine = new EngineFixture();

    @BeforeEach
    void table() {
        engine.createTable("items");
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'1'}}");
    }

    private boolean exists(String pk) {
        return engine.call("GetItem", "{'TableName':'items','Key':{'pk':{'S':'" + pk + "'},'sk':{'S':'1'}}}")
                .has("Item");
    }

    @Test
    void transactWriteItems_shouldApplyEveryAction() {
        engine.call(
                "TransactWriteItems",
                "{'TransactItems':[{'Put':{'TableName':'items','Item':{'pk':{'S':'b'},'sk':{'S':'1'}}}},"
                        + "{'Delete':{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}},"
                        + "{'Update':{'TableName':'items','Key':{'pk':{'S':'c'},'sk':{'S':'1'}},"
                        + "'UpdateExpression':'SET v = :v','ExpressionAttributeValues':{':v':{'N':'3'}}}}]}");

        assertThat(exists("a")).isFalse();
        assertThat(exists("b")).isTrue();
        assertThat(exists("c")).isTrue();
    }

    @Test
    void transactWriteItems_shouldCancelEverythingWithPositionalReasons() {
        ApiException e = engine.fails(
                "TransactWriteItems",
                "{'TransactItems':[{'Put':{'TableName':'items','Item':{'pk':{'S':'b'},'sk':{'S':'1'}}}},"
                        + "{'ConditionCheck':{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},"
                        + "'ConditionExpression':'v = :two','ExpressionAttributeValues':{':two':{'N':'2'}},"
                        + "'ReturnValuesOnConditionCheckFailure':'ALL_OLD'}}]}");

        assertThat(e.type()).isEqualTo("TransactionCanceledException");
        assertThat(e.getMessage())
                .isEqualTo("Transaction cancelled, please refer cancellation reasons for specific reasons [None,"
                        + " ConditionalCheckFailed]");
        ObjectNode body = e.body();
        assertThat(body.path("CancellationReasons").get(0).path("Code").asText())
                .isEqualTo("None");
        assertThat(body.path("CancellationReasons").get(1).path("Code").asText())
                .isEqualTo("ConditionalCheckFailed");
        assertThat(body.path("CancellationReasons")
                        .get(1)
                        .path("Item")
                        .path("v")
                        .path("N")
                        .asText())
                .isEqualTo("1");
        assertThat(exists("b")).isFalse();
    }

    @Test
    void transactWriteItems_shouldRefuseTwoActionsOnOneItem() {
        ApiException e = engine.fails(
                "TransactWriteItems",
                "{'TransactItems':[{'Put':{'TableName':'items','Item':{'pk':{'S':'b'},'sk':{'S':'1'}}}},"
                        + "{'Delete':{'TableName':'items','Key':{'pk':{'S':'b'},'sk':{'S':'1'}}}}]}");

        assertThat(e.getMessage()).isEqualTo("Transaction request cannot include multiple operations on one item");
    }

    @Test
    void transactWriteItems_shouldAnswerARepeatedTokenWithoutWritingAgain() {
        String request = "{'ClientRequestToken':'t1','TransactItems':[{'Update':{'TableName':'items','Key':{'pk':"
                + "{'S':'a'},'sk':{'S':'1'}},'UpdateExpression':'ADD v :one','ExpressionAttributeValues':{':one':"
                + "{'N':'1'}}}}]}";

        engine.call("TransactWriteItems", request);
        engine.call("TransactWriteItems", request);

        assertThat(engine.call("GetItem", "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}")
                        .path("Item")
                        .path("v")
                        .path("N")
                        .asText())
                .isEqualTo("2");
        assertThat(engine.fails("TransactWriteItems", request.replace("'N':'1'", "'N':'5'"))
                        .type())
                .isEqualTo("IdempotentParameterMismatchException");
    }

    @Test
    void transactWriteItems_shouldCountDoubleWriteUnits() {
        ObjectNode answer = engine.call(
                "TransactWriteItems",
                "{'ReturnConsumedCapacity':'TOTAL','TransactItems':[{'Put':{'TableName':'items','Item':"
                        + "{'pk':{'S':'b'},'sk':{'S':'1'}}}}]}");

        assertThat(answer.path("ConsumedCapacity").get(0).path("CapacityUnits").asDouble())
                .isEqualTo(2.0);
    }

    @Test
    void transactGetItems_shouldAnswerEachItemInOrder() {
        ObjectNode answer = engine.call(
                "TransactGetItems",
                "{'TransactItems':[{'Get':{'TableName':'items','Key':{'pk':{'S':'missing'},'sk':{'S':'1'}}}},"
                        + "{'Get':{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}}]}");

        assertThat(answer.path("Responses").get(0).has("Item")).isFalse();
        assertThat(answer.path("Responses")
                        .get(1)
                        .path("Item")
                        .path("v")
                        .path("N")
                        .asText())
                .isEqualTo("1");
    }
}
