package io.entitytable.api.write;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.table.WriteConflict;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/**
 * Runs an optimistic attempt again after it lost a race ({@link WriteConflict}), up to a bound, with a short random
 * pause in between so writers that collided do not all read and write again at the same instant.
 *
 * <p>An attempt fails only when another writer committed in between; with one-shot writers (a tag, a link) each other
 * writer commits once, so N concurrent writers of one item need up to N attempts. {@link #ATTEMPTS} covers a dozen.
 */
public final class ConflictRetry {
    public static final int ATTEMPTS = 12;
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
     * The result of the first {@code attempt} that does not end in a {@link WriteConflict}; any other exception ends
     * the retries at once. After the last lost race, throws what {@code gaveUp} makes.
     */
    public <R> R run(Supplier<R> attempt, Supplier<? extends RuntimeException> gaveUp) {
        for (int i = 0; i < attempts; i++) {
            try {
                return attempt.get();
            } catch (WriteConflict conflict) {
                if (i + 1 < attempts) {
                    pause(i);
                }
            }
        }
        throw gaveUp.get();
    }

    /** The pause after lost race {@code attempt} (0-based): random below 2, 4, 8, 16, then 32 ms. */
    long pauseMillis(int attempt) {
        return random.applyAsInt(2 << Math.min(attempt, 4));
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
