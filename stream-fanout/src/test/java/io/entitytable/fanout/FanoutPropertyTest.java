package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.fanout.refresh.InMemoryRefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.ThroughputLimits;
import io.entitytable.model.CoreItem;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Property-style: random sequences of core-item changes (seeded, bounded), fanned out with batches duplicated,
 * interleaved across items and, in one variant, on an engine whose partitions' throughput throttles the fan-out, so that
 * records fail and are re-delivered.
 * After every round the table must hold exactly the duplicates its core items imply ({@link InvariantChecker}).
 */
class FanoutPropertyTest {
    private static final int ROUNDS = 6;
    private static final int CHANGES_PER_ROUND = 12;

    private static LocalDynamoDb local;
    private static DynamoDbClient plain;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        plain = local.client();
    }

    @AfterAll
    static void stop() {
        plain.close();
        local.close();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void randomChanges_shouldLeaveNoDrift_whenBatchesAreDuplicatedAndInterleaved(long seed) {
        // GIVEN
        String table = "prop" + seed;
        local.createTable(table);
        Random random = new Random(seed);
        CoreItemDriver driver = new CoreItemDriver(plain, table, random);
        CallCounter calls = new CallCounter();
        try (DynamoDbClient client = LocalTables.instrumented(local, calls);
                StreamFanout fanout =
                        StreamFanout.create(client, FanoutConfig.forTable(table), new InMemoryRefreshQueue())) {
            StreamDelivery delivery = new StreamDelivery(fanout, random);

            // WHEN / THEN after every round
            runRounds(seed, plain, table, driver, delivery);
            assertThat(fanout.stats().count(FanoutStats.Count.PUTS)).isPositive();
            assertThat(fanout.stats().count(FanoutStats.Count.STALE))
                    .as("replays are refused by the version conditions")
                    .isPositive();
            System.out.printf(
                    "seed %d: %d changes, %d invocations, %s, calls %s%n",
                    seed, driver.changes(), delivery.invocations(), fanout.stats(), calls);
        }
    }

    @ParameterizedTest
    @ValueSource(longs = {11, 12})
    void randomChanges_shouldLeaveNoDrift_whenDynamoDbThrottlesAndRecordsFailMidBatch(long seed) {
        // GIVEN an engine whose partitions take 12 write units a second (DynamoDB's per-partition limit, scaled down to
        // this workload: a round's burst overruns a partition some hundred times, even on a machine so busy that the
        // fan-out runs at half its pace), and only two attempts per call, so that a partition the fan-out overruns
        // fails its record
        ThroughputLimits twelveWritesASecond = new ThroughputLimits(3000, 12, Duration.ZERO);
        try (LocalDynamoDb throttling =
                        LocalDynamoDb.startInMemory(EngineSettings.immediate().withThroughput(twelveWritesASecond));
                DynamoDbClient api = LocalTables.patient(throttling)) {
            String table = "throttled" + seed;
            throttling.createTable(table);
            Random random = new Random(seed);
            CoreItemDriver driver = new CoreItemDriver(api, table, random);
            FanoutConfig config =
                    FanoutConfig.forTable(table).withRetries(2, Duration.ofMillis(1), Duration.ofMillis(4));
            try (DynamoDbClient client = LocalTables.instrumented(throttling);
                    StreamFanout fanout = StreamFanout.create(client, config, new InMemoryRefreshQueue())) {
                StreamDelivery delivery = new StreamDelivery(fanout, random);

                // WHEN / THEN after every round
                runRounds(seed, api, table, driver, delivery);
                long throttled = LocalTables.throttledRequests(throttling, table);
                assertThat(throttled).isPositive();
                assertThat(fanout.stats().count(FanoutStats.Count.RETRIES)).isPositive();
                assertThat(delivery.redeliveries())
                        .as("records failed and were re-delivered")
                        .isPositive();
                System.out.printf(
                        "seed %d (throttled): %d changes, %d invocations, %d re-deliveries, %d throttled, %s%n",
                        seed,
                        driver.changes(),
                        delivery.invocations(),
                        delivery.redeliveries(),
                        throttled,
                        fanout.stats());
            }
        }
    }

    @Test
    void realLocalStream_shouldBeFannedOutWithNoDrift() {
        // GIVEN changes made to a table and read back from the local DynamoDB engine's own stream
        String table = "realstream";
        local.createTable(table);
        Random random = new Random(21);
        CoreItemDriver driver = new CoreItemDriver(plain, table, random);
        for (int i = 0; i < 40; i++) {
            driver.randomStep();
        }
        List<Record> records = local.streamRecords(table);
        // The stream also holds the tombstones of deleted customers and stores, which the filters drop.
        assertThat(records.stream()
                        .filter(record -> CoreItem.isCore(
                                record.dynamodb().hasNewImage()
                                        ? record.dynamodb().newImage()
                                        : record.dynamodb().oldImage())))
                .hasSize(driver.drain().size());

        // WHEN
        try (StreamFanout fanout =
                StreamFanout.create(plain, FanoutConfig.forTable(table), new InMemoryRefreshQueue())) {
            new StreamDelivery(fanout, random).deliver(records);
        }

        // THEN
        assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
    }

    private static void runRounds(
            long seed, DynamoDbClient dynamo, String table, CoreItemDriver driver, StreamDelivery delivery) {
        for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < CHANGES_PER_ROUND; i++) {
                driver.randomStep();
            }
            delivery.deliver(driver.drain());
            assertThat(InvariantChecker.check(dynamo, table))
                    .as("drift at seed %d round %d", seed, round)
                    .isEmpty();
        }
        assertThat(InvariantChecker.duplicates(dynamo, table)).isNotEmpty();
    }
}
