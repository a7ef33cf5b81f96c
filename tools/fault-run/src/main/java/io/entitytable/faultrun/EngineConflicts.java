package io.entitytable.faultrun;

import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * Counts the transaction conflicts the DynamoDB engine answered the clients that carry it: a single-item write refused
 * because a transaction held its item (TransactionConflictException), and a TransactWriteItems cancelled with a
 * {@code TransactionConflict} reason. It only looks at what the engine answered; the SDK does not retry either, so
 * each is one call. One tally is shared by every instance of a function.
 */
final class EngineConflicts implements ExecutionInterceptor {
    private final AtomicLong singleWrites = new AtomicLong();
    private final AtomicLong transactions = new AtomicLong();

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        Throwable failure = context.exception();
        if (failure instanceof TransactionConflictException) {
            singleWrites.incrementAndGet();
        } else if (failure instanceof TransactionCanceledException cancelled && isConflict(cancelled)) {
            transactions.incrementAndGet();
        }
    }

    /** Whether a transaction was cancelled because another write was in flight on one of its items. */
    static boolean isConflict(TransactionCanceledException cancelled) {
        return cancelled.hasCancellationReasons()
                && cancelled.cancellationReasons().stream()
                        .anyMatch(reason -> "TransactionConflict".equals(reason.code()));
    }

    /** Single-item writes refused because a transaction held the item. */
    long singleWrites() {
        return singleWrites.get();
    }

    /** Transactions cancelled because another write was in flight on one of their items. */
    long transactions() {
        return transactions.get();
    }

    long total() {
        return singleWrites() + transactions();
    }
}
