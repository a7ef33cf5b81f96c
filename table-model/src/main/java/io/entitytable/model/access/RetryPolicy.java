package io.entitytable.model.access;

import java.time.Duration;

/**
 * How long a {@link Backoff} keeps trying: the fan-out's and the search indexer's configurations each hold one, with
 * their own values.
 *
 * @param maxAttempts attempts in all, the first included
 * @param baseDelay the ceiling of the first wait; each further one doubles it (full jitter), up to {@code maxDelay}
 * @param maxDelay no wait's ceiling is higher
 */
public record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay) {
    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
    }

    /** The back-off of this policy; {@code onRetry} runs before each wait (a count of retries, say). */
    public Backoff backoff(Runnable onRetry) {
        return new Backoff(maxAttempts, baseDelay, maxDelay, onRetry);
    }
}
