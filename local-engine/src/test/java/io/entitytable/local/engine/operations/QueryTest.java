package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class QueryTest {
    private final EngineFixture engine = new EngineFixture();

    @BeforeEach
    void items() {
        engine.createTable("items");
        for (String sk : List.of("b", "a", "c", "d")) {
            engine.put(
                    "items",
                    "{'pk':{'S':'p'},'sk':{'S':'" + sk + "'},'gsi1pk':{'S':'g'},'gsi1sk':{'S':'same'},'v':{'S':'" + sk
                            + "'}}");
        }
        engine.put("items", "{'pk':{'S':'other'},'sk':{'S':'a'}}");
    }

    private static List<String> sortKeys(ObjectNode answer) {
        List<String> keys = new ArrayList<>();
        for (JsonNode item : answer.path("Items")) {
            keys.add(item.path("sk").path("S").asText());
        }
        return keys;
    }

    @Test
    void query_shouldAnswerOnePartitionInSortKeyOrder() {
        ObjectNode answer = engine.call(
                "Query",
                "{'TableName':'items','KeyConditionExpression':'pk = :p','ExpressionAttributeValues':{':p':{'S':'p'}}}");

        assertThat(sortKeys(answer)).containsExactly("a", "b", "c", "d");
        assertThat(answer.path("Count").asInt()).isEqualTo(4);
    }

    @Test
    void query_shouldReadBackwards() {
        ObjectNode answer = engine.call(
                "Query",
                "{'TableName':'items','KeyConditionExpression':'pk = :p','ScanIndexForward':false,"
                        + "'ExpressionAttributeValues':{':p':{'S':'p'}}}");

        assertThat(sortKeys(answer)).containsExactly("d", "c", "b", "a");
    }

    @Test
    void query_shouldApplyTheSortKeyCondition() {
        ObjectNode answer = engine.call(
                "Query",
                "{'TableName':'items','KeyConditionExpression':'pk = :p AND sk BETWEEN :a AND :b',"
                        + "'ExpressionAttributeValues':{':p':{'S':'p'},':a':{'S':'b'},':b':{'S':'c'}}}");
        ObjectNode greater = engine.call(
                "Query",
                "{'TableName':'items','KeyConditionExpression':'pk = :p AND sk > :a','ScanIndexForward':false,"
                        + "'ExpressionAttributeValues':{':p':{'S':'p'},':a':{'S':'b'}}}");
        ObjectNode less = engine.call(
                "Query",
                "{'TableName':'items','KeyConditionExpression':'pk = :p AND sk < :a','ScanIndexForward':false,"
                        + "'ExpressionAttributeValues':{':p':{'S':'p'},':a':{'S':'c'}}}");

        assertThat(sortKeys(answer)).containsExactly("b", "c");
        assertThat(sortKeys(greater)).containsExactly("d", "c");
        assertThat(sortKeys(less)).containsExactly("b", "a");
    }

    @Test
    void query_shouldCountLimitBeforeTheFilterAndPage() {
        String request = "{'TableName':'items','KeyConditionExpression':'pk = :p','FilterExpression':'v <> :b',"
                + "'Limit':2,'ExpressionAttributeValues':{':p':{'S':'p'},':b':{'S':'b'}}";

        ObjectNode first = engine.call("Query", request + "}");
        ObjectNode second = engine.call(
                "Query",
                request + ",'ExclusiveStartKey':"
                        + first.path("LastEvaluatedKey").toString().replace('"', '\'') + "}");

        assertThat(sortKeys(first)).containsExactly("a");
        assertThat(first.path("ScannedCount").asInt()).isEqualTo(2);
        assertThat(first.path("LastEvaluatedKey").path("sk").path("S").asText()).isEqualTo("b");
        assertThat(sortKeys(second)).containsExactly("c", "d");
    }

    @Test
    void query_shouldStartAfterAKeyWhereNoItemIs() {
        ObjectNode answer = engine.call(
                "Query",
                "{'TableName':'items','KeyConditionExpression':'pk = :p','ExpressionAttributeValues':{':p':{'S':'p'}},"
                        + "'ExclusiveStartKey':{'pk':{'S':'p'},'sk':{'S':'bb'}}}");

        assertThat(sortKeys(answer)).containsExactly("c", "d");
    }

    @Test
    void query_shouldOrderEqualIndexKeysByTheTableKeyAndGiveTheIndexKeyInLastEvaluatedKey() {
        ObjectNode answer = engine.call(
                "Query",
                "{'TableName':'items','IndexName':'gsi1','KeyConditionExpression':'gsi1pk = :g','Limit':3,"
                        + "'ExpressionAttributeValues':{':g':{'S':'g'}}}");

        assertThat(sortKeys(answer)).containsExactly("a", "b", "c");
        assertThat(answer.path("LastEvaluatedKey").toString())
                .isEqualTo("{\"pk\":{\"S\":\"p\"},\"sk\":{\"S\":\"c\"},\"gsi1pk\":{\"S\":\"g\"},"
                        + "\"gsi1sk\":{\"S\":\"same\"}}");
    }

    @Test
    void query_shouldRefuseAConsistentReadOnAGlobalIndex() {
        ApiException e = engine.fails(
                "Query",
                "{'TableName':'items','IndexName':'gsi1','ConsistentRead':true,'KeyConditionExpression':'gsi1pk = :g',"
                        + "'ExpressionAttributeValues':{':g':{'S':'g'}}}");

        assertThat(e.getMessage()).isEqualTo("Consistent reads are not supported on global secondary indexes");
    }

    @Test
    void query_shouldCountOnlyWhenSelectIsCount() {
        ObjectNode answer = engine.call(
                "Query",
                "{'TableName':'items','Select':'COUNT','KeyConditionExpression':'pk = :p',"
                        + "'ExpressionAttributeValues':{':p':{'S':'p'}}}");

        assertThat(answer.has("Items")).isFalse();
        assertThat(answer.path("Count").asInt()).isEqualTo(4);
    }

    @Test
    void query_shouldLeaveItemsWithoutTheIndexKeyOutOfTheIndex() {
        engine.put("items", "{'pk':{'S':'p'},'sk':{'S':'e'},'gsi1pk':{'S':'g'}}");

        ObjectNode answer = engine.call(
                "Query",
                "{'TableName':'items','IndexName':'gsi1','KeyConditionExpression':'gsi1pk = :g',"
                        + "'ExpressionAttributeValues':{':g':{'S':'g'}}}");

        assertThat(sortKeys(answer)).containsExactly("a", "b", "c", "d");
    }

    @Test
    void query_shouldRefuseAKeyConditionOfTheWrongType() {
        ApiException e = engine.fails(
                "Query",
                "{'TableName':'items','KeyConditionExpression':'pk = :p','ExpressionAttributeValues':{':p':{'N':'1'}}}");

        assertThat(e.type()).isEqualTo("ValidationException");
    }

    @Test
    void query_shouldStopAPageAtOneMegabyte() {
        String big = "x".repeat(300 * 1024);
        for (int i = 0; i < 5; i++) {
            engine.put("items", "{'pk':{'S':'big'},'sk':{'S':'" + i + "'},'b':{'S':'" + big + "'}}");
        }

        ObjectNode answer = engine.call(
                "Query",
                "{'TableName':'items','KeyConditionExpression':'pk = :p','ExpressionAttributeValues':{':p':{'S':'big'}},"
                        + "'ReturnConsumedCapacity':'TOTAL'}");

        assertThat(answer.path("Count").asInt()).isEqualTo(4);
        assertThat(answer.has("LastEvaluatedKey")).isTrue();
        assertThat(answer.path("ConsumedCapacity").path("CapacityUnits").asDouble())
                .isEqualTo(150.5);
    }
}
