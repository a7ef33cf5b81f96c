package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.ThroughputLimits;
import io.entitytable.local.engine.protocol.ApiException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ThroughputTest {
    /** Five write units and ten read units a second per partition, no burst: small enough to reach in a test. */
    private static final EngineSettings SMALL =
            EngineSettings.immediate().withThroughput(new ThroughputLimits(10, 5, Duration.ZERO));

    private static String item(String pk, String sk) {
        return "{'pk':{'S':'" + pk + "'},'sk':{'S':'" + sk + "'}}";
    }

    @Test
    void putItem_shouldBeThrottled_whenItsPartitionIsOverItsWriteUnits() {
        // GIVEN a partition that took its five units this second
        EngineFixture fixture = new EngineFixture(SMALL);
        fixture.createTable("tbl");
        for (int i = 0; i < 5; i++) {
            fixture.put("tbl", item("hot", "s" + i));
        }

        // WHEN
        ApiException refused = fixture.fails("PutItem", "{'TableName':'tbl','Item':" + item("hot", "s5") + "}");
        fixture.put("tbl", item("cold", "s0"));
        fixture.clock.advanceMillis(1000);
        fixture.put("tbl", item("hot", "s6"));

        // THEN the hot partition alone is throttled, until a second has passed
        assertThat(refused.type()).isEqualTo("ThrottlingException");
        assertThat(refused.getMessage()).startsWith("Throughput exceeds the current capacity of your table or index");
        assertThat(refused.extra()
                        .path("throttlingReasons")
                        .get(0)
                        .path("reason")
                        .asText())
                .isEqualTo("TableWriteKeyRangeThroughputExceeded");
        assertThat(fixture.engine.control().throttledRequests("tbl")).isEqualTo(1);
    }

    @Test
    void putItem_shouldBeThrottled_whenAGlobalIndexPartitionIsOverItsWriteUnits() {
        // GIVEN items of different table partitions sharing one index partition
        EngineFixture fixture = new EngineFixture(SMALL);
        fixture.createTable("tbl");
        for (int i = 0; i < 5; i++) {
            fixture.put("tbl", "{'pk':{'S':'p" + i + "'},'sk':{'S':'1'},'gsi1pk':{'S':'hot'},'gsi1sk':{'S':'1'}}");
        }

        // WHEN
        ApiException refused = fixture.fails(
                "PutItem",
                "{'TableName':'tbl','Item':{'pk':{'S':'p9'},'sk':{'S':'1'},'gsi1pk':{'S':'hot'},'gsi1sk':{'S':'1'}}}");

        // THEN
        assertThat(refused.extra()
                        .path("throttlingReasons")
                        .get(0)
                        .path("reason")
                        .asText())
                .isEqualTo("IndexWriteKeyRangeThroughputExceeded");
        assertThat(fixture.engine.control().throttledRequests("tbl", "gsi1")).isEqualTo(1);
        assertThat(fixture.engine.control().throttledRequests("tbl")).isZero();
    }

    @Test
    void batchWriteItem_shouldGiveBackTheThrottledWritesAsUnprocessedItems() {
        // GIVEN
        EngineFixture fixture = new EngineFixture(SMALL);
        fixture.createTable("tbl");
        StringBuilder writes = new StringBuilder();
        for (int i = 0; i < 7; i++) {
            writes.append(i == 0 ? "" : ",")
                    .append("{'PutRequest':{'Item':")
                    .append(item("hot", "s" + i))
                    .append("}}");
        }

        // WHEN
        ObjectNode answer = fixture.call("BatchWriteItem", "{'RequestItems':{'tbl':[" + writes + "]}}");

        // THEN five are written, two come back
        assertThat(answer.path("UnprocessedItems").path("tbl").size()).isEqualTo(2);
        assertThat(answer.path("UnprocessedItems")
                        .path("tbl")
                        .get(0)
                        .path("PutRequest")
                        .path("Item")
                        .path("sk")
                        .path("S")
                        .asText())
                .isEqualTo("s5");
    }

    @Test
    void batchWriteItem_shouldFailWithProvisionedThroughputExceeded_whenEveryWriteIsThrottled() {
        // GIVEN a partition that took its five units this second
        EngineFixture fixture = new EngineFixture(SMALL);
        fixture.createTable("tbl");
        for (int i = 0; i < 5; i++) {
            fixture.put("tbl", item("hot", "s" + i));
        }

        // WHEN
        ApiException refused = fixture.fails(
                "BatchWriteItem",
                "{'RequestItems':{'tbl':[{'PutRequest':{'Item':" + item("hot", "s5") + "}}," + "{'PutRequest':{'Item':"
                        + item("hot", "s6") + "}}]}}");

        // THEN the reasons are under the member name of ProvisionedThroughputExceededException, not ThrottlingException
        assertThat(refused.type()).isEqualTo("ProvisionedThroughputExceededException");
        assertThat(refused.extra()
                        .path("ThrottlingReasons")
                        .get(0)
                        .path("reason")
                        .asText())
                .isEqualTo("TableWriteKeyRangeThroughputExceeded");
        assertThat(refused.extra().has("throttlingReasons")).isFalse();
    }

    @Test
    void transactWriteItems_shouldBeCancelledWithThrottlingError_whenOverTheWriteUnits() {
        // GIVEN a transaction's write costs two units: three writes to one partition need six
        EngineFixture fixture = new EngineFixture(SMALL);
        fixture.createTable("tbl");

        // WHEN
        ApiException refused = fixture.fails(
                "TransactWriteItems",
                "{'TransactItems':[{'Put':{'TableName':'tbl','Item':" + item("hot", "1") + "}},"
                        + "{'Put':{'TableName':'tbl','Item':" + item("hot", "2") + "}},"
                        + "{'Put':{'TableName':'tbl','Item':" + item("hot", "3") + "}}]}");

        // THEN nothing was written
        assertThat(refused.type()).isEqualTo("TransactionCanceledException");
        assertThat(refused.extra()
                        .path("CancellationReasons")
                        .get(2)
                        .path("Code")
                        .asText())
                .isEqualTo("ThrottlingError");
        assertThat(fixture.call("GetItem", "{'TableName':'tbl','Key':" + item("hot", "1") + "}")
                        .has("Item"))
                .isFalse();
    }

    @Test
    void putItem_shouldSpendAWriteUnit_whenItsConditionFails() {
        // GIVEN four of the partition's five units spent, and a put refused by its condition
        EngineFixture fixture = new EngineFixture(SMALL);
        fixture.createTable("tbl");
        for (int i = 0; i < 4; i++) {
            fixture.put("tbl", item("hot", "s" + i));
        }
        ApiException lost = fixture.fails(
                "PutItem",
                "{'TableName':'tbl','Item':" + item("hot", "s0")
                        + ",'ConditionExpression':'attribute_not_exists(pk)'}");

        // WHEN
        ApiException refused = fixture.fails("PutItem", "{'TableName':'tbl','Item':" + item("hot", "s9") + "}");

        // THEN the refused write took the fifth unit
        assertThat(lost.type()).isEqualTo("ConditionalCheckFailedException");
        assertThat(refused.type()).isEqualTo("ThrottlingException");
    }

    @Test
    void deleteItem_shouldSpendTheStayingItemsUnits_whenItsConditionFails() {
        // GIVEN an item of about 2.5 KB: three units to write, and three for a write its condition refuses
        EngineFixture fixture = new EngineFixture(SMALL);
        fixture.createTable("tbl");
        String large = "{'pk':{'S':'hot'},'sk':{'S':'big'},'text':{'S':'" + "x".repeat(2500) + "'}}";
        fixture.put("tbl", large);

        // WHEN a delete on a condition that does not hold needs three more units where two are left
        ApiException refused = fixture.fails(
                "DeleteItem",
                "{'TableName':'tbl','Key':" + item("hot", "big")
                        + ",'ConditionExpression':'attribute_not_exists(pk)'}");

        // THEN it is throttled (a one-unit charge would have fitted) and the item stays
        assertThat(refused.type()).isEqualTo("ThrottlingException");
        fixture.clock.advanceMillis(1000);
        assertThat(fixture.call("GetItem", "{'TableName':'tbl','Key':" + item("hot", "big") + "}")
                        .has("Item"))
                .isTrue();
    }

    @Test
    void getItem_shouldBeThrottled_whenItsPartitionIsOverItsReadUnits() {
        // GIVEN a strongly consistent read of a small item costs one unit: ten a second
        EngineFixture fixture = new EngineFixture(SMALL);
        fixture.createTable("tbl");
        String get = "{'TableName':'tbl','ConsistentRead':true,'Key':" + item("hot", "1") + "}";
        for (int i = 0; i < 10; i++) {
            fixture.call("GetItem", get);
        }

        // WHEN
        ApiException refused = fixture.fails("GetItem", get);

        // THEN
        assertThat(refused.extra()
                        .path("throttlingReasons")
                        .get(0)
                        .path("reason")
                        .asText())
                .isEqualTo("TableReadKeyRangeThroughputExceeded");
    }

    @Test
    void putItem_shouldNeverBeThrottled_whenThroughputIsUnlimited() {
        // GIVEN
        EngineFixture fixture = new EngineFixture(EngineSettings.immediate());
        fixture.createTable("tbl");

        // WHEN
        for (int i = 0; i < 2000; i++) {
            fixture.put("tbl", item("hot", "s" + i));
        }

        // THEN
        assertThat(fixture.engine.control().throttledRequests("tbl")).isZero();
    }
}
