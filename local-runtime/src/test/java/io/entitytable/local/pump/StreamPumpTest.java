package io.entitytable.local.pump;

import static io.entitytable.local.pump.FakeFunction.idOf;
import static io.entitytable.local.pump.FakeFunction.sequenceOf;
import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.backfill.IndexBackfill;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/** The pump against the local DynamoDB engine's real stream, with an in-process fake function. */
class StreamPumpTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final PumpOptions FAST =
            new PumpOptions(Duration.ofMillis(20), Duration.ofMillis(5), Duration.ofMillis(50));
    private static final AtomicInteger TABLES = new AtomicInteger();

    private static LocalDynamoDb db;
    private static DynamoDbClient dynamo;
    private static DynamoDbStreamsClient streams;

    @TempDir
    Path dataFolder;

    private String table;
    private final List<StreamPump> pumps = new ArrayList<>();

    @BeforeAll
    static void startDynamoDb() {
        db = LocalDynamoDb.startInMemory();
        dynamo = db.client();
        streams = db.streamsClient();
    }

    @AfterAll
    static void stopDynamoDb() {
        streams.close();
        dynamo.close();
        db.close();
    }

    @BeforeEach
    void createTable() {
        // A table per test: each has its own stream.
        table = "Entity" + TABLES.incrementAndGet();
        db.createTable(table);
    }

    @org.junit.jupiter.api.AfterEach
    void stopPumps() {
        pumps.forEach(StreamPump::close);
    }

    @Test
    void poisonRecord_shouldBeBisectedRetriedAndDeadLettered_whileOtherItemsAreProcessed() throws Exception {
        // GIVEN ten core items, one of which always makes the function fail
        List<String> ids = putCoreItems(10);
        String poison = ids.get(4);
        FakeFunction function = new FakeFunction(event -> event.getRecords().stream()
                        .anyMatch(r -> idOf(r).equals(poison))
                ? InvocationResult.error("{\"errorMessage\":\"poison\",\"errorType\":\"IllegalStateException\"}")
                : InvocationResult.success("{}"));
        DeadLetterFolder dlq = deadLetters(Clock.systemUTC());

        // WHEN the pump delivers them in one batch
        start(trigger(10, 1), function, dlq, Checkpoints.inMemory(), Clock.systemUTC());
        await(() -> dlq.files().size() == 1 && function.received().size() == 9);

        // THEN every other item got through, in order
        List<String> others = new ArrayList<>(ids);
        others.remove(poison);
        assertThat(FakeFunction.ids(function.received())).containsExactlyElementsOf(others);
        // AND the poison record was isolated by bisecting, then retried MaximumRetryAttempts times on its own
        long aloneInvocations = function.invocations().stream()
                .filter(e -> e.getRecords().size() == 1
                        && idOf(e.getRecords().get(0)).equals(poison))
                .count();
        assertThat(aloneInvocations).isEqualTo(1 + StreamTrigger.DEFAULT.maxRetryAttempts());
        assertThat(function.invocations().get(0).getRecords()).hasSize(10);
        // AND the dead-letter record says what Lambda's on-failure record says
        JsonNode record = JSON.readTree(dlq.files().get(0).toFile());
        assertThat(record.at("/requestContext/condition").asText()).isEqualTo("RetryAttemptsExhausted");
        assertThat(record.at("/requestContext/approximateInvokeCount").asInt())
                .isGreaterThanOrEqualTo((int) aloneInvocations);
        assertThat(record.at("/responseContext/functionError").asText()).isEqualTo("Unhandled");
        assertThat(record.at("/DDBStreamBatchInfo/batchSize").asInt()).isEqualTo(1);
        String poisonSequence = function.invocations().stream()
                .flatMap(e -> e.getRecords().stream())
                .filter(r -> idOf(r).equals(poison))
                .map(FakeFunction::sequenceOf)
                .findFirst()
                .orElseThrow();
        assertThat(record.at("/DDBStreamBatchInfo/startSequenceNumber").asText())
                .isEqualTo(poisonSequence);
        assertThat(record.at("/DDBStreamBatchInfo/streamArn").asText()).contains(table);
        assertThat(DynamodbEventJson.read(record.at("/payload").asText()).getRecords())
                .singleElement()
                .satisfies(r -> assertThat(idOf(r)).isEqualTo(poison));

        // AND the shard moves on past the poison record
        String later = putCoreItems(1).get(0);
        await(() -> FakeFunction.ids(function.received()).contains(later));
    }

    @Test
    void pausedPump_shouldDeliverNothing_untilResumed_thenEverythingInOrder() {
        // GIVEN a running pump that has delivered a first item
        FakeFunction function = new FakeFunction(event -> InvocationResult.success("{}"));
        StreamPump pump = start(
                trigger(10, 0), function, deadLetters(Clock.systemUTC()), Checkpoints.inMemory(), Clock.systemUTC());
        List<String> first = putCoreItems(1);
        await(() -> FakeFunction.ids(function.received()).equals(first));

        // WHEN it is paused and items are written
        pump.pause();
        sleep(Duration.ofMillis(100));
        List<String> written = putCoreItems(3);
        // (many polls and shard discoveries of the fast options)
        sleep(Duration.ofMillis(500));

        // THEN nothing more reached the function, and the pump does not claim to be caught up
        assertThat(FakeFunction.ids(function.received())).containsExactlyElementsOf(first);
        assertThat(pump.caughtUp()).isFalse();

        // WHEN resumed
        pump.resume();

        // THEN what was written meanwhile is delivered, in order
        List<String> all = new ArrayList<>(first);
        all.addAll(written);
        await(() -> FakeFunction.ids(function.received()).equals(all));
    }

    @Test
    void partialBatchFailure_shouldRestartAtLowestFailedSequenceNumber() {
        // GIVEN six core items and a function that reports records 3 and 5 as failed the first time
        List<String> ids = putCoreItems(6);
        AtomicInteger calls = new AtomicInteger();
        FakeFunction function = new FakeFunction(event -> {
            if (calls.incrementAndGet() > 1) {
                return InvocationResult.success("{\"batchItemFailures\":[]}");
            }
            List<DynamodbEvent.DynamodbStreamRecord> records = event.getRecords();
            return InvocationResult.success("{\"batchItemFailures\":[{\"itemIdentifier\":\""
                    + sequenceOf(records.get(5)) + "\"},{\"itemIdentifier\":\"" + sequenceOf(records.get(3))
                    + "\"}]}");
        });

        // WHEN the pump delivers them
        start(trigger(10, 1), function, deadLetters(Clock.systemUTC()), Checkpoints.inMemory(), Clock.systemUTC());
        await(() -> function.invocations().size() >= 2);

        // THEN the second invocation starts exactly at record 3 and holds only the rest
        List<DynamodbEvent> invocations = function.invocations();
        assertThat(FakeFunction.ids(invocations.get(0).getRecords())).containsExactlyElementsOf(ids);
        assertThat(FakeFunction.ids(invocations.get(1).getRecords())).containsExactlyElementsOf(ids.subList(3, 6));
        // AND nothing is delivered again afterwards
        sleep(Duration.ofMillis(300));
        assertThat(function.invocations()).hasSize(2);
    }

    @Test
    void filteredRecords_shouldNeverReachTheFunction() {
        // GIVEN core items changed in every way, and edge, tag and line items around them
        String core = Ids.newId();
        put(core, Keys.BUSINESS_TYPE, ItemKind.CORE, 1);
        put(
                Keys.subjectRef(Entity.CUSTOMER, Ids.newId()),
                Keys.subjectRef(Entity.STORE, Ids.newId()),
                ItemKind.EDGE,
                1);
        put(Keys.tagPartition(Ids.newId(), "music"), Keys.subjectRef(Entity.ORDER, Ids.newId()), ItemKind.TAG, 1);
        String order = Ids.newId();
        put(order, Keys.lineType(1), ItemKind.LINE, 1);
        put(core, Keys.BUSINESS_TYPE, ItemKind.CORE, 2);
        dynamo.deleteItem(request -> request.tableName(table).key(key(core, Keys.BUSINESS_TYPE)));
        String last = Keys.tagPartition(Ids.newId(), "books");
        put(last, Keys.subjectRef(Entity.ORDER, order), ItemKind.TAG, 1);
        FakeFunction function = FakeFunction.succeeding();
        Checkpoints checkpoints = Checkpoints.inMemory();

        // WHEN the pump has read the whole stream
        StreamPump pump =
                start(trigger(100, 0), function, deadLetters(Clock.systemUTC()), checkpoints, Clock.systemUTC());
        String lastSequence = lastSequenceNumber(pump.streamArn());
        // Until the pump has started reading the shard it has no shard to name: waited for, not asserted.
        await(() -> !pump.startedShards().isEmpty()
                && checkpoints
                        .of(onlyShard(pump))
                        .map(c -> lastSequence.equals(c.sequenceNumber()))
                        .orElse(false));

        // THEN the function saw the INSERT, MODIFY and REMOVE of the core item only
        assertThat(function.received())
                .extracting(DynamodbEvent.DynamodbStreamRecord::getEventName)
                .containsExactly("INSERT", "MODIFY", "REMOVE");
        assertThat(function.received()).allSatisfy(r -> assertThat(idOf(r)).isEqualTo(core));
        // AND the checkpoint moved past the filtered-out records at the end of the stream
        assertThat(checkpoints.of(onlyShard(pump)).orElseThrow().sequenceNumber())
                .isEqualTo(lastSequence);
    }

    @Test
    void restart_shouldResumeFromTheCheckpoint_withoutLosingRecords() {
        // GIVEN twenty items, a file checkpoint and a slow function stopped in the middle of the stream
        List<String> ids = putCoreItems(20);
        Path checkpointFile = dataFolder.resolve("checkpoints.json");
        FakeFunction first = new FakeFunction(event -> {
            sleep(Duration.ofMillis(100));
            return InvocationResult.success("{}");
        });
        StreamPump firstPump = start(
                trigger(5, 0),
                first,
                deadLetters(Clock.systemUTC()),
                Checkpoints.inFile(checkpointFile),
                Clock.systemUTC());
        await(() -> first.invocations().size() >= 2);
        firstPump.close();
        List<String> beforeStop = FakeFunction.ids(first.received());
        // Two batches of 5 records; the first records of the stream are the backfill progress items the table was
        // created with, which the filter keeps from the function.
        assertThat(beforeStop.size()).isBetween(10 - IndexBackfill.ALL.size(), 19);
        String checkpoint = Checkpoints.inFile(checkpointFile)
                .of(onlyShard(firstPump))
                .orElseThrow()
                .sequenceNumber();

        // WHEN a new pump starts on the same checkpoint file
        FakeFunction second = FakeFunction.succeeding();
        start(
                trigger(5, 0),
                second,
                deadLetters(Clock.systemUTC()),
                Checkpoints.inFile(checkpointFile),
                Clock.systemUTC());
        await(() -> Set.copyOf(union(beforeStop, FakeFunction.ids(second.received())))
                .containsAll(ids));

        // THEN it starts right after the checkpoint, and every record was delivered, in order
        assertThat(second.received())
                .allSatisfy(r -> assertThat(new BigInteger(sequenceOf(r))).isGreaterThan(new BigInteger(checkpoint)));
        List<String> afterRestart = FakeFunction.ids(second.received());
        assertThat(afterRestart).isEqualTo(ids.subList(ids.size() - afterRestart.size(), ids.size()));
        assertThat(union(beforeStop, afterRestart)).containsAll(ids);
    }

    @Test
    void recordsOlderThanMaximumRecordAge_shouldGoToTheFailureDestination_withoutAnInvocation() throws Exception {
        // GIVEN three items and a clock two hours ahead of their stream records
        putCoreItems(3);
        Clock later = Clock.fixed(Instant.now().plus(Duration.ofHours(2)), ZoneOffset.UTC);
        FakeFunction function = FakeFunction.succeeding();
        DeadLetterFolder dlq = deadLetters(later);

        // WHEN the pump reads them
        start(trigger(10, 0), function, dlq, Checkpoints.inMemory(), later);
        await(() -> dlq.files().size() == 1);

        // THEN they are discarded as too old, never sent
        assertThat(function.invocations()).isEmpty();
        JsonNode record = JSON.readTree(dlq.files().get(0).toFile());
        assertThat(record.at("/requestContext/condition").asText()).isEqualTo("RecordAgeExceeded");
        assertThat(record.at("/DDBStreamBatchInfo/batchSize").asInt()).isEqualTo(3);
    }

    @Test
    void largeRecords_shouldBeSplitIntoBatchesUnderLambdasPayloadLimit_whateverTheBatchSize() throws Exception {
        // GIVEN 20 items of ~390 KB each (near DynamoDB's 400 KB item limit): ~7.8 MB of new images
        List<String> ids = new ArrayList<>();
        String filler = "x".repeat(390 * 1024);
        for (int i = 0; i < 20; i++) {
            String id = Ids.newId();
            Map<String, AttributeValue> item = new java.util.HashMap<>(key(id, Keys.BUSINESS_TYPE));
            item.put(Attributes.KIND, AttributeValue.fromS(ItemKind.CORE.value()));
            item.put(Attributes.VERSION, AttributeValue.fromN("1"));
            item.put("filler", AttributeValue.fromS(filler));
            dynamo.putItem(request -> request.tableName(table).item(item));
            ids.add(id);
        }
        FakeFunction function = FakeFunction.succeeding();

        // WHEN the pump reads them with a batch size of 100 and a 1 s window
        start(trigger(100, 1), function, deadLetters(Clock.systemUTC()), Checkpoints.inMemory(), Clock.systemUTC());
        await(() -> function.received().size() == 20);

        // THEN no event exceeded 6 MB, so they came in more than one batch, all in order and none twice
        assertThat(function.payloadBytes())
                .allSatisfy(bytes -> assertThat(bytes).isLessThanOrEqualTo(ShardReader.MAX_PAYLOAD_BYTES));
        assertThat(function.invocations()).hasSizeGreaterThanOrEqualTo(2);
        assertThat(FakeFunction.ids(function.received())).containsExactlyElementsOf(ids);
    }

    private StreamPump start(
            StreamTrigger trigger, FakeFunction function, DeadLetterFolder dlq, Checkpoints checkpoints, Clock clock) {
        StreamPump pump = new StreamPump(
                dynamo, streams, table, trigger, function, dlq, checkpoints, FAST, clock, System.out::println);
        pumps.add(pump);
        return pump.start();
    }

    private DeadLetterFolder deadLetters(Clock clock) {
        return new DeadLetterFolder(
                dataFolder.resolve("dlq"), "arn:aws:lambda:us-east-1:000000000000:function:test", clock);
    }

    private static StreamTrigger trigger(int batchSize, int windowSeconds) {
        StreamTrigger d = StreamTrigger.DEFAULT;
        return new StreamTrigger(
                d.startingPosition(),
                batchSize,
                windowSeconds,
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
            put(id, Keys.BUSINESS_TYPE, ItemKind.CORE, 1);
            ids.add(id);
        }
        return ids;
    }

    private void put(String id, String type, ItemKind kind, int version) {
        Map<String, AttributeValue> item = new java.util.HashMap<>(key(id, type));
        item.put(Attributes.KIND, AttributeValue.fromS(kind.value()));
        item.put(Attributes.VERSION, AttributeValue.fromN(Integer.toString(version)));
        dynamo.putItem(request -> request.tableName(table).item(item));
    }

    private static Map<String, AttributeValue> key(String id, String type) {
        return Map.of(Attributes.ID, AttributeValue.fromS(id), Attributes.TYPE, AttributeValue.fromS(type));
    }

    private static String onlyShard(StreamPump pump) {
        assertThat(pump.startedShards()).hasSize(1);
        return pump.startedShards().iterator().next();
    }

    private static String lastSequenceNumber(String streamArn) {
        String shard = streams.describeStream(r -> r.streamArn(streamArn))
                .streamDescription()
                .shards()
                .get(0)
                .shardId();
        String iterator = streams.getShardIterator(
                        r -> r.streamArn(streamArn).shardId(shard).shardIteratorType("TRIM_HORIZON"))
                .shardIterator();
        var records = streams.getRecords(r -> r.shardIterator(iterator)).records();
        return records.get(records.size() - 1).dynamodb().sequenceNumber();
    }

    private static List<String> union(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static void await(BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within 20 s");
            }
            sleep(Duration.ofMillis(20));
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
