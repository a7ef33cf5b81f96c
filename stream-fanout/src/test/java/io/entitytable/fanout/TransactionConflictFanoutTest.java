package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import io.entitytable.fanout.refresh.InMemoryRefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.model.Address;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Ids;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * The fan-out's conditional writes meeting an API transaction on the same item, on an engine with transaction conflicts
 * on (the transactions timed by {@link ItemsHeldByTransactions}): the engine's TransactionConflictException is retried,
 * and never counted as a refused condition.
 */
class TransactionConflictFanoutTest {
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
    private static final Address AUSTIN = new Address("1 Main St", "Austin", "TX", "73301", "US");
    /** Long enough for a put sent once the transaction is seen in flight to arrive while it still is. */
    private static final Duration TRANSACTION_HOLD = Duration.ofMillis(300);

    private static LocalDynamoDb local;
    private static DynamoDbClient plain;
    private static int tables;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory(
                EngineSettings.immediate().withTransactionConflicts(true).withTransactionHold(TRANSACTION_HOLD));
        plain = local.client();
    }

    @AfterAll
    static void stop() {
        plain.close();
        local.close();
    }

    @Test
    void copyWrite_shouldBeRetried_whenATransactionHeldTheCopy() {
        // GIVEN every copy is held by another transaction for its first two writes
        String table = newTable();
        ItemsHeldByTransactions held = new ItemsHeldByTransactions(plain, table, (key, put) -> put <= 2);
        FanoutConfig config = FanoutConfig.forTable(table).withRetries(5, Duration.ofMillis(1), Duration.ofMillis(4));

        // WHEN
        StreamsEventResponse response;
        FanoutStats stats;
        try (DynamoDbClient client = LocalTables.instrumented(local, held);
                StreamFanout fanout = StreamFanout.create(client, config, new InMemoryRefreshQueue())) {
            response = fanout.process(List.of(Records.insert(store(Set.of("red", "blue", "sale")))));
            stats = fanout.stats();
        }

        // THEN
        assertThat(response.getBatchItemFailures()).isEmpty();
        assertThat(held.conflicts()).isEqualTo(3 * 2);
        assertThat(stats.count(FanoutStats.Count.RETRIES)).isEqualTo(3 * 2);
        assertThat(stats.count(FanoutStats.Count.STALE))
                .as("a conflict is not a refused condition")
                .isZero();
        assertThat(InvariantChecker.duplicates(plain, table)).hasSize(3);
    }

    @Test
    void record_shouldBeReportedAsABatchItemFailure_whenTheConflictOutlastsTheRetries() {
        // GIVEN another transaction holds the copy at every write
        String table = newTable();
        ItemsHeldByTransactions held = new ItemsHeldByTransactions(plain, table, (key, put) -> true);
        FanoutConfig config = FanoutConfig.forTable(table).withRetries(3, Duration.ofMillis(1), Duration.ofMillis(2));
        Record record = Records.insert(store(Set.of("red")));

        // WHEN
        StreamsEventResponse response;
        FanoutStats stats;
        try (DynamoDbClient client = LocalTables.instrumented(local, held);
                StreamFanout fanout = StreamFanout.create(client, config, new InMemoryRefreshQueue())) {
            response = fanout.process(List.of(record));
            stats = fanout.stats();
        }

        // THEN Lambda re-delivers the record, which was neither applied nor taken for stale
        assertThat(response.getBatchItemFailures())
                .extracting(StreamsEventResponse.BatchItemFailure::getItemIdentifier)
                .containsExactly(record.dynamodb().sequenceNumber());
        assertThat(stats.count(FanoutStats.Count.STALE)).isZero();
        // (every attempt is sent into a held item; on a loaded machine one may reach the engine as its holder ends and
        // meet the next one's start instead, so the count is the engine's, between one and the 3 attempts)
        assertThat(held.conflicts()).isBetween(1, 3);
        assertThat(InvariantChecker.duplicates(plain, table)).isEmpty();
    }

    private static Map<String, AttributeValue> store(Set<String> tags) {
        String storeId = Ids.newId();
        return SampleSubjects.store(
                        storeId, Ids.newId(), "Main", AUSTIN, CoreFields.created(tags, NOW), Shard.legacy(storeId))
                .toItem();
    }

    private static String newTable() {
        String table = "conflicts" + (++tables);
        local.createTable(table);
        return table;
    }
}
