package io.entitytable.local.pump;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.model.Attributes;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The pump across shard rollovers of the local DynamoDB engine's stream, as DynamoDB rolls a shard over every few
 * hours: here every 300 ms, so the lineage code (a child read only after its parent is read to its end) runs on
 * real handovers, and a restart in the middle of them loses nothing and repeats only what was not checkpointed.
 */
class ShardRolloverPumpTest {
    private static final String TABLE = "Entity";
    private static final Duration SHARD_AGE = Duration.ofMillis(300);
    private static final int BATCH_SIZE = 4;
    private static final PumpOptions FAST =
            new PumpOptions(Duration.ofMillis(20), Duration.ofMillis(5), Duration.ofMillis(50));

    @TempDir
    Path dataFolder;

    private LocalDynamoDb db;
    private DynamoDbClient dynamo;
    private DynamoDbStreamsClient streams;
    private final List<StreamPump> pumps = new ArrayList<>();

    @BeforeEach
    void start() {
        db = LocalDynamoDb.startInMemory(EngineSettings.asDynamoDb().withShardRollover(SHARD_AGE));
        dynamo = db.client();
        streams = db.streamsClient();
        db.createTable(TABLE);
    }

    @AfterEach
    void stop() {
        pumps.forEach(StreamPump::close);
        streams.close();
        dynamo.close();
        db.close();
    }

    @Test
    void restartAcrossRollovers_shouldDeliverEveryRecordOnce_inTheOrderWritten() {
        // GIVEN items written across at least two rollovers, and a slow pump stopped part of the way through them
        List<String> ids = new ArrayList<>();
        ids.addAll(putCoreItems(8));
        awaitShards(2);
        ids.addAll(putCoreItems(8));
        awaitShards(3);
        Path checkpointFile = dataFolder.resolve("checkpoints.json");
        FakeFunction first = new FakeFunction(event -> {
            sleepMillis(100);
            return InvocationResult.success("{}");
        });
        StreamPump firstPump = pump(first, Checkpoints.inFile(checkpointFile));
        await(() -> first.invocations().size() >= 3);
        firstPump.close();
        List<String> beforeStop = FakeFunction.ids(first.received());

        // WHEN a new pump takes over from the same checkpoints while more items are written across a rollover
        FakeFunction second = FakeFunction.succeeding();
        pump(second, Checkpoints.inFile(checkpointFile));
        int shardsSoFar = shards().size();
        ids.addAll(putCoreItems(8));
        awaitShards(shardsSoFar + 1);
        ids.addAll(putCoreItems(4));
        await(() -> FakeFunction.ids(second.received()).contains(ids.get(ids.size() - 1)));

        // THEN every record came, parents' before children's, in the order the items were written; the new pump
        // repeated at most the batch the old one had delivered and not yet checkpointed when it stopped (at least
        // once, as Lambda delivers), and skipped nothing
        List<String> afterRestart = FakeFunction.ids(second.received());
        System.out.println("[test] " + shards().size() + " shards; " + beforeStop.size() + " records before the stop, "
                + afterRestart.size() + " after");
        assertThat(shards()).hasSizeGreaterThanOrEqualTo(4);
        assertThat(beforeStop).isEqualTo(ids.subList(0, beforeStop.size()));
        int resumedAt = ids.indexOf(afterRestart.get(0));
        assertThat(afterRestart).isEqualTo(ids.subList(resumedAt, ids.size()));
        assertThat(resumedAt).isBetween(beforeStop.size() - BATCH_SIZE, beforeStop.size());
    }

    private StreamPump pump(FakeFunction function, Checkpoints checkpoints) {
        StreamPump pump = new StreamPump(
                dynamo,
                streams,
                TABLE,
                trigger(BATCH_SIZE),
                function,
                new DeadLetterFolder(
                        dataFolder.resolve("dlq"),
                        "arn:aws:lambda:us-east-1:000000000000:function:test",
                        Clock.systemUTC()),
                checkpoints,
                FAST,
                Clock.systemUTC(),
                System.out::println);
        pumps.add(pump);
        return pump.start();
    }

    private static StreamTrigger trigger(int batchSize) {
        StreamTrigger d = StreamTrigger.DEFAULT;
        return new StreamTrigger(
                d.startingPosition(),
                batchSize,
                0,
                d.bisectBatchOnError(),
                d.reportBatchItemFailures(),
                d.maxRetryAttempts(),
                d.maxRecordAgeSeconds(),
                d.parallelizationFactor(),
                d.filterPatterns());
    }

    private List<String> putCoreItems(int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String id = Ids.newId();
            dynamo.putItem(request -> request.tableName(TABLE)
                    .item(Map.of(
                            Attributes.ID, AttributeValue.fromS(id),
                            Attributes.TYPE, AttributeValue.fromS(Keys.BUSINESS_TYPE),
                            Attributes.KIND, AttributeValue.fromS(ItemKind.CORE.value()),
                            Attributes.VERSION, AttributeValue.fromN("1"))));
            ids.add(id);
        }
        return ids;
    }

    private List<Shard> shards() {
        String arn = dynamo.describeTable(request -> request.tableName(TABLE))
                .table()
                .latestStreamArn();
        return streams.describeStream(request -> request.streamArn(arn))
                .streamDescription()
                .shards();
    }

    /** Waits for the stream to have {@code count} shards: a write before it lands in a shard older than one after. */
    private void awaitShards(int count) {
        await(() -> shards().size() >= count);
    }

    private static void await(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 20 s");
            }
            sleepMillis(20);
        }
    }

    private static void sleepMillis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
