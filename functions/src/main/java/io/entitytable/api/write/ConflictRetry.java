package io.entitytable.api.write;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.table.TransactionConflict;
import io.entitytable.api.table.WriteConflict;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/**
 * Runs an optimistic attempt again after it lost a race, up to a bound, with a random pause in between (full jitter
 * below a doubling, capped bound) so writers that collided do not all read and write again at the same instant. Two
 * kinds of lost race are retried: a {@link WriteConflict} (another writer committed first: the attempt re-reads and
 * decides again) and a {@link TransactionConflict} (another transaction held one of the items: nothing was judged, so
 * the attempt simply runs again).
 *
 * <p>The bound: an attempt fails only when another writer got in first; with one-shot writers (a tag, a link, a create
 * counted on its business) each other writer gets in once, so N concurrent writers of one item need up to N attempts
 * when every loser retries at once. Spreading the retries out over a window that grows to a few hundred milliseconds
 * lets a few dozen concurrent writers of one item (a busy business: every create counts on it) through one after
 * another, each transaction holding the item for the few milliseconds it takes. {@link #ATTEMPTS} pauses doubling from
 * {@link #FIRST_PAUSE_BOUND_MILLIS} to {@link #MAX_PAUSE_BOUND_MILLIS} add up to about 2 s on average and under 4 s at
 * worst: far inside the function's timeout, and still better for the client than a 503 it must retry itself.
 */
public final class ConflictRetry {
    public static final int ATTEMPTS = 20;
    /** The pause after the first lost race is random below this; each later bound doubles. */
    public static final int FIRST_PAUSE_BOUND_MILLIS = 4;
    /** No pause is longer than this. */
    public static final int MAX_PAUSE_BOUND_MILLIS = 256;

    /** Sleeps between attempts; a test passes one that records instead. */
    @FunctionalInterface
    public interface Sleeper {
        void sleep(long millis) throws InterruptedException;
    }

    private final int attempts;
    private final IntUnaryOperator random;
    private final Sleeper sleeper;

    /**
     * @param random a number in {@code [0, bound)} for a bound
     */
    public ConflictRetry(int attempts, IntUnaryOperator random, Sleeper sleeper) {
        this.attempts = attempts;
        this.random = random;
        this.sleeper = sleeper;
    }

    /** {@link #ATTEMPTS} attempts, random pauses, real sleeps. */
    public static ConflictRetry standard() {
        return new ConflictRetry(ATTEMPTS, bound -> ThreadLocalRandom.current().nextInt(bound), Thread::sleep);
    }

    /**
     * The result of the first {@code attempt} that does not end in a lost race; any other exception ends the retries at
     * once. When the last attempt lost too: what {@code gaveUp} makes if it lost to a committed writer (the item keeps
     * changing), a 503 with {@code Retry-After} if it lost to a transaction still holding an item (the table is busy).
     */
    public <R> R run(Supplier<R> attempt, Supplier<? extends RuntimeException> gaveUp) {
        RuntimeException last = null;
        for (int i = 0; i < attempts; i++) {
            try {
                return attempt.get();
            } catch (WriteConflict | TransactionConflict lost) {
                last = lost;
                if (i + 1 < attempts) {
                    pause(i);
                }
            }
        }
        throw last instanceof TransactionConflict ? ApiProblem.busy() : gaveUp.get();
    }

    /** The pause after lost race {@code attempt} (0-based): random below 4, 8, 16, 32, 64, 128, then 256 ms. */
    long pauseMillis(int attempt) {
        long bound = (long) FIRST_PAUSE_BOUND_MILLIS << Math.min(attempt, 30);
        return random.applyAsInt((int) Math.min(bound, MAX_PAUSE_BOUND_MILLIS));
    }

    private void pause(int attempt) {
        try {
            sleeper.sleep(pauseMillis(attempt));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiProblem.conflict("interrupted while retrying; retry");
        }
    }
}
