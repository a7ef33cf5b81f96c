package io.entitytable.local.engine.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ConcurrentWritesTest {
    private final EngineFixture engine = new EngineFixture();

    @Test
    void updateItem_shouldLoseNoIncrementAcrossThreadsAndStreamEveryChangeInOrder() throws Exception {
        // GIVEN
        engine.createTable("items");
        int threads = 12;
        int perThread = 200;
        ExecutorService pool = Executors.newFixedThreadPool(threads);

        // WHEN
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            futures.add(pool.submit(() -> {
                for (int i = 0; i < perThread; i++) {
                    engine.call(
                            "UpdateItem",
                            "{'TableName':'items','Key':{'pk':{'S':'counter'},'sk':{'S':'" + (i % 3)
                                    + "'}},'UpdateExpression':'ADD v :one','ExpressionAttributeValues':{':one':{'N':'1'}}}");
                    engine.put("items", "{'pk':{'S':'t" + thread + "'},'sk':{'S':'" + i + "'}}");
                }
            }));
        }
        for (Future<?> future : futures) {
            future.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        // THEN
        long sum = 0;
        for (int s = 0; s < 3; s++) {
            sum += engine.call("GetItem", "{'TableName':'items','Key':{'pk':{'S':'counter'},'sk':{'S':'" + s + "'}}}")
                    .path("Item")
                    .path("v")
                    .path("N")
                    .asLong();
        }
        assertThat(sum).isEqualTo((long) threads * perThread);
        String arn = engine.call("DescribeTable", "{'TableName':'items'}")
                .path("Table")
                .path("LatestStreamArn")
                .asText();
        String shard = engine.streams("DescribeStream", "{'StreamArn':'" + arn + "'}")
                .path("StreamDescription")
                .path("Shards")
                .get(0)
                .path("ShardId")
                .asText();
        String iterator = engine.streams(
                        "GetShardIterator",
                        "{'StreamArn':'" + arn + "','ShardId':'" + shard + "','ShardIteratorType':'TRIM_HORIZON'}")
                .path("ShardIterator")
                .asText();
        int records = 0;
        String last = "";
        while (true) {
            ObjectNode page = engine.streams("GetRecords", "{'ShardIterator':'" + iterator + "'}");
            if (page.path("Records").isEmpty()) {
                break;
            }
            for (JsonNode record : page.path("Records")) {
                String sequenceNumber =
                        record.path("dynamodb").path("SequenceNumber").asText();
                assertThat(sequenceNumber).isGreaterThan(last);
                last = sequenceNumber;
                records++;
            }
            iterator = page.path("NextShardIterator").asText();
        }
        assertThat(records).isEqualTo(2 * threads * perThread);
    }

    @Test
    void transactWriteItems_shouldNeverDeadlockOnOverlappingItems() throws Exception {
        engine.createTable("items");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            boolean reversed = t % 2 == 0;
            futures.add(pool.submit(() -> {
                for (int i = 0; i < 200; i++) {
                    String a = "{'Update':{'TableName':'items','Key':{'pk':{'S':'a'},'sk':{'S':'1'}},"
                            + "'UpdateExpression':'ADD v :one','ExpressionAttributeValues':{':one':{'N':'1'}}}}";
                    String b = a.replace("'S':'a'", "'S':'b'");
                    try {
                        engine.call(
                                "TransactWriteItems",
                                "{'TransactItems':[" + (reversed ? b + "," + a : a + "," + b) + "]}");
                    } catch (ApiException e) {
                        throw new AssertionError(e.getMessage(), e);
                    }
                }
            }));
        }
        for (Future<?> future : futures) {
            future.get(60, TimeUnit.SECONDS);
        }
        pool.shutdown();

        assertThat(engine.call("GetItem", "{'TableName':'items','Key':{'pk':{'S':'b'},'sk':{'S':'1'}}}")
                        .path("Item")
                        .path("v")
                        .path("N")
                        .asLong())
                .isEqualTo(1600);
    }
}
