package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.entitytable.local.engine.behaviour.EngineSettings;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TimeToLiveTest {
    private EngineFixture fixture;

    @AfterEach
    void close() {
        fixture.engine.close();
    }

    private void putWithExpiry(String pk, String expiry) {
        fixture.put("tbl", "{'pk':{'S':'" + pk + "'},'sk':{'S':'1'},'expires':" + expiry + "}");
    }

    private boolean exists(String pk) {
        return fixture.call("GetItem", "{'TableName':'tbl','Key':{'pk':{'S':'" + pk + "'},'sk':{'S':'1'}}}")
                .has("Item");
    }

    private long nowSeconds() {
        return fixture.clock.millis() / 1000;
    }

    private void enableTimeToLive() {
        fixture.call(
                "UpdateTimeToLive",
                "{'TableName':'tbl','TimeToLiveSpecification':{'Enabled':true,'AttributeName':'expires'}}");
    }

    @Test
    void sweeper_shouldDeleteExpiredItemsOnly_withAServiceRemoveRecord() {
        // GIVEN items expired, expiring later, far in the past, of another type, without the attribute
        fixture = new EngineFixture(EngineSettings.immediate().withTimeToLiveSweep(Duration.ofMillis(20)));
        fixture.createTable("tbl");
        putWithExpiry("expired", "{'N':'" + (nowSeconds() - 10) + "'}");
        putWithExpiry("later", "{'N':'" + (nowSeconds() + 3600) + "'}");
        putWithExpiry("ancient", "{'N':'" + (nowSeconds() - 6L * 365 * 24 * 3600) + "'}");
        putWithExpiry("string", "{'S':'" + (nowSeconds() - 10) + "'}");
        fixture.put("tbl", "{'pk':{'S':'none'},'sk':{'S':'1'}}");

        // WHEN time to live is enabled
        enableTimeToLive();

        // THEN the background sweeper deletes the expired item alone
        EngineFixture.eventually(5, () -> !exists("expired"));
        assertThat(exists("later")).isTrue();
        assertThat(exists("ancient")).isTrue();
        assertThat(exists("string")).isTrue();
        assertThat(exists("none")).isTrue();
        JsonNode remove = lastStreamRecord();
        assertThat(remove.path("eventName").asText()).isEqualTo("REMOVE");
        assertThat(remove.path("userIdentity").path("Type").asText()).isEqualTo("Service");
        assertThat(remove.path("userIdentity").path("PrincipalId").asText()).isEqualTo("dynamodb.amazonaws.com");

        // AND an item expires when the clock passes its time
        fixture.clock.advanceMillis(3601_000);
        EngineFixture.eventually(5, () -> !exists("later"));
    }

    @Test
    void sweeper_shouldNotDeleteAnything_whenTimeToLiveIsSwitchedOff() {
        // GIVEN
        fixture = new EngineFixture(EngineSettings.immediate());
        fixture.createTable("tbl");
        putWithExpiry("expired", "{'N':'" + (nowSeconds() - 10) + "'}");
        enableTimeToLive();

        // WHEN
        int deleted = fixture.engine.control().sweepExpiredItems();

        // THEN
        assertThat(deleted).isZero();
        assertThat(exists("expired")).isTrue();
    }

    @Test
    void sweeper_shouldNotDeleteAnything_onATableWithoutTimeToLive() {
        // GIVEN
        fixture = new EngineFixture(EngineSettings.immediate().withTimeToLiveSweep(Duration.ofHours(1)));
        fixture.createTable("tbl");
        putWithExpiry("expired", "{'N':'" + (nowSeconds() - 10) + "'}");

        // WHEN
        int deleted = fixture.engine.control().sweepExpiredItems();

        // THEN
        assertThat(deleted).isZero();
        assertThat(exists("expired")).isTrue();
    }

    private JsonNode lastStreamRecord() {
        String arn = fixture.call("DescribeTable", "{'TableName':'tbl'}")
                .path("Table")
                .path("LatestStreamArn")
                .asText();
        String shard = fixture.streams("DescribeStream", "{'StreamArn':'" + arn + "'}")
                .path("StreamDescription")
                .path("Shards")
                .get(0)
                .path("ShardId")
                .asText();
        String iterator = fixture.streams(
                        "GetShardIterator",
                        "{'StreamArn':'" + arn + "','ShardId':'" + shard + "','ShardIteratorType':'TRIM_HORIZON'}")
                .path("ShardIterator")
                .asText();
        ArrayNode records = (ArrayNode) fixture.streams("GetRecords", "{'ShardIterator':'" + iterator + "'}")
                .path("Records");
        return records.get(records.size() - 1);
    }
}
