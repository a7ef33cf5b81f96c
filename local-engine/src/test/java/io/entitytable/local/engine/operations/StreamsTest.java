package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class StreamsTest {
    private final EngineFixture engine = new EngineFixture();
    private String streamArn;

    @BeforeEach
    void table() {
        engine.createTable("items");
        streamArn = engine.call("DescribeTable", "{'TableName':'items'}")
                .path("Table")
                .path("LatestStreamArn")
                .asText();
    }

    private String shardId() {
        return engine.streams("DescribeStream", "{'StreamArn':'" + streamArn + "'}")
                .path("StreamDescription")
                .path("Shards")
                .get(0)
                .path("ShardId")
                .asText();
    }

    private String iterator(String type) {
        return engine.streams(
                        "GetShardIterator",
                        "{'StreamArn':'" + streamArn + "','ShardId':'" + shardId() + "','ShardIteratorType':'" + type
                                + "'}")
                .path("ShardIterator")
                .asText();
    }

    private ObjectNode records(String iterator) {
        return engine.streams("GetRecords", "{'ShardIterator':'" + iterator + "'}");
    }

    private static List<String> events(ObjectNode answer) {
        List<String> names = new ArrayList<>();
        for (JsonNode record : answer.path("Records")) {
            names.add(record.path("eventName").asText());
        }
        return names;
    }

    @Test
    void itemChanges_shouldCountWhatTheStreamRecords_andNoWriteThatLeftItsItemAsItWas() {
        // GIVEN
        long before = engine.engine.control().itemChanges("items");

        // WHEN an insert, the same put again, a change, a transaction of two, a delete and a delete of nothing
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'1'}}");
        long afterInsert = engine.engine.control().itemChanges("items");
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'1'}}");
        long afterSamePut = engine.engine.control().itemChanges("items");
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'2'}}");
        engine.call(
                "TransactWriteItems",
                "{'TransactItems':[{'Put':{'TableName':'items','Item':{'pk':{'S':'b'},'sk':{'S':'1'}}}},"
                        + "{'Put':{'TableName':'items','Item':{'pk':{'S':'c'},'sk':{'S':'1'}}}}]}");
        engine.call("DeleteItem", "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}");
        engine.call("DeleteItem", "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}");

        // THEN
        assertThat(afterInsert - before).isEqualTo(1);
        assertThat(afterSamePut).isEqualTo(afterInsert);
        assertThat(engine.engine.control().itemChanges("items") - before)
                .isEqualTo(5)
                .isEqualTo(records(iterator("TRIM_HORIZON")).path("Records").size());
    }

    @Test
    void getRecords_shouldAnswerOneRecordPerRealChangeInOrder() {
        // GIVEN
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'1'}}");
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'1'}}");
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'v':{'N':'2'}}");
        engine.call("DeleteItem", "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}");
        engine.call("DeleteItem", "{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}");

        // WHEN
        ObjectNode answer = records(iterator("TRIM_HORIZON"));

        // THEN
        assertThat(events(answer)).containsExactly("INSERT", "MODIFY", "REMOVE");
        JsonNode modify = answer.path("Records").get(1);
        assertThat(modify.path("eventVersion").asText()).isEqualTo("1.1");
        assertThat(modify.path("eventSource").asText()).isEqualTo("aws:dynamodb");
        assertThat(modify.path("awsRegion").asText()).isEqualTo("us-east-1");
        JsonNode dynamodb = modify.path("dynamodb");
        assertThat(dynamodb.path("ApproximateCreationDateTime").asLong()).isEqualTo(1714557600L);
        assertThat(dynamodb.path("Keys").toString()).isEqualTo("{\"pk\":{\"S\":\"a\"},\"sk\":{\"S\":\"1\"}}");
        assertThat(dynamodb.path("OldImage").path("v").path("N").asText()).isEqualTo("1");
        assertThat(dynamodb.path("NewImage").path("v").path("N").asText()).isEqualTo("2");
        assertThat(dynamodb.path("StreamViewType").asText()).isEqualTo("NEW_AND_OLD_IMAGES");
        assertThat(dynamodb.path("SequenceNumber").asText()).hasSize(21).containsOnlyDigits();
        assertThat(dynamodb.path("SequenceNumber").asText())
                .isGreaterThan(answer.path("Records")
                        .get(0)
                        .path("dynamodb")
                        .path("SequenceNumber")
                        .asText());
        assertThat(answer.path("NextShardIterator").isTextual()).isTrue();
    }

    @Test
    void getRecords_shouldGoOnFromTheNextIterator() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'}}");
        ObjectNode first = records(iterator("TRIM_HORIZON"));
        engine.put("items", "{'pk':{'S':'b'},'sk':{'S':'1'}}");

        ObjectNode second = records(first.path("NextShardIterator").asText());

        assertThat(events(second)).containsExactly("INSERT");
        assertThat(second.path("Records")
                        .get(0)
                        .path("dynamodb")
                        .path("Keys")
                        .path("pk")
                        .path("S")
                        .asText())
                .isEqualTo("b");
    }

    @Test
    void getShardIterator_shouldStartLatestAfterTheLastRecord() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'}}");
        String latest = iterator("LATEST");
        engine.put("items", "{'pk':{'S':'b'},'sk':{'S':'1'}}");

        assertThat(events(records(latest))).containsExactly("INSERT");
    }

    @Test
    void getShardIterator_shouldStartAtOrAfterASequenceNumber() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'}}");
        engine.put("items", "{'pk':{'S':'b'},'sk':{'S':'1'}}");
        String sequenceNumber = records(iterator("TRIM_HORIZON"))
                .path("Records")
                .get(0)
                .path("dynamodb")
                .path("SequenceNumber")
                .asText();

        ObjectNode at = records(engine.streams(
                        "GetShardIterator",
                        "{'StreamArn':'" + streamArn + "','ShardId':'" + shardId()
                                + "','ShardIteratorType':'AT_SEQUENCE_NUMBER','SequenceNumber':'" + sequenceNumber
                                + "'}")
                .path("ShardIterator")
                .asText());
        ObjectNode after = records(engine.streams(
                        "GetShardIterator",
                        "{'StreamArn':'" + streamArn + "','ShardId':'" + shardId()
                                + "','ShardIteratorType':'AFTER_SEQUENCE_NUMBER','SequenceNumber':'" + sequenceNumber
                                + "'}")
                .path("ShardIterator")
                .asText());

        assertThat(at.path("Records").size()).isEqualTo(2);
        assertThat(after.path("Records").size()).isEqualTo(1);
    }

    @Test
    void getRecords_shouldRefuseAnIteratorOlderThanFifteenMinutes() {
        String iterator = iterator("TRIM_HORIZON");
        engine.clock.advanceMillis(15 * 60 * 1000 + 1);

        assertThatThrownBy(() -> records(iterator)).isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.type())
                .isEqualTo("ExpiredIteratorException"));
    }

    @Test
    void getRecords_shouldRefuseAPositionBeforeTheTrimHorizon() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'}}");
        String sequenceNumber = records(iterator("TRIM_HORIZON"))
                .path("Records")
                .get(0)
                .path("dynamodb")
                .path("SequenceNumber")
                .asText();
        engine.clock.advanceMillis(25L * 60 * 60 * 1000);
        engine.put("items", "{'pk':{'S':'b'},'sk':{'S':'1'}}");

        assertThatThrownBy(() -> engine.streams(
                        "GetShardIterator",
                        "{'StreamArn':'" + streamArn + "','ShardId':'" + shardId()
                                + "','ShardIteratorType':'AT_SEQUENCE_NUMBER','SequenceNumber':'" + sequenceNumber
                                + "'}"))
                .isInstanceOfSatisfying(
                        ApiException.class, e -> assertThat(e.type()).isEqualTo("TrimmedDataAccessException"));
        assertThat(events(records(iterator("TRIM_HORIZON")))).containsExactly("INSERT");
    }

    @Test
    void updateTable_shouldCloseTheShardAndEnableANewStream() {
        engine.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'}}");
        String oldIterator = iterator("TRIM_HORIZON");

        engine.call("UpdateTable", "{'TableName':'items','StreamSpecification':{'StreamEnabled':false}}");
        engine.put("items", "{'pk':{'S':'b'},'sk':{'S':'1'}}");
        engine.clock.advanceMillis(1000);
        engine.call(
                "UpdateTable",
                "{'TableName':'items','StreamSpecification':{'StreamEnabled':true,'StreamViewType':'KEYS_ONLY'}}");
        String newArn = engine.call("DescribeTable", "{'TableName':'items'}")
                .path("Table")
                .path("LatestStreamArn")
                .asText();
        ObjectNode closed = records(oldIterator);
        ObjectNode described = engine.streams("DescribeStream", "{'StreamArn':'" + streamArn + "'}");

        assertThat(newArn).isNotEqualTo(streamArn);
        assertThat(events(closed)).containsExactly("INSERT");
        assertThat(closed.has("NextShardIterator")).isFalse();
        assertThat(described.path("StreamDescription").path("StreamStatus").asText())
                .isEqualTo("DISABLED");
        assertThat(described
                        .path("StreamDescription")
                        .path("Shards")
                        .get(0)
                        .path("SequenceNumberRange")
                        .has("EndingSequenceNumber"))
                .isTrue();
        assertThat(engine.streams("ListStreams", "{'TableName':'items'}")
                        .path("Streams")
                        .size())
                .isEqualTo(2);
    }
}
