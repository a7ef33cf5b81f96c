package io.entitytable.fanout;

import io.entitytable.model.ItemKey;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * TEST ONLY: times real transactions against the fan-out's writes on an engine with transaction conflicts on and a
 * transaction hold. Before a PutItem that {@code holds} picks (by the item's key and the how-manieth put of that key
 * it is), another client starts a TransactWriteItems that checks the item, and the put is sent only once the engine
 * shows that transaction in flight on it; the put then meets it as DynamoDB's would, and is answered by the engine.
 * After the put, the transaction is waited for, so that the next attempt finds the item free unless it is held again.
 */
final class ItemsHeldByTransactions implements ExecutionInterceptor {
    private static final ExecutionAttribute<CompletableFuture<Void>> HELD = new ExecutionAttribute<>("heldBy");
    private static final Duration CLAIM_DEADLINE = Duration.ofSeconds(10);

    private final DynamoDbClient other;
    private final String table;
    private final BiPredicate<ItemKey, Integer> holds;
    private final Map<ItemKey, AtomicInteger> puts = new ConcurrentHashMap<>();
    private final AtomicInteger conflicts = new AtomicInteger();

    /**
     * @param other the client the transactions are sent with (not the fan-out's)
     * @param holds given an item's key and the number of its put (1 for the first), whether a transaction holds it
     */
    ItemsHeldByTransactions(DynamoDbClient other, String table, BiPredicate<ItemKey, Integer> holds) {
        this.other = other;
        this.table = table;
        this.holds = holds;
    }

    /** The puts the engine refused with TransactionConflictException. */
    int conflicts() {
        return conflicts.get();
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (!(context.request() instanceof PutItemRequest put) || !table.equals(put.tableName())) {
            return;
        }
        ItemKey key = ItemKey.of(put.item());
        int number = puts.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        if (holds.test(key, number)) {
            attributes.putAttribute(HELD, holdInTransaction(key));
        }
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        awaitTransaction(attributes);
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        if (context.exception() instanceof TransactionConflictException) {
            conflicts.incrementAndGet();
        }
        awaitTransaction(attributes);
    }

    /**
     * A transaction on the item, returned once the engine shows it in flight. On a busy machine a whole hold can pass
     * between two looks: the ended transaction is then followed by another, until one is seen holding the item.
     */
    private CompletableFuture<Void> holdInTransaction(ItemKey key) {
        long deadline = System.nanoTime() + CLAIM_DEADLINE.toNanos();
        while (true) {
            CompletableFuture<Void> transaction = CompletableFuture.runAsync(() -> other.transactWriteItems(
                    request -> request.transactItems(item -> item.conditionCheck(check -> check.tableName(table)
                            .key(key.toAttributes())
                            // True of any item: the check is there to hold the item, not to test it.
                            .conditionExpression("attribute_not_exists(#none)")
                            .expressionAttributeNames(Map.of("#none", "noSuchAttribute"))))));
            while (!transaction.isDone()) {
                if (inFlight(key)) {
                    return transaction;
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException(
                            "no transaction seen in flight on " + key + " in " + CLAIM_DEADLINE);
                }
                Thread.onSpinWait();
            }
            transaction.join();
        }
    }

    /** Whether a transaction holds the item: a transactional read of it is then cancelled for the conflict. */
    private boolean inFlight(ItemKey key) {
        try {
            other.transactGetItems(request -> request.transactItems(
                    item -> item.get(get -> get.tableName(table).key(key.toAttributes()))));
            return false;
        } catch (TransactionCanceledException e) {
            return e.cancellationReasons().stream().anyMatch(reason -> "TransactionConflict".equals(reason.code()));
        }
    }

    private static void awaitTransaction(ExecutionAttributes attributes) {
        CompletableFuture<Void> transaction = attributes.getAttribute(HELD);
        if (transaction != null) {
            transaction.join();
        }
    }
}
