package io.entitytable.model.access;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * The project's one back-off: exponential, with full jitter, capped. {@link #call} retries one DynamoDB call when the
 * failure is worth retrying: throttling, provisioned throughput exceeded, request limit exceeded, any 5xx, a
 * client-side I/O failure, or a transaction conflict (an API transaction held the item at that instant: nothing was
 * written and the condition was not judged, so it must never be read as a refused condition). Everything else
 * (validation errors, conditional-check failures, bugs) fails at once. {@link #pauseBefore} is the same wait for a
 * caller that decides itself what to retry (the search indexer's bulk requests).
 *
 * <p>This sits on top of the SDK's own retries on purpose: the SDK gives up after a few quick attempts, while a stream
 * record is worth a longer, jittered wait before the whole record is reported as a batch item failure (which makes
 * Lambda re-deliver the batch from it).
 *
 * @see <a href="https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/">Exponential backoff and
 *     jitter</a>
 */
public final class Backoff {
    private final int maxAttempts;
    private final long baseMillis;
    private final long maxMillis;
    private final Runnable onRetry;

    /**
     * @param maxAttempts attempts in all, the first included
     * @param baseDelay the ceiling of the first wait; each further one doubles it
     * @param maxDelay no wait's ceiling is higher
     * @param onRetry runs before each wait (a count of retries, say)
     */
    public Backoff(int maxAttempts, Duration baseDelay, Duration maxDelay, Runnable onRetry) {
        this.maxAttempts = maxAttempts;
        this.baseMillis = Math.max(1, baseDelay.toMillis());
        this.maxMillis = Math.max(baseMillis, maxDelay.toMillis());
        this.onRetry = onRetry;
    }

    /** Attempts in all, the first included: for a caller that repeats a call whose success is partial. */
    public int maxAttempts() {
        return maxAttempts;
    }

    public <T> T call(Supplier<T> call) {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.get();
            } catch (RuntimeException e) {
                if (attempt >= maxAttempts || !isRetryable(e)) {
                    throw e;
                }
                pauseBefore(attempt);
            }
        }
    }

    /** Waits after failed attempt {@code attempt} (1-based), before the next one. */
    public void pauseBefore(int attempt) {
        onRetry.run();
        sleep(delayBefore(attempt), "backing off");
    }

    /** Full jitter: a random wait between 0 and {@code base * 2^(attempt-1)}, capped. */
    Duration delayBefore(int attempt) {
        long ceiling = Math.min(maxMillis, baseMillis << Math.min(attempt - 1, 20));
        return Duration.ofMillis(ThreadLocalRandom.current().nextLong(ceiling + 1));
    }

    static boolean isRetryable(Throwable e) {
        if (e instanceof ProvisionedThroughputExceededException
                || e instanceof RequestLimitExceededException
                || e instanceof TransactionConflictException) {
            return true;
        }
        if (e instanceof AwsServiceException service) {
            return service.isThrottlingException() || service.statusCode() >= 500;
        }
        return e instanceof SdkClientException && e.getCause() instanceof java.io.IOException;
    }

    /**
     * Waits {@code delay}; an interrupt ends the wait with an exception that says what was waited for ({@code
     * waitingFor}), the thread's interrupt flag set again. For the other waits of the fan-out and the indexer too.
     */
    public static void sleep(Duration delay, String waitingFor) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while " + waitingFor, e);
        }
    }
}
