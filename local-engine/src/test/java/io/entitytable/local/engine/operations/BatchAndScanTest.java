package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BatchAndScanTest {
    private final EngineFixture engine = new EngineFixture();

    @BeforeEach
    void table() {
        engine.createTable("items");
    }

    private void putMany(int count) {
        StringBuilder writes = new StringBuilder();
        for (int i = 0; i < count; i++) {
            writes.append(i == 0 ? "" : ",")
                    .append("{'PutRequest':{'Item':{'pk':{'S':'p")
                    .append(i)
                    .append("'},'sk':{'S':'1'}}}}");
        }
        ObjectNode answer = engine.call("BatchWriteItem", "{'RequestItems':{'items':[" + writes + "]}}");
        assertThat(answer.path("UnprocessedItems").size()).isZero();
    }

    @Test
    void batchWriteItem_shouldWriteEveryItemAndBatchGetItemReadThem() {
        putMany(3);

        ObjectNode answer = engine.call(
                "BatchGetItem",
                "{'RequestItems':{'items':{'Keys':[{'pk':{'S':'p0'},'sk':{'S':'1'}},{'pk':{'S':'p2'},'sk':{'S':'1'}},"
                        + "{'pk':{'S':'none'},'sk':{'S':'1'}}]}}}");

        assertThat(answer.path("Responses").path("items").size()).isEqualTo(2);
        assertThat(answer.path("UnprocessedKeys").size()).isZero();
    }

    @Test
    void batchWriteItem_shouldRefuseMoreThan25Writes() {
        StringBuilder writes = new StringBuilder();
        for (int i = 0; i < 26; i++) {
            writes.append(i == 0 ? "" : ",")
                    .append("{'PutRequest':{'Item':{'pk':{'S':'p")
                    .append(i)
                    .append("'},'sk':{'S':'1'}}}}");
        }

        ApiException e = engine.fails("BatchWriteItem", "{'RequestItems':{'items':[" + writes + "]}}");

        assertThat(e.getMessage()).contains("Member must have length less than or equal to 25");
    }

    @Test
    void batchWriteItem_shouldRefuseDuplicateKeys() {
        ApiException e = engine.fails(
                "BatchWriteItem",
                "{'RequestItems':{'items':[{'PutRequest':{'Item':{'pk':{'S':'a'},'sk':{'S':'1'}}}},"
                        + "{'DeleteRequest':{'Key':{'pk':{'S':'a'},'sk':{'S':'1'}}}}]}}");

        assertThat(e.getMessage()).isEqualTo("Provided list of item keys contains duplicates");
    }

    @Test
    void scan_shouldPageThroughEveryItemOnce() {
        putMany(20);
        Set<String> seen = new HashSet<>();
        String start = "";
        int pages = 0;
        do {
            ObjectNode page = engine.call("Scan", "{'TableName':'items','Limit':3" + start + "}");
            for (JsonNode item : page.path("Items")) {
                assertThat(seen.add(item.path("pk").path("S").asText())).isTrue();
            }
            start = page.has("LastEvaluatedKey")
                    ? ",'ExclusiveStartKey':"
                            + page.path("LastEvaluatedKey").toString().replace('"', '\'')
                    : null;
            pages++;
        } while (start != null);

        assertThat(seen).hasSize(20);
        assertThat(pages).isEqualTo(7);
    }

    @Test
    void scan_shouldSplitItemsIntoDisjointSegments() {
        putMany(25);
        Set<String> seen = new HashSet<>();
        int total = 0;

        for (int segment = 0; segment < 4; segment++) {
            ObjectNode page = engine.call("Scan", "{'TableName':'items','Segment':" + segment + ",'TotalSegments':4}");
            for (JsonNode item : page.path("Items")) {
                seen.add(item.path("pk").path("S").asText());
                total++;
            }
        }

        assertThat(seen).hasSize(25);
        assertThat(total).isEqualTo(25);
    }

    @Test
    void scan_shouldRefuseASegmentWithoutTotalSegments() {
        ApiException e = engine.fails("Scan", "{'TableName':'items','Segment':1}");

        assertThat(e.type()).isEqualTo("ValidationException");
    }
}
