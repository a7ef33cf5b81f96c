package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.storage.JournalStorage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShardRolloverTest {
    private static final EngineSettings FOUR_HOURS = EngineSettings.immediate().withShardRollover(Duration.ofHours(4));

    @TempDir
    Path folder;

    @Test
    void stream_shouldCloseItsShardAndOpenAChild_whenTheShardReachesTheRolloverAge() {
        // GIVEN
        EngineFixture fixture = new EngineFixture(FOUR_HOURS);
        fixture.createTable("tbl");
        fixture.put("tbl", "{'pk':{'S':'before'},'sk':{'S':'1'}}");

        // WHEN four hours pass and another write comes
        fixture.clock.advanceMillis(Duration.ofHours(4).toMillis());
        fixture.put("tbl", "{'pk':{'S':'after'},'sk':{'S':'1'}}");

        // THEN two shards: the parent closed with the first record, the child open with the second
        assertRolledOver(fixture);
    }

    @Test
    void stream_shouldKeepItsShardsAndRecords_acrossARestart() {
        // GIVEN a handover made before a restart
        try (JournalStorage storage = JournalStorage.open(folder)) {
            EngineFixture first = new EngineFixture(storage, FOUR_HOURS);
            first.createTable("tbl");
            first.put("tbl", "{'pk':{'S':'before'},'sk':{'S':'1'}}");
            first.clock.advanceMillis(Duration.ofHours(4).toMillis());
            first.put("tbl", "{'pk':{'S':'after'},'sk':{'S':'1'}}");
        }

        // WHEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            EngineFixture second = new EngineFixture(storage, FOUR_HOURS);
            second.clock.advanceMillis(Duration.ofHours(4).toMillis() + 1000);

            // THEN the same shards and records, nothing lost or repeated
            assertRolledOver(second);
        }
    }

    @Test
    void stream_shouldKeepOneShard_whenRolloverIsOff() {
        // GIVEN
        EngineFixture fixture = new EngineFixture(EngineSettings.immediate());
        fixture.createTable("tbl");

        // WHEN
        fixture.clock.advanceMillis(Duration.ofHours(5).toMillis());
        fixture.put("tbl", "{'pk':{'S':'a'},'sk':{'S':'1'}}");

        // THEN
        assertThat(shards(fixture).size()).isEqualTo(1);
    }

    private static void assertRolledOver(EngineFixture fixture) {
        JsonNode shards = shards(fixture);
        assertThat(shards.size()).isEqualTo(2);
        JsonNode parent = shards.get(0);
        JsonNode child = shards.get(1);
        assertThat(child.path("ParentShardId").asText())
                .isEqualTo(parent.path("ShardId").asText());
        assertThat(parent.path("SequenceNumberRange").has("EndingSequenceNumber"))
                .isTrue();
        assertThat(child.path("SequenceNumberRange").has("EndingSequenceNumber"))
                .isFalse();

        ObjectNode fromParent = read(fixture, parent.path("ShardId").asText());
        assertThat(keys(fromParent)).containsExactly("before");
        assertThat(fromParent.has("NextShardIterator")).isFalse();
        ObjectNode fromChild = read(fixture, child.path("ShardId").asText());
        assertThat(keys(fromChild)).containsExactly("after");
        assertThat(fromChild.has("NextShardIterator")).isTrue();
    }

    private static JsonNode shards(EngineFixture fixture) {
        return fixture.streams("DescribeStream", "{'StreamArn':'" + arn(fixture) + "'}")
                .path("StreamDescription")
                .path("Shards");
    }

    private static String arn(EngineFixture fixture) {
        return fixture.call("DescribeTable", "{'TableName':'tbl'}")
                .path("Table")
                .path("LatestStreamArn")
                .asText();
    }

    private static ObjectNode read(EngineFixture fixture, String shardId) {
        String iterator = fixture.streams(
                        "GetShardIterator",
                        "{'StreamArn':'" + arn(fixture) + "','ShardId':'" + shardId
                                + "','ShardIteratorType':'TRIM_HORIZON'}")
                .path("ShardIterator")
                .asText();
        return fixture.streams("GetRecords", "{'ShardIterator':'" + iterator + "'}");
    }

    private static List<String> keys(ObjectNode answer) {
        List<String> keys = new ArrayList<>();
        for (JsonNode record : answer.path("Records")) {
            keys.add(record.path("dynamodb").path("Keys").path("pk").path("S").asText());
        }
        return keys;
    }
}
