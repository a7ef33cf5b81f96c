package io.entitytable.local.engine.behaviour;

import java.time.Duration;
import java.util.Random;

/**
 * How long a global secondary index takes to show a table write: a log-normal delay given by its median and its 99th
 * percentile (a fixed delay when both are equal), capped at ten times the 99th percentile. DynamoDB documents only
 * that the propagation is asynchronous and usually takes a fraction of a second; {@link #DYNAMODB} is a median of 5 ms
 * and a 99th percentile of 50 ms.
 *
 * @param median half of the delays are shorter
 * @param p99 99% of the delays are shorter
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html#GSI.Writes">Synchronizing
 *     data between tables and global secondary indexes</a>
 */
public record IndexLag(Duration median, Duration p99) {
    /** The 99th percentile of the standard normal distribution. */
    private static final double Z99 = 2.3263478740408408;

    public static final IndexLag DYNAMODB = new IndexLag(Duration.ofMillis(5), Duration.ofMillis(50));

    public IndexLag {
        if (median == null || p99 == null || median.isNegative() || p99.compareTo(median) < 0) {
            throw new IllegalArgumentException("an index lag needs 0 <= median <= p99");
        }
    }

    /** Always the same delay. */
    public static IndexLag fixed(Duration delay) {
        return new IndexLag(delay, delay);
    }

    /** One delay, in nanoseconds. */
    public long drawNanos(Random random) {
        long medianNanos = median.toNanos();
        long p99Nanos = p99.toNanos();
        if (medianNanos == p99Nanos || medianNanos == 0) {
            return medianNanos;
        }
        double sigma = Math.log((double) p99Nanos / medianNanos) / Z99;
        double nanos = medianNanos * Math.exp(sigma * random.nextGaussian());
        return (long) Math.min(nanos, 10.0 * p99Nanos);
    }
}
