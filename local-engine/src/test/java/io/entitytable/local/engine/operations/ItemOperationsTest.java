package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ItemOperationsTest {
    private final EngineFixture engine = new EngineFixture();

    @BeforeEach
    void table() {
        engine.createTable("items");
    }

    @Test
    void putItem_shouldBeReadBackByGetItem() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'n':{'N':'1.50'}}");

        ObjectNode answer = engine.call("GetItem", "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}");

        assertThat(answer.path("Item").toString())
                .isEqualTo("{\"pk\":{\"S\":\"a\"},\"sk\":{\"S\":\"1\"},\"n\":{\"N\":\"1.5\"}}");
    }

    @Test
    void getItem_shouldAnswerNothingForAMissingItem() {
        ObjectNode answer = engine.call("GetItem", "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}");

        assertThat(answer.has("Item")).isFalse();
    }

    @Test
    void getItem_shouldRefuseAKeyWithAnExtraAttribute() {
        ApiException e =
                engine.fails("GetItem", "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'},'x':{'S':'1'}}}");

        assertThat(e.getMessage()).isEqualTo("The provided key element does not match the schema");
    }

    @Test
    void getItem_shouldProjectTheNamedAttributes() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'a':{'S':'x'},'b':{'S':'y'}}");

        ObjectNode answer = engine.call(
                "GetItem",
                "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},'ProjectionExpression':'#b',"
                        + "'ExpressionAttributeNames':{'#b':'b'}}");

        assertThat(answer.path("Item").toString()).isEqualTo("{\"b\":{\"S\":\"y\"}}");
    }

    @Test
    void putItem_shouldRefuseAMissingKey() {
        ApiException e = engine.fails("PutItem", "{'TableName':'items','Item':{'pk':{'S':'a'}}}");

        assertThat(e.getMessage())
                .isEqualTo("One or more parameter values were invalid: Missing the key sk in the item");
    }

    @Test
    void putItem_shouldRefuseAKeyOfTheWrongType() {
        ApiException e = engine.fails("PutItem", "{'TableName':'items','Item':{'pk':{'N':'1'},'sk':{'S':'1'}}}");

        assertThat(e.getMessage())
                .isEqualTo("One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N");
    }

    @Test
    void putItem_shouldRefuseAnEmptyStringKey() {
        ApiException e = engine.fails("PutItem", "{'TableName':'items','Item':{'pk':{'S':''},'sk':{'S':'1'}}}");

        assertThat(e.getMessage())
                .isEqualTo("One or more parameter values are not valid. The AttributeValue for a key attribute cannot"
                        + " contain an empty string value. Key: pk");
    }

    @Test
    void putItem_shouldRefuseAnIndexKeyOfTheWrongType() {
        ApiException e = engine.fails(
                "PutItem", "{'TableName':'items','Item':{'pk':{'S':'a'},'sk':{'S':'1'},'gsi1pk':{'N':'1'}}}");

        assertThat(e.getMessage())
                .isEqualTo("One or more parameter values were invalid: Type mismatch for Index Key gsi1pk Expected: S"
                        + " Actual: N IndexName: gsi1");
    }

    @Test
    void putItem_shouldRefuseAnItemOver400Kilobytes() {
        String big = "x".repeat(410 * 1024);

        ApiException e = engine.fails(
                "PutItem", "{'TableName':'items','Item':{'pk':{'S':'a'},'sk':{'S':'1'},'b':{'S':'" + big + "'}}}");

        assertThat(e.getMessage()).isEqualTo("Item size has exceeded the maximum allowed size");
    }

    @Test
    void putItem_shouldRefuseAFailedConditionWithTheOldItemWhenAsked() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'1'}}");

        ApiException e = engine.fails(
                "PutItem",
                "{'TableName':'items','Item':{'pk':{'S':'a'},'sk':{'S':'1'}},'ConditionExpression':"
                        + "'attribute_not_exists(pk)','ReturnValuesOnConditionCheckFailure':'ALL_OLD'}");

        assertThat(e.type()).isEqualTo("ConditionalCheckFailedException");
        assertThat(e.body().path("Item").path("v").path("N").asText()).isEqualTo("1");
    }

    @Test
    void putItem_shouldReturnTheOldItem() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'1'}}");

        ObjectNode answer = engine.call(
                "PutItem",
                "{'TableName':'items','Item':{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'2'}},'ReturnValues':'ALL_OLD'}");

        assertThat(answer.path("Attributes").path("v").path("N").asText()).isEqualTo("1");
    }

    @Test
    void putItem_shouldRefuseReturnValuesAllNew() {
        ApiException e = engine.fails(
                "PutItem", "{'TableName':'items','Item':{'pk':{'S':'a'},'sk':{'S':'1'}},'ReturnValues':'ALL_NEW'}");

        assertThat(e.getMessage()).isEqualTo("ReturnValues can only be ALL_OLD or NONE");
    }

    @Test
    void putItem_shouldRefuseAnUnusedPlaceholder() {
        ApiException e = engine.fails(
                "PutItem",
                "{'TableName':'items','Item':{'pk':{'S':'a'},'sk':{'S':'1'}},'ConditionExpression':"
                        + "'attribute_not_exists(pk)','ExpressionAttributeValues':{':v':{'S':'x'}}}");

        assertThat(e.type()).isEqualTo("ValidationException");
        assertThat(e.getMessage()).contains(":v");
    }

    @Test
    void putItem_shouldRefuseLegacyParametersMixedWithExpressions() {
        ApiException e = engine.fails(
                "PutItem",
                "{'TableName':'items','Item':{'pk':{'S':'a'},'sk':{'S':'1'}},'ConditionExpression':"
                        + "'attribute_not_exists(pk)','Expected':{'pk':{'Exists':false}}}");

        assertThat(e.getMessage())
                .isEqualTo("Can not use both expression and non-expression parameters in the same request:"
                        + " Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}");
    }

    @Test
    void putItem_shouldRefuseAMissingTable() {
        ApiException e = engine.fails("PutItem", "{'TableName':'nothing','Item':{'pk':{'S':'a'}}}");

        assertThat(e.type()).isEqualTo("ResourceNotFoundException");
    }

    @Test
    void updateItem_shouldCreateTheItemAndReturnTheNewValues() {
        ObjectNode answer = engine.call(
                "UpdateItem",
                "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},'UpdateExpression':'ADD #c :one',"
                        + "'ExpressionAttributeNames':{'#c':'count'},'ExpressionAttributeValues':{':one':{'N':'1'}},"
                        + "'ReturnValues':'ALL_NEW'}");

        assertThat(answer.path("Attributes").toString())
                .isEqualTo("{\"pk\":{\"S\":\"a\"},\"sk\":{\"S\":\"1\"},\"count\":{\"N\":\"1\"}}");
    }

    @Test
    void updateItem_shouldReturnTheUpdatedOldValues() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'1'},'w':{'N':'5'}}");

        ObjectNode answer = engine.call(
                "UpdateItem",
                "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},'UpdateExpression':'SET v = :two',"
                        + "'ExpressionAttributeValues':{':two':{'N':'2'}},'ReturnValues':'UPDATED_OLD'}");

        assertThat(answer.path("Attributes").toString()).isEqualTo("{\"v\":{\"N\":\"1\"}}");
    }

    @Test
    void updateItem_shouldRefuseAnUpdateOfAKeyAttribute() {
        ApiException e = engine.fails(
                "UpdateItem",
                "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},'UpdateExpression':'SET pk = :v',"
                        + "'ExpressionAttributeValues':{':v':{'S':'b'}}}");

        assertThat(e.getMessage())
                .isEqualTo("One or more parameter values were invalid: Cannot update attribute pk. This attribute is"
                        + " part of the key");
    }

    @Test
    void updateItem_shouldRefuseAFailedCondition() {
        ApiException e = engine.fails(
                "UpdateItem",
                "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},'UpdateExpression':'SET v = :v',"
                        + "'ConditionExpression':'attribute_exists(pk)','ExpressionAttributeValues':{':v':{'S':'b'}}}");

        assertThat(e.type()).isEqualTo("ConditionalCheckFailedException");
        assertThat(engine.call("GetItem", "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}")
                        .has("Item"))
                .isFalse();
    }

    @Test
    void deleteItem_shouldRemoveTheItemAndReturnIt() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'}}");

        ObjectNode answer = engine.call(
                "DeleteItem", "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},'ReturnValues':'ALL_OLD'}");

        assertThat(answer.path("Attributes").path("pk").path("S").asText()).isEqualTo("a");
        assertThat(engine.call("DescribeTable", "{'TableName':'items'}")
                        .path("Table")
                        .path("ItemCount")
                        .asLong())
                .isZero();
    }

    @Test
    void putItem_shouldReportConsumedCapacityWithIndexes() {
        ObjectNode answer = engine.call(
                "PutItem",
                "{'TableName':'items','Item':{'pk':{'S':'a'},'sk':{'S':'1'},'gsi1pk':{'S':'g'},'gsi1sk':{'S':'1'}},"
                        + "'ReturnConsumedCapacity':'INDEXES'}");

        ObjectNode consumed = answer.with("ConsumedCapacity");
        assertThat(consumed.path("CapacityUnits").asDouble()).isEqualTo(2.0);
        assertThat(consumed.path("Table").path("CapacityUnits").asDouble()).isEqualTo(1.0);
        assertThat(consumed.path("GlobalSecondaryIndexes")
                        .path("gsi1")
                        .path("CapacityUnits")
                        .asDouble())
                .isEqualTo(1.0);
    }

    @Test
    void getItem_shouldCountHalfAUnitForAnEventuallyConsistentRead() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'}}");

        ObjectNode answer = engine.call(
                "GetItem",
                "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},'ReturnConsumedCapacity':'TOTAL'}");

        assertThat(answer.path("ConsumedCapacity").path("CapacityUnits").asDouble())
                .isEqualTo(0.5);
    }
}
