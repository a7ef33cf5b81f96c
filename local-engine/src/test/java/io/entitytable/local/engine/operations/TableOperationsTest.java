package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import org.junit.jupiter.api.Test;

class TableOperationsTest {
    private final EngineFixture engine = new EngineFixture();

    @Test
    void createTable_shouldDescribeAnActiveTableWithItsIndexesAndStream() {
        // WHEN
        engine.createTable("orders");
        ObjectNode table =
                engine.call("DescribeTable", "{'TableName':'orders'}").with("Table");

        // THEN
        assertThat(table.path("TableStatus").asText()).isEqualTo("ACTIVE");
        assertThat(table.path("TableArn").asText()).isEqualTo("arn:aws:dynamodb:us-east-1:000000000000:table/orders");
        assertThat(table.path("CreationDateTime").isNumber()).isTrue();
        assertThat(table.path("ItemCount").asLong()).isZero();
        assertThat(table.path("BillingModeSummary").path("BillingMode").asText())
                .isEqualTo("PAY_PER_REQUEST");
        assertThat(table.path("GlobalSecondaryIndexes")
                        .get(0)
                        .path("IndexStatus")
                        .asText())
                .isEqualTo("ACTIVE");
        assertThat(table.path("StreamSpecification").path("StreamViewType").asText())
                .isEqualTo("NEW_AND_OLD_IMAGES");
        assertThat(table.path("LatestStreamArn").asText())
                .startsWith("arn:aws:dynamodb:us-east-1:000000000000:table/orders/stream/2024-05-01T10:00:00.000");
        assertThat(table.has("LocalEngine")).isFalse();
    }

    @Test
    void createTable_shouldRefuseAnExistingTable() {
        engine.createTable("orders");

        ApiException e = engine.fails(
                "CreateTable",
                "{'TableName':'orders','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':[{'AttributeName':'pk',"
                        + "'AttributeType':'S'}],'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}]}");

        assertThat(e.type()).isEqualTo("ResourceInUseException");
    }

    @Test
    void createTable_shouldRefuseDefinitionsNoKeyUses() {
        ApiException e = engine.fails(
                "CreateTable",
                "{'TableName':'orders','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':[{'AttributeName':'pk',"
                        + "'AttributeType':'S'},{'AttributeName':'x','AttributeType':'S'}],"
                        + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}]}");

        assertThat(e.getMessage())
                .isEqualTo("One or more parameter values were invalid: Number of attributes in KeySchema does not"
                        + " exactly match number of attributes defined in AttributeDefinitions");
    }

    @Test
    void createTable_shouldRefuseAShortName() {
        ApiException e = engine.fails(
                "CreateTable",
                "{'TableName':'ab','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':[{'AttributeName':'pk',"
                        + "'AttributeType':'S'}],'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}]}");

        assertThat(e.type()).isEqualTo("ValidationException");
        assertThat(e.getMessage()).contains("Member must have length greater than or equal to 3");
    }

    @Test
    void describeTable_shouldRefuseAMissingTable() {
        ApiException e = engine.fails("DescribeTable", "{'TableName':'missing'}");

        assertThat(e.type()).isEqualTo("ResourceNotFoundException");
        assertThat(e.getMessage()).isEqualTo("Requested resource not found");
    }

    @Test
    void deleteTable_shouldRemoveTheTable() {
        engine.createTable("orders");

        ObjectNode answer = engine.call("DeleteTable", "{'TableName':'orders'}");

        assertThat(answer.path("TableDescription").path("TableStatus").asText()).isEqualTo("DELETING");
        assertThat(engine.fails("DescribeTable", "{'TableName':'orders'}").type())
                .isEqualTo("ResourceNotFoundException");
    }

    @Test
    void listTables_shouldPageInNameOrder() {
        engine.createTable("ccc");
        engine.createTable("aaa");
        engine.createTable("bbb");

        ObjectNode first = engine.call("ListTables", "{'Limit':2}");
        ObjectNode second = engine.call(
                "ListTables",
                "{'Limit':2,'ExclusiveStartTableName':'"
                        + first.path("LastEvaluatedTableName").asText() + "'}");

        assertThat(first.path("TableNames").toString()).isEqualTo("[\"aaa\",\"bbb\"]");
        assertThat(second.path("TableNames").toString()).isEqualTo("[\"ccc\"]");
        assertThat(second.has("LastEvaluatedTableName")).isFalse();
    }

    @Test
    void call_shouldRefuseOperationsTheEngineDoesNotImplement() {
        ApiException e = engine.fails("ExecuteStatement", "{'Statement':'SELECT * FROM t'}");

        assertThat(e.type()).isEqualTo("UnknownOperationException");
    }

    @Test
    void updateTable_shouldCreateAnIndexFilledFromTheItems() {
        engine.call(
                "CreateTable",
                "{'TableName':'people','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':[{'AttributeName':'pk',"
                        + "'AttributeType':'S'}],'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}]}");
        engine.put("people", "{'pk':{'S':'a'},'city':{'S':'Oslo'}}");
        engine.put("people", "{'pk':{'S':'b'}}");

        ObjectNode answer = engine.call(
                "UpdateTable",
                "{'TableName':'people','AttributeDefinitions':[{'AttributeName':'city','AttributeType':'S'}],"
                        + "'GlobalSecondaryIndexUpdates':[{'Create':{'IndexName':'byCity','KeySchema':[{'AttributeName':"
                        + "'city','KeyType':'HASH'}],'Projection':{'ProjectionType':'KEYS_ONLY'}}}]}");
        ObjectNode found = engine.call(
                "Query",
                "{'TableName':'people','IndexName':'byCity','KeyConditionExpression':'city = :c',"
                        + "'ExpressionAttributeValues':{':c':{'S':'Oslo'}}}");

        assertThat(answer.path("TableDescription")
                        .path("GlobalSecondaryIndexes")
                        .get(0)
                        .path("IndexStatus")
                        .asText())
                .isEqualTo("ACTIVE");
        assertThat(found.path("Count").asInt()).isEqualTo(1);
        assertThat(found.path("Items").get(0).toString()).isEqualTo("{\"pk\":{\"S\":\"a\"},\"city\":{\"S\":\"Oslo\"}}");
    }

    @Test
    void updateTable_shouldDeleteAnIndex() {
        engine.createTable("orders");

        engine.call(
                "UpdateTable",
                "{'TableName':'orders','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':'gsi1'}}]}");
        ObjectNode table =
                engine.call("DescribeTable", "{'TableName':'orders'}").with("Table");

        assertThat(table.has("GlobalSecondaryIndexes")).isFalse();
        assertThat(table.path("AttributeDefinitions").size()).isEqualTo(2);
    }

    @Test
    void updateTimeToLive_shouldBeDescribed() {
        engine.createTable("orders");

        engine.call(
                "UpdateTimeToLive",
                "{'TableName':'orders','TimeToLiveSpecification':{'Enabled':true,'AttributeName':'expires'}}");
        ObjectNode description = engine.call("DescribeTimeToLive", "{'TableName':'orders'}");

        assertThat(description
                        .path("TimeToLiveDescription")
                        .path("TimeToLiveStatus")
                        .asText())
                .isEqualTo("ENABLED");
        assertThat(description
                        .path("TimeToLiveDescription")
                        .path("AttributeName")
                        .asText())
                .isEqualTo("expires");
        assertThat(engine.fails(
                                "UpdateTimeToLive",
                                "{'TableName':'orders','TimeToLiveSpecification':{'Enabled':true,'AttributeName':'e'}}")
                        .getMessage())
                .isEqualTo("TimeToLive is already enabled");
    }
}
