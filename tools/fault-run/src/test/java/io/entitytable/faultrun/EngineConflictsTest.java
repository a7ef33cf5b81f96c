package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

class EngineConflictsTest {
    private static final String TABLE = "Conflicts";
    /** Long enough for the writes below to meet the transaction while it holds its items. */
    private static final Duration HOLD = Duration.ofSeconds(3);

    private static final Executor THREADS = runnable -> {
        Thread thread = new Thread(runnable, "transaction");
        thread.setDaemon(true);
        thread.start();
    };

    private static LocalDynamoDb dynamoDb;

    @BeforeAll
    static void startDynamoDb() {
        dynamoDb = LocalDynamoDb.startInMemory(
                EngineSettings.immediate().withTransactionConflicts(true).withTransactionHold(HOLD));
        dynamoDb.createTable(TABLE);
    }

    @AfterAll
    static void stopDynamoDb() {
        dynamoDb.close();
    }

    @Test
    void conflicts_shouldCountWhatTheEngineAnswered_aRefusedWriteAndACancelledTransaction() throws Exception {
        // GIVEN a transaction of another client holding items "held" and "also-held"
        EngineConflicts conflicts = new EngineConflicts();
        CompletableFuture<Void> transaction;
        try (DynamoDbClient other = dynamoDb.client();
                DynamoDbClient counted = dynamoDb.client(conflicts)) {
            transaction = CompletableFuture.runAsync(() -> holdBoth(other), THREADS);

            // WHEN the counted client writes "held" until the engine refuses it, then writes "also-held" in a
            // transaction
            // (for as long as the transaction is in flight, not a fixed time from its start: on a busy machine its
            // thread and its first request may take most of the hold to begin)
            TransactionConflictException refused = null;
            while (refused == null && !transaction.isDone()) {
                try {
                    counted.putItem(request -> request.tableName(TABLE).item(key("held")));
                } catch (TransactionConflictException e) {
                    refused = e;
                }
            }
            assertThat(refused)
                    .as("a write refused while the transaction held its item")
                    .isNotNull();
            try {
                counted.transactWriteItems(request -> request.transactItems(
                        item -> item.put(put -> put.tableName(TABLE).item(key("free"))),
                        item -> item.put(put -> put.tableName(TABLE).item(key("also-held")))));
            } catch (TransactionCanceledException cancelled) {
                // counted below
            }
        }
        transaction.get();

        // THEN each is counted once, as the engine answered it
        assertThat(conflicts.singleWrites()).isEqualTo(1);
        assertThat(conflicts.transactions()).isEqualTo(1);
        assertThat(conflicts.total()).isEqualTo(2);
    }

    @Test
    void conflicts_shouldCountNothing_whenNoTransactionIsInFlight() {
        // GIVEN
        EngineConflicts conflicts = new EngineConflicts();
        try (DynamoDbClient counted = dynamoDb.client(conflicts)) {
            // WHEN
            counted.putItem(request -> request.tableName(TABLE).item(key("alone")));
            counted.transactWriteItems(request -> request.transactItems(
                    item -> item.put(put -> put.tableName(TABLE).item(key("alone-too")))));
        }

        // THEN
        assertThat(conflicts.total()).isZero();
    }

    /**
     * Writes "held" and "also-held" in one transaction, again while a single write of "held" in flight cancels it (as
     * the engine does, and DynamoDB), so that the writes of the test meet it holding both.
     */
    private static void holdBoth(DynamoDbClient client) {
        while (true) {
            try {
                client.transactWriteItems(request -> request.transactItems(
                        item -> item.put(put -> put.tableName(TABLE).item(key("held"))),
                        item -> item.put(put -> put.tableName(TABLE).item(key("also-held")))));
                return;
            } catch (TransactionCanceledException cancelled) {
                if (!EngineConflicts.isConflict(cancelled)) {
                    throw cancelled;
                }
            }
        }
    }

    private static Map<String, AttributeValue> key(String id) {
        return Map.of(Attributes.ID, Values.s(id), Attributes.TYPE, Values.s("test"));
    }
}
