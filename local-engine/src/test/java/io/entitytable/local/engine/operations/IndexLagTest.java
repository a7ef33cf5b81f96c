package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.IndexLag;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class IndexLagTest {
    private static final String QUERY_GSI = "{'TableName':'tbl','IndexName':'gsi1',"
            + "'KeyConditionExpression':'gsi1pk = :p','ExpressionAttributeValues':{':p':{'S':'g'}}}";

    private EngineFixture fixture;

    @AfterEach
    void close() {
        fixture.engine.close();
    }

    @Test
    void query_shouldSeeTheIndexLagging_untilTheHeldIndexIsReleased() {
        // GIVEN
        fixture = new EngineFixture(EngineSettings.immediate().withIndexLag(IndexLag.DYNAMODB));
        fixture.createTable("tbl");
        fixture.engine.control().holdIndex("tbl", "gsi1");

        // WHEN an item is written, then changed, while the index is held
        fixture.put("tbl", "{'pk':{'S':'a'},'sk':{'S':'1'},'gsi1pk':{'S':'g'},'gsi1sk':{'S':'1'},'v':{'N':'1'}}");
        fixture.put("tbl", "{'pk':{'S':'a'},'sk':{'S':'1'},'gsi1pk':{'S':'g'},'gsi1sk':{'S':'1'},'v':{'N':'2'}}");
        EngineFixture.eventually(5, () -> fixture.engine.control().pendingIndexUpdates() == 2);
        ObjectNode whileHeld = fixture.call("Query", QUERY_GSI);
        long describedWhileHeld = indexItemCount();
        fixture.engine.control().releaseIndex("tbl", "gsi1");

        // THEN the index shows nothing while held, then the item's latest form
        assertThat(whileHeld.path("Count").asInt()).isZero();
        assertThat(describedWhileHeld).isZero();
        EngineFixture.eventually(5, () -> fixture.engine.control().pendingIndexUpdates() == 0);
        ObjectNode released = fixture.call("Query", QUERY_GSI);
        assertThat(released.path("Count").asInt()).isEqualTo(1);
        assertThat(released.path("Items").get(0).path("v").path("N").asText()).isEqualTo("2");
        assertThat(indexItemCount()).isEqualTo(1);
    }

    @Test
    void query_shouldSeeEachItemsChangesInCommitOrder_whenTheLagIsRandom() {
        // GIVEN a lag wide enough to reorder changes of different items
        fixture = new EngineFixture(
                EngineSettings.immediate().withIndexLag(new IndexLag(Duration.ofMillis(1), Duration.ofMillis(30))));
        fixture.createTable("tbl");

        // WHEN one item is written many times and another moved out of the index
        for (int i = 0; i < 50; i++) {
            fixture.put(
                    "tbl",
                    "{'pk':{'S':'a'},'sk':{'S':'1'},'gsi1pk':{'S':'g'},'gsi1sk':{'S':'1'},'v':{'N':'" + i + "'}}");
        }
        fixture.put("tbl", "{'pk':{'S':'b'},'sk':{'S':'1'},'gsi1pk':{'S':'g'},'gsi1sk':{'S':'2'}}");
        fixture.put("tbl", "{'pk':{'S':'b'},'sk':{'S':'1'},'gsi1pk':{'S':'h'},'gsi1sk':{'S':'2'}}");
        EngineFixture.eventually(5, () -> fixture.engine.control().pendingIndexUpdates() == 0);

        // THEN the index holds the last form of each item
        ObjectNode answer = fixture.call("Query", QUERY_GSI);
        assertThat(answer.path("Count").asInt()).isEqualTo(1);
        assertThat(answer.path("Items").get(0).path("v").path("N").asText()).isEqualTo("49");
    }

    @Test
    void query_shouldSeeTheWriteAtOnce_whenIndexLagIsOff() {
        // GIVEN
        fixture = new EngineFixture(EngineSettings.immediate());
        fixture.createTable("tbl");

        // WHEN
        fixture.put("tbl", "{'pk':{'S':'a'},'sk':{'S':'1'},'gsi1pk':{'S':'g'},'gsi1sk':{'S':'1'}}");

        // THEN
        assertThat(fixture.call("Query", QUERY_GSI).path("Count").asInt()).isEqualTo(1);
        assertThat(fixture.engine.control().pendingIndexUpdates()).isZero();
    }

    @Test
    void query_shouldNotSeeTheWriteAtOnce_whenTheIndexLags() {
        // GIVEN an index that lags a fixed minute behind
        fixture = new EngineFixture(EngineSettings.immediate().withIndexLag(IndexLag.fixed(Duration.ofMinutes(1))));
        fixture.createTable("tbl");

        // WHEN
        fixture.put("tbl", "{'pk':{'S':'a'},'sk':{'S':'1'},'gsi1pk':{'S':'g'},'gsi1sk':{'S':'1'}}");

        // THEN the table has it, the index not yet
        assertThat(fixture.call("GetItem", "{'TableName':'tbl','Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}")
                        .has("Item"))
                .isTrue();
        assertThat(fixture.call("Query", QUERY_GSI).path("Count").asInt()).isZero();
        assertThat(fixture.engine.control().pendingIndexUpdates()).isEqualTo(1);
    }

    private long indexItemCount() {
        return fixture.call("DescribeTable", "{'TableName':'tbl'}")
                .path("Table")
                .path("GlobalSecondaryIndexes")
                .get(0)
                .path("ItemCount")
                .asLong();
    }
}
