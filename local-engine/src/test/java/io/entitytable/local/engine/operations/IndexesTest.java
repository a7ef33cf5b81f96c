package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class IndexesTest {
    private final EngineFixture engine = new EngineFixture();

    @BeforeEach
    void table() {
        engine.call(
                "CreateTable",
                "{'TableName':'scores','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':["
                        + "{'AttributeName':'player','AttributeType':'S'},{'AttributeName':'game','AttributeType':'S'},"
                        + "{'AttributeName':'score','AttributeType':'N'}],"
                        + "'KeySchema':[{'AttributeName':'player','KeyType':'HASH'},{'AttributeName':'game','KeyType':"
                        + "'RANGE'}],'LocalSecondaryIndexes':[{'IndexName':'byScore','KeySchema':[{'AttributeName':"
                        + "'player','KeyType':'HASH'},{'AttributeName':'score','KeyType':'RANGE'}],'Projection':"
                        + "{'ProjectionType':'KEYS_ONLY'}}],'GlobalSecondaryIndexes':[{'IndexName':'byGame',"
                        + "'KeySchema':[{'AttributeName':'game','KeyType':'HASH'},{'AttributeName':'score','KeyType':"
                        + "'RANGE'}],'Projection':{'ProjectionType':'INCLUDE','NonKeyAttributes':['level']}}]}");
        engine.put(
                "scores",
                "{'player':{'S':'ann'},'game':{'S':'chess'},'score':{'N':'30'},'level':{'N':'2'},'x':{'S':'1'}}");
        engine.put("scores", "{'player':{'S':'ann'},'game':{'S':'go'},'score':{'N':'5'},'x':{'S':'2'}}");
        engine.put("scores", "{'player':{'S':'bob'},'game':{'S':'chess'},'score':{'N':'100'}}");
    }

    @Test
    void query_shouldReadALocalIndexInItsSortKeyOrder() {
        ObjectNode answer = engine.call(
                "Query",
                "{'TableName':'scores','IndexName':'byScore','KeyConditionExpression':'player = :p AND score > :s',"
                        + "'ExpressionAttributeValues':{':p':{'S':'ann'},':s':{'N':'1'}}}");

        assertThat(answer.path("Items").get(0).path("game").path("S").asText()).isEqualTo("go");
        assertThat(answer.path("Items").get(1).has("x")).isFalse();
        assertThat(answer.path("Items").get(1).path("score").path("N").asText()).isEqualTo("30");
    }

    @Test
    void query_shouldAnswerOnlyWhatAGlobalIndexProjects() {
        ObjectNode answer = engine.call(
                "Query",
                "{'TableName':'scores','IndexName':'byGame','KeyConditionExpression':'game = :g',"
                        + "'ScanIndexForward':false,'ExpressionAttributeValues':{':g':{'S':'chess'}}}");

        assertThat(answer.path("Items").get(0).path("player").path("S").asText())
                .isEqualTo("bob");
        assertThat(answer.path("Items").get(1).toString())
                .isEqualTo("{\"player\":{\"S\":\"ann\"},\"game\":{\"S\":\"chess\"},\"score\":{\"N\":\"30\"},"
                        + "\"level\":{\"N\":\"2\"}}");
    }

    @Test
    void query_shouldRefuseAllAttributesFromAGlobalIndexThatDoesNotProjectThem() {
        ApiException e = engine.fails(
                "Query",
                "{'TableName':'scores','IndexName':'byGame','Select':'ALL_ATTRIBUTES','KeyConditionExpression':"
                        + "'game = :g','ExpressionAttributeValues':{':g':{'S':'chess'}}}");

        assertThat(e.getMessage())
                .isEqualTo("One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not supported for"
                        + " global secondary index byGame because its projection type is not ALL");
    }

    @Test
    void scan_shouldReadAnIndex() {
        ObjectNode answer = engine.call("Scan", "{'TableName':'scores','IndexName':'byGame'}");

        assertThat(answer.path("Count").asInt()).isEqualTo(3);
    }

    @Test
    void createTable_shouldRefuseALocalIndexOnATableWithoutSortKey() {
        ApiException e = engine.fails(
                "CreateTable",
                "{'TableName':'other','BillingMode':'PAY_PER_REQUEST','AttributeDefinitions':["
                        + "{'AttributeName':'p','AttributeType':'S'},{'AttributeName':'s','AttributeType':'S'}],"
                        + "'KeySchema':[{'AttributeName':'p','KeyType':'HASH'}],'LocalSecondaryIndexes':[{'IndexName':"
                        + "'l','KeySchema':[{'AttributeName':'p','KeyType':'HASH'},{'AttributeName':'s','KeyType':"
                        + "'RANGE'}],'Projection':{'ProjectionType':'ALL'}}]}");

        assertThat(e.getMessage())
                .isEqualTo("One or more parameter values were invalid: Table KeySchema does not have a range key,"
                        + " which is required when specifying a LocalSecondaryIndex");
    }
}
