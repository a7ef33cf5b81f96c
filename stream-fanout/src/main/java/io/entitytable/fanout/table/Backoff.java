package io.entitytable.fanout.table;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/**
 * Retries one DynamoDB call with exponential back-off and full jitter when the failure is worth retrying: throttling,
 * provisioned throughput exceeded, request limit exceeded, any 5xx, a client-side I/O failure, or a transaction
 * conflict (an API transaction held the item at that instant: nothing was written and the condition was not judged, so
 * it must never be read as a refused condition). Everything else (validation errors, conditional-check failures, bugs)
 * fails at once.
 *
 * <p>This sits on top of the SDK's own retries on purpose: the SDK gives up after a few quick attempts, while a fan-out
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
    private final FanoutStats stats;

    public Backoff(FanoutConfig config, FanoutStats stats) {
        this.maxAttempts = config.maxAttempts();
        this.baseMillis = Math.max(1, config.baseDelay().toMillis());
        this.maxMillis = Math.max(baseMillis, config.maxDelay().toMillis());
        this.stats = stats;
    }

    public <T> T call(Supplier<T> call) {
        for (int attempt = 1; ; attempt++) {
            try {
                return call.get();
            } catch (RuntimeException e) {
                if (attempt >= maxAttempts || !isRetryable(e)) {
                    throw e;
                }
                stats.add(FanoutStats.Count.RETRIES);
                sleep(delayBefore(attempt));
            }
        }
    }

    /** Full jitter: a random wait between 0 and {@code base * 2^(attempt-1)}, capped. */
    private Duration delayBefore(int attempt) {
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

    private static void sleep(Duration delay) {
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while backing off", e);
        }
    }
}
