package io.entitytable.api.table;

import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * TEST ONLY: counts the requests of one client that the engine refused for a transaction conflict (a single write's
 * {@link TransactionConflictException}, a transaction cancelled with a {@code TransactionConflict} reason), so that a
 * concurrency test can show that conflicts did happen. It only observes: the conflicts are the engine's.
 */
public final class EngineConflicts implements ExecutionInterceptor {
    private final AtomicLong conflicts = new AtomicLong();

    /** Requests refused for a conflict so far (one per request, whatever its number of items). */
    public long count() {
        return conflicts.get();
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        if (isConflict(context.exception())) {
            conflicts.incrementAndGet();
        }
    }

    static boolean isConflict(Throwable failure) {
        if (failure instanceof TransactionConflictException) {
            return true;
        }
        return failure instanceof TransactionCanceledException cancelled
                && cancelled.hasCancellationReasons()
                && cancelled.cancellationReasons().stream()
                        .anyMatch(reason -> "TransactionConflict".equals(reason.code()));
    }
}
