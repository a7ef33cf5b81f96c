package io.entitytable.api.table;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.ItemKey;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * TEST ONLY: a TransactWriteItems of another writer that includes one item and is in flight on the engine, as the
 * transaction of another process would be: it checks a condition on the item, then keeps it for the engine's
 * transaction hold ({@code EngineSettings.withTransactionHold}) before it commits, and the engine refuses what meets
 * it in that time. It writes nothing, so the item is as it was once it is closed.
 */
public final class InFlightTransaction implements AutoCloseable {
    private static final Duration STARTS_WITHIN = Duration.ofSeconds(10);
    /** An attribute no item of the table has, so the condition holds whether the item exists or not. */
    private static final String ABSENT = "inFlightTransactionProbe";

    private final DynamoDbClient client;
    private final CompletableFuture<Void> committed;

    private InFlightTransaction(DynamoDbClient client, CompletableFuture<Void> committed) {
        this.client = client;
        this.committed = committed;
    }

    /** Starts the transaction and returns once the engine holds the item for it. */
    static InFlightTransaction holding(LocalDynamoDb engine, String table, ItemKey key) {
        DynamoDbClient client = engine.client();
        Map<String, AttributeValue> attributes = key.toAttributes();
        CompletableFuture<Void> committed = CompletableFuture.runAsync(() -> client.transactWriteItems(
                request -> request.transactItems(item -> item.conditionCheck(check -> check.tableName(table)
                        .key(attributes)
                        .conditionExpression("attribute_not_exists(#absent)")
                        .expressionAttributeNames(Map.of("#absent", ABSENT))))));
        InFlightTransaction transaction = new InFlightTransaction(client, committed);
        long deadline = System.nanoTime() + STARTS_WITHIN.toNanos();
        while (!transaction.holds(table, attributes)) {
            if (committed.isDone() || System.nanoTime() > deadline) {
                transaction.close();
                throw new IllegalStateException("the transaction was not seen holding " + key + " (is the engine's"
                        + " transaction hold long enough, and its transaction conflicts on?)");
            }
            LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
        }
        return transaction;
    }

    /** Whether the item is held by a transaction's write: a transaction reading it is then cancelled. */
    private boolean holds(String table, Map<String, AttributeValue> key) {
        try {
            client.transactGetItems(request -> request.transactItems(
                    item -> item.get(get -> get.tableName(table).key(key))));
            return false;
        } catch (TransactionCanceledException cancelled) {
            if (EngineConflicts.isConflict(cancelled)) {
                return true;
            }
            throw cancelled;
        }
    }

    /** Whether it is still in flight (it commits when the engine's hold is over). */
    public boolean inFlight() {
        return !committed.isDone();
    }

    /** Waits for it to commit. */
    @Override
    public void close() {
        try {
            committed.get(STARTS_WITHIN.toMillis() * 6, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the transaction committed", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the transaction holding the item did not commit", e);
        } finally {
            client.close();
        }
    }
}
