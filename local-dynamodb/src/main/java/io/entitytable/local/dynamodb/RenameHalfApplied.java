package io.entitytable.local.dynamodb;

import io.entitytable.local.engine.behaviour.EngineControl;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * For tests: runs a read while the local DynamoDB engine holds a rename half applied. DynamoDB gives a Query
 * read-committed isolation against a TransactWriteItems, so a Query of a subject's id that runs while a rename (Delete
 * old key + Put new key, same id) commits can see the delete and not yet the put: neither key. The engine makes that
 * window real on request: it applies the rename's delete and holds its put back ({@link
 * EngineControl#holdTransactionsMidApply}). The read starts once the rename is half applied, and the rename is let go
 * as soon as one of the read's Queries of the renamed partition has met it (the engine counts those), so the read's
 * next tries find the new key. GetItem, serializable with transactions, waits for the rename instead.
 */
public final class RenameHalfApplied {
    private static final Duration DEADLINE = Duration.ofSeconds(10);

    /** Threads of their own: the common pool may be busy with other tests. */
    private static final Executor THREADS = runnable -> {
        Thread thread = new Thread(runnable, "rename-half-applied");
        thread.setDaemon(true);
        thread.start();
    };

    private RenameHalfApplied() {}

    /**
     * Runs {@code rename} (one TransactWriteItems) and, while the engine holds it half applied, {@code read}; waits for
     * both. Answers how many Queries met the rename half applied (none if the read never queried its partition within
     * the deadline).
     */
    public static long during(LocalDynamoDb local, Runnable rename, Runnable read) {
        EngineControl control = local.control();
        long before = control.queriesMidApply();
        CompletableFuture<Void> renaming;
        CompletableFuture<Void> reading = null;
        control.holdTransactionsMidApply();
        try {
            renaming = CompletableFuture.runAsync(rename, THREADS);
            awaitOrTimeOut(() -> control.transactionsMidApply() > 0 || renaming.isDone());
            reading = CompletableFuture.runAsync(read, THREADS);
            CompletableFuture<Void> started = reading;
            awaitOrTimeOut(() -> control.queriesMidApply() > before || started.isDone());
        } finally {
            control.releaseTransactionsMidApply();
        }
        renaming.join();
        reading.join();
        return control.queriesMidApply() - before;
    }

    private static void awaitOrTimeOut(BooleanSupplier condition) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(1_000_000);
        }
    }
}
