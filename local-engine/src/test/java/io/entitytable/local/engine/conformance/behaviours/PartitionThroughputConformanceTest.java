package io.entitytable.local.engine.conformance.behaviours;

import static io.entitytable.local.engine.conformance.behaviours.BehaviourTarget.INDEX;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.item;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.n;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.s;
import static io.entitytable.local.engine.conformance.tables.ConformanceTables.text;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingReason;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Per-partition throughput: whatever the table's capacity mode, one partition (so one partition key value, of the
 * table or of a global secondary index) serves at most 3,000 read units and 1,000 write units a second; past that
 * (and past what burst capacity an idle partition saved) DynamoDB refuses the request as throttled, with a
 * {@code ThrottlingReasons} entry {@code <Table|Index><Read|Write>KeyRangeThroughputExceeded}, while other partition
 * keys are served; BatchWriteItem hands the refused writes back in {@code UnprocessedItems}. A write to a table is
 * also throttled when the index partition it writes to is over its limit.
 *
 * <p>The refusal of a single call is a ProvisionedThroughputExceededException (or, for some on-demand refusals, a
 * ThrottlingException: DynamoDB's documentation names both for throttling, so the cases accept either and pin down
 * the reason). The SDK retries both by default; the cases' clients do not, to see the first refusal. The cases use
 * large items (a write costs one unit per KB, a strongly consistent read one per 4 KB) to pass the limits in few
 * calls.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html">Best
 *     practices for designing and using partition keys effectively ("each partition ... 3,000 RCUs and 1,000
 *     WCUs")</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/throttling-key-range-limit-exceeded-mitigation.html">
 *     Key range throughput exceeded (hot partitions)</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_BatchWriteItem.html">
 *     BatchWriteItem: UnprocessedItems</a>
 */
class PartitionThroughputConformanceTest {
    /** DynamoDB's per-partition limits, per second. */
    private static final double WRITE_UNITS = 1000;

    private static final double READ_UNITS = 3000;

    /** Seconds' worth of units a case spends at most looking for a refusal: past one second's plus any burst. */
    private static final int BUDGET = 5;

    /** About 300 KB: 300 write units a write, 75 read units a strongly consistent read. */
    private static final String LARGE = text(300 * 1024 - 100);

    /** About 380 KB: 95 read units a strongly consistent read. */
    private static final String LARGEST = text(380 * 1024);

    static Stream<BehaviourCheck> checks() {
        return Stream.of(
                BehaviourCheck.apiOnly(
                        "Single writes to one partition key past its 1,000 write units a second are throttled"
                                + " (TableWriteKeyRangeThroughputExceeded), a write to another partition key is not",
                        Behaviour.PARTITION_THROUGHPUT,
                        PartitionThroughputConformanceTest::singleWritesToOnePartitionKey),
                BehaviourCheck.apiOnly(
                        "BatchWriteItem past one partition key's write units writes some items and hands the others"
                                + " back in UnprocessedItems",
                        Behaviour.PARTITION_THROUGHPUT,
                        PartitionThroughputConformanceTest::batchWritesToOnePartitionKey),
                BehaviourCheck.apiOnly(
                        "Strongly consistent reads of one partition key past its 3,000 read units a second are"
                                + " throttled (TableReadKeyRangeThroughputExceeded), a read of another is not",
                        Behaviour.PARTITION_THROUGHPUT,
                        PartitionThroughputConformanceTest::readsOfOnePartitionKey),
                BehaviourCheck.apiOnly(
                        "Table writes to many partition keys that all write one GSI partition key past its 1,000"
                                + " write units a second are throttled (IndexWriteKeyRangeThroughputExceeded)",
                        Behaviour.PARTITION_THROUGHPUT,
                        PartitionThroughputConformanceTest::writesToOneIndexPartitionKey));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checks")
    void partition_shouldBeThrottledPastItsThroughput(BehaviourCheck check) throws Exception {
        check.runWithBehaviourOn();
    }

    /** UpdateItem and PutItem calls, in turn, on one partition key until each kind has been refused. */
    static void singleWritesToOnePartitionKey(BehaviourTarget target) {
        DynamoDbClient dynamo = target.dynamo();
        String table = target.tables().hashTable("hotwrite");
        dynamo.putItem(b -> b.tableName(table).item(item("pk", "hot", "data", LARGE, "n", 0)));
        dynamo.putItem(b -> b.tableName(table).item(item("pk", "cold", "data", LARGE, "n", 0)));
        int[] calls = {0};
        int[] lastWritten = {0};
        Set<String> refusedKinds = new HashSet<>();
        List<Refusal> refusals = new ArrayList<>();

        while (refusedKinds.size() < 2) {
            Refusal refusal = untilRefused(WRITE_UNITS, () -> {
                int n = ++calls[0];
                ConsumedCapacity consumed = n % 2 == 0
                        ? dynamo.putItem(b -> b.tableName(table)
                                        .item(item("pk", "hot", "data", LARGE, "n", n))
                                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                                .consumedCapacity()
                        : dynamo.updateItem(b -> b.tableName(table)
                                        .key(item("pk", "hot"))
                                        .updateExpression("SET n = :n")
                                        .expressionAttributeValues(Map.of(":n", n(n)))
                                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                                .consumedCapacity();
                lastWritten[0] = n;
                return consumed.capacityUnits();
            });
            refusedKinds.add(calls[0] % 2 == 0 ? "PutItem" : "UpdateItem");
            refusals.add(refusal);
        }
        dynamo.updateItem(b -> b.tableName(table)
                .key(item("pk", "cold"))
                .updateExpression("SET n = :n")
                .expressionAttributeValues(Map.of(":n", n(1))));

        assertThat(refusals.get(0).unitsTaken())
                .as("write units the partition key took before its first refusal")
                .isGreaterThanOrEqualTo(WRITE_UNITS);
        assertThat(refusals).allSatisfy(refusal -> assertThat(reasons(refusal.error()))
                .contains("TableWriteKeyRangeThroughputExceeded"));
        assertThat(dynamo.getItem(b -> b.tableName(table).key(item("pk", "hot")).consistentRead(true))
                        .item())
                .as("the throttled partition key's item: the refused writes changed nothing")
                .containsEntry("n", n(lastWritten[0]));
        if (target.local()) {
            assertThat(target.throttledRequests(table)).as("ThrottledRequests").isEqualTo(refusals.size());
        }
    }

    static void batchWritesToOnePartitionKey(BehaviourTarget target) {
        DynamoDbClient dynamo = target.dynamo();
        String table = target.tables().hashRangeTable("hotbatch");
        String data = text(100 * 1024);
        for (int batch = 0; batch < 4; batch++) {
            List<WriteRequest> writes = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                Map<String, AttributeValue> item = item("pk", "hot", "sk", batch + "-" + i, "data", data);
                writes.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
            }
            BatchWriteItemResponse answer;
            try {
                answer = dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, writes)));
            } catch (ProvisionedThroughputExceededException | ThrottlingException everyWriteRefused) {
                continue;
            }
            List<WriteRequest> unprocessed = answer.unprocessedItems().getOrDefault(table, List.of());
            if (unprocessed.isEmpty()) {
                continue;
            }
            for (WriteRequest write : writes) {
                Map<String, AttributeValue> written = write.putRequest().item();
                boolean handedBack = unprocessed.contains(write);
                assertThat(dynamo.getItem(b -> b.tableName(table)
                                        .key(item("pk", written.get("pk"), "sk", written.get("sk")))
                                        .projectionExpression("sk")
                                        .consistentRead(true))
                                .item())
                        .as("item %s, %s", written.get("sk").s(), handedBack ? "unprocessed" : "processed")
                        .hasSize(handedBack ? 0 : 1);
            }
            assertThat(unprocessed).as("unprocessed writes").hasSizeLessThan(writes.size());
            if (target.local()) {
                assertThat(target.throttledRequests(table))
                        .as("ThrottledRequests")
                        .isPositive();
            }
            return;
        }
        throw new AssertionError("four batches of 25 writes of 100 KB to one partition key came back without"
                + " UnprocessedItems (or were refused whole)");
    }

    static void readsOfOnePartitionKey(BehaviourTarget target) {
        DynamoDbClient dynamo = target.dynamo();
        String table = target.tables().hashTable("hotread");
        dynamo.putItem(b -> b.tableName(table).item(item("pk", "hot", "data", LARGEST)));
        dynamo.putItem(b -> b.tableName(table).item(item("pk", "cold", "data", LARGEST)));

        Refusal refusal = untilRefused(READ_UNITS, () -> dynamo.getItem(b -> b.tableName(table)
                        .key(item("pk", "hot"))
                        .consistentRead(true)
                        .projectionExpression("pk")
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
                .consumedCapacity()
                .capacityUnits());
        Map<String, AttributeValue> cold = dynamo.getItem(b -> b.tableName(table)
                        .key(item("pk", "cold"))
                        .consistentRead(true)
                        .projectionExpression("pk"))
                .item();

        assertThat(reasons(refusal.error())).contains("TableReadKeyRangeThroughputExceeded");
        assertThat(refusal.unitsTaken())
                .as("read units the partition key took before its first refusal")
                .isGreaterThanOrEqualTo(READ_UNITS);
        assertThat(cold).as("another partition key's item, read meanwhile").containsEntry("pk", s("cold"));
        if (target.local()) {
            assertThat(target.throttledRequests(table)).as("ThrottledRequests").isEqualTo(1);
        }
    }

    static void writesToOneIndexPartitionKey(BehaviourTarget target) {
        DynamoDbClient dynamo = target.dynamo();
        String table = target.indexedTable("hotindex");
        int partitions = 10;
        for (int i = 0; i < partitions; i++) {
            Map<String, AttributeValue> outsideTheIndex = item("pk", "item-" + i, "data", LARGE);
            dynamo.putItem(b -> b.tableName(table).item(outsideTheIndex));
        }
        int[] next = {0};

        Refusal refusal = untilRefused(WRITE_UNITS, () -> {
            int i = next[0]++;
            ConsumedCapacity consumed = dynamo.updateItem(b -> b.tableName(table)
                            .key(item("pk", "item-" + (i % partitions)))
                            .updateExpression("SET gpk = :g, n = :n")
                            .expressionAttributeValues(Map.of(":g", s("hot"), ":n", n(i)))
                            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
                    .consumedCapacity();
            return consumed.globalSecondaryIndexes().get(INDEX).capacityUnits();
        });

        assertThat(reasons(refusal.error())).contains("IndexWriteKeyRangeThroughputExceeded");
        assertThat(refusal.unitsTaken())
                .as("write units the index partition key took before its first refusal")
                .isGreaterThanOrEqualTo(WRITE_UNITS);
        if (target.local()) {
            assertThat(target.throttledRequests(table, INDEX))
                    .as("ThrottledRequests of the index")
                    .isEqualTo(1);
            assertThat(target.throttledRequests(table))
                    .as("ThrottledRequests of the table's own partitions")
                    .isZero();
        }
    }

    /** The first throttling refusal, and the units the requests before it took. */
    private record Refusal(DynamoDbException error, double unitsTaken) {}

    /**
     * Sends {@code request} (answering the units it took) again and again until it is refused as throttled; fails once
     * the requests took {@value #BUDGET} seconds' worth of {@code unitsPerSecond} without a refusal.
     */
    private static Refusal untilRefused(double unitsPerSecond, Supplier<Double> request) {
        double taken = 0;
        long started = System.nanoTime();
        while (taken < BUDGET * unitsPerSecond) {
            try {
                taken += request.get();
            } catch (ProvisionedThroughputExceededException | ThrottlingException throttled) {
                return new Refusal(throttled, taken);
            }
        }
        throw new AssertionError(String.format(
                "one partition key took %.0f units in %d ms without a throttling refusal",
                taken, (System.nanoTime() - started) / 1_000_000));
    }

    /** The throttling refusal {@code call} got, or null when it succeeded. */
    private static Exception refusalOf(Runnable call) {
        try {
            call.run();
            return null;
        } catch (ProvisionedThroughputExceededException | ThrottlingException throttled) {
            return throttled;
        }
    }

    private static List<String> reasons(DynamoDbException throttled) {
        List<ThrottlingReason> reasons = throttled instanceof ThrottlingException e
                ? e.throttlingReasons()
                : ((ProvisionedThroughputExceededException) throttled).throttlingReasons();
        return reasons.stream().map(ThrottlingReason::reason).toList();
    }
}
