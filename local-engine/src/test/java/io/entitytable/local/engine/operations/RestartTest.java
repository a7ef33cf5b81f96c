package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.storage.JournalStorage;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RestartTest {
    @TempDir
    Path folder;

    @Test
    void engine_shouldRebuildTablesItemsIndexesAndStreamsFromStorage() {
        // GIVEN
        String streamArn;
        String shardId;
        String lastSequenceNumber;
        try (JournalStorage storage = JournalStorage.open(folder)) {
            EngineFixture first = new EngineFixture(storage);
            first.createTable("items");
            first.put("items", "{'pk':{'S':'a'},'sk':{'S':'1'},'gsi1pk':{'S':'g'},'gsi1sk':{'S':'x'}}");
            first.put("items", "{'pk':{'S':'b'},'sk':{'S':'1'}}");
            first.call("DeleteItem", "{'TableName':'items','Key':{'pk':{'S':'b'},'sk':{'S':'1'}}}");
            streamArn = first.call("DescribeTable", "{'TableName':'items'}")
                    .path("Table")
                    .path("LatestStreamArn")
                    .asText();
            shardId = shardOf(first, streamArn);
            lastSequenceNumber = records(first, streamArn, shardId)
                    .path("Records")
                    .get(2)
                    .path("dynamodb")
                    .path("SequenceNumber")
                    .asText();
        }

        // WHEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            EngineFixture second = new EngineFixture(storage);
            second.put("items", "{'pk':{'S':'c'},'sk':{'S':'1'}}");

            // THEN
            ObjectNode table =
                    second.call("DescribeTable", "{'TableName':'items'}").with("Table");
            assertThat(table.path("ItemCount").asLong()).isEqualTo(2);
            assertThat(table.path("LatestStreamArn").asText()).isEqualTo(streamArn);
            assertThat(shardOf(second, streamArn)).isEqualTo(shardId);
            ObjectNode found = second.call(
                    "Query",
                    "{'TableName':'items','IndexName':'gsi1','KeyConditionExpression':'gsi1pk = :g',"
                            + "'ExpressionAttributeValues':{':g':{'S':'g'}}}");
            assertThat(found.path("Count").asInt()).isEqualTo(1);
            ObjectNode records = records(second, streamArn, shardId);
            assertThat(records.path("Records").size()).isEqualTo(4);
            assertThat(records.path("Records")
                            .get(3)
                            .path("dynamodb")
                            .path("SequenceNumber")
                            .asText())
                    .isGreaterThan(lastSequenceNumber);
        }
    }

    private static String shardOf(EngineFixture engine, String streamArn) {
        return engine.streams("DescribeStream", "{'StreamArn':'" + streamArn + "'}")
                .path("StreamDescription")
                .path("Shards")
                .get(0)
                .path("ShardId")
                .asText();
    }

    private static ObjectNode records(EngineFixture engine, String streamArn, String shardId) {
        String iterator = engine.streams(
                        "GetShardIterator",
                        "{'StreamArn':'" + streamArn + "','ShardId':'" + shardId
                                + "','ShardIteratorType':'TRIM_HORIZON'}")
                .path("ShardIterator")
                .asText();
        return engine.streams("GetRecords", "{'ShardIterator':'" + iterator + "'}");
    }
}
