package io.entitytable.local.engine.behaviour;

import java.time.Duration;

/**
 * The throughput one partition key value (of a table, or of a global secondary index) may take: DynamoDB gives each
 * partition at most 3,000 read units and 1,000 write units a second, whatever the table's capacity mode.
 *
 * <p>DynamoDB also keeps up to 300 seconds of a provisioned table's unused capacity as burst capacity; that is not
 * documented for on-demand tables, whose partitions are limited as above. Here each partition key has a token bucket
 * holding one second of its capacity plus {@code burst} (by default half a second), refilled continuously at its rate:
 * a partition that was idle may take 1.5 seconds' worth at once, then its rate.
 *
 * @param readUnitsPerSecond a partition's read units per second
 * @param writeUnitsPerSecond a partition's write units per second
 * @param burst the capacity beyond one second's that an idle partition accumulates
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html">
 *     Designing partition keys to distribute your workload</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/burst-adaptive-capacity.html">Burst
 *     and adaptive capacity</a>
 */
public record ThroughputLimits(double readUnitsPerSecond, double writeUnitsPerSecond, Duration burst) {
    public static final ThroughputLimits ON_DEMAND = new ThroughputLimits(3000, 1000, Duration.ofMillis(500));

    public ThroughputLimits {
        if (readUnitsPerSecond <= 0 || writeUnitsPerSecond <= 0) {
            throw new IllegalArgumentException("throughput limits must be positive");
        }
        burst = burst == null ? Duration.ZERO : burst;
    }

    /** The bucket size of a partition whose rate is {@code unitsPerSecond}. */
    public double capacity(double unitsPerSecond) {
        return unitsPerSecond * (1.0 + burst.toNanos() / 1e9);
    }
}
