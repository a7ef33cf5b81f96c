package io.entitytable.api.write;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.table.TransactionConflict;
import io.entitytable.api.table.WriteConflict;
import io.entitytable.api.timing.RequestTiming;
import io.entitytable.model.access.Backoff;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Runs an optimistic attempt again after it lost a race, up to a bound, with a random pause in between (the project's
 * one back-off, table-model's {@link Backoff}: full jitter up to a doubling, capped bound) so writers that collided do
 * not all read and write again at the same instant. Two kinds of lost race are retried: a {@link WriteConflict}
 * (another writer committed first: the attempt re-reads and decides again) and a {@link TransactionConflict} (another
 * transaction held one of the items: nothing was judged, so the attempt simply runs again).
 *
 * <p>The bound: an attempt fails only when another writer got in first; with one-shot writers (a tag, a link, a create
 * counted on its business) each other writer gets in once, so N concurrent writers of one item need up to N attempts
 * when every loser retries at once. Spreading the retries out over a window that grows to a few hundred milliseconds
 * lets a few dozen concurrent writers of one item (a busy business: every create counts on it) through one after
 * another, each transaction holding the item for the few milliseconds it takes. {@link #ATTEMPTS} pauses doubling from
 * {@link #FIRST_PAUSE_BOUND} to {@link #MAX_PAUSE_BOUND} add up to about 2 s on average and under 4 s at worst: far
 * inside the function's timeout, and still better for the client than a 503 it must retry itself.
 */
public final class ConflictRetry {
    public static final int ATTEMPTS = 20;
    /** The pause after the first lost race is random up to this; each later bound doubles. */
    public static final Duration FIRST_PAUSE_BOUND = Duration.ofMillis(4);
    /** No pause is longer than this. */
    public static final Duration MAX_PAUSE_BOUND = Duration.ofMillis(256);

    private final Backoff backoff;

    /**
     * @param onRetry runs before each pause (a test counts them)
     */
    public ConflictRetry(int attempts, Duration firstPauseBound, Duration maxPauseBound, Runnable onRetry) {
        this.backoff = new Backoff(attempts, firstPauseBound, maxPauseBound, onRetry);
    }

    /**
     * {@link #ATTEMPTS} attempts, pauses doubling from {@link #FIRST_PAUSE_BOUND} to {@link #MAX_PAUSE_BOUND}; each
     * retry counts on the current request's {@link RequestTiming} (the API's {@code ConflictsRetried} metric).
     */
    public static ConflictRetry standard() {
        return new ConflictRetry(ATTEMPTS, FIRST_PAUSE_BOUND, MAX_PAUSE_BOUND, ConflictRetry::countOnCurrentRequest);
    }

    /** Outside a request (start-up priming, a test's own call) there is nothing to count on. */
    private static void countOnCurrentRequest() {
        RequestTiming timing = RequestTiming.CURRENT.get();
        if (timing != null) {
            timing.conflictRetried();
        }
    }

    /**
     * The result of the first {@code attempt} that does not end in a lost race; any other exception ends the retries at
     * once. When the last attempt lost too: what {@code gaveUp} makes if it lost to a committed writer (the item keeps
     * changing), a 503 with {@code Retry-After} if it lost to a transaction still holding an item (the table is busy).
     */
    public <R> R run(Supplier<R> attempt, Supplier<? extends RuntimeException> gaveUp) {
        RuntimeException last = null;
        for (int i = 1; i <= backoff.maxAttempts(); i++) {
            try {
                return attempt.get();
            } catch (WriteConflict | TransactionConflict lost) {
                last = lost;
                if (i < backoff.maxAttempts()) {
                    pauseAfter(i);
                }
            }
        }
        throw last instanceof TransactionConflict ? ApiProblem.busy() : gaveUp.get();
    }

    private void pauseAfter(int attempt) {
        try {
            backoff.pauseBefore(attempt);
        } catch (IllegalStateException interrupted) {
            // The back-off's only failure: the request thread was interrupted while it waited. Nothing was written.
            throw ApiProblem.conflict("interrupted while retrying; retry");
        }
    }
}
