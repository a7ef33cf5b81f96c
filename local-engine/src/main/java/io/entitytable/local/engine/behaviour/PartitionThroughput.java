package io.entitytable.local.engine.behaviour;

import io.entitytable.local.engine.values.Value;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Per-partition throughput: a token bucket per partition key value of each table and each global secondary index,
 * for reads and for writes, as {@link ThroughputLimits} sizes them, refilled by the engine's clock (so tests can move
 * time). A request takes all the units it needs from every bucket it touches, or none; the requests refused are
 * counted per table and per index (CloudWatch's {@code ThrottledRequests}).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html">
 *     Designing partition keys to distribute your workload</a>
 */
public final class PartitionThroughput {
    /** Buckets kept at most before full (idle) ones are dropped. */
    private static final int MAX_BUCKETS = 100_000;

    private final ThroughputLimits limits;
    private final Clock clock;
    private final ConcurrentHashMap<BucketName, Bucket> buckets = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, LongAdder> throttled = new ConcurrentHashMap<>();

    public PartitionThroughput(ThroughputLimits limits, Clock clock) {
        this.limits = limits;
        this.clock = clock;
    }

    /**
     * Units a request takes from one partition.
     *
     * @param table the table
     * @param index the global secondary index, or null for the table itself
     * @param partition the partition key value (the index's for an index)
     * @param write whether write units (else read units)
     * @param units how many
     * @param position the request's part that takes them (a transaction's action), for the caller's error
     */
    public record Charge(String table, String index, Value partition, boolean write, double units, int position) {}

    private record BucketName(String table, String index, Value partition, boolean write) {}

    /** Takes every charge, or none: answers null when all were taken, else the first that could not be. */
    public Charge take(List<Charge> charges) {
        long now = clock.millis();
        for (int i = 0; i < charges.size(); i++) {
            Charge charge = charges.get(i);
            if (!bucket(charge).take(charge.units(), now)) {
                for (int j = 0; j < i; j++) {
                    bucket(charges.get(j)).giveBack(charges.get(j).units());
                }
                count(charge.table(), charge.index());
                return charge;
            }
        }
        return null;
    }

    /** The requests refused for the partitions of {@code table}'s {@code index} (null: the table's own). */
    public long throttled(String table, String index) {
        LongAdder count = throttled.get(counterName(table, index));
        return count == null ? 0 : count.sum();
    }

    private void count(String table, String index) {
        throttled
                .computeIfAbsent(counterName(table, index), name -> new LongAdder())
                .increment();
    }

    private static String counterName(String table, String index) {
        return index == null ? table : table + '\u0000' + index;
    }

    private Bucket bucket(Charge charge) {
        BucketName name = new BucketName(charge.table(), charge.index(), charge.partition(), charge.write());
        Bucket bucket = buckets.get(name);
        if (bucket == null) {
            if (buckets.size() > MAX_BUCKETS) {
                long now = clock.millis();
                buckets.values().removeIf(idle -> idle.full(now));
            }
            double rate = charge.write() ? limits.writeUnitsPerSecond() : limits.readUnitsPerSecond();
            bucket = buckets.computeIfAbsent(name, n -> new Bucket(rate, limits.capacity(rate), clock.millis()));
        }
        return bucket;
    }

    /** One partition's tokens, refilled continuously at its rate up to its capacity. */
    private static final class Bucket {
        private final double ratePerMilli;
        private final double capacity;
        private double tokens;
        private long refilledMillis;

        Bucket(double ratePerSecond, double capacity, long nowMillis) {
            this.ratePerMilli = ratePerSecond / 1000.0;
            this.capacity = capacity;
            this.tokens = capacity;
            this.refilledMillis = nowMillis;
        }

        synchronized boolean take(double units, long nowMillis) {
            refill(nowMillis);
            double needed = Math.min(units, capacity);
            if (tokens < needed) {
                return false;
            }
            tokens -= needed;
            return true;
        }

        synchronized void giveBack(double units) {
            tokens = Math.min(capacity, tokens + Math.min(units, capacity));
        }

        synchronized boolean full(long nowMillis) {
            refill(nowMillis);
            return tokens >= capacity;
        }

        private void refill(long nowMillis) {
            if (nowMillis > refilledMillis) {
                tokens = Math.min(capacity, tokens + (nowMillis - refilledMillis) * ratePerMilli);
                refilledMillis = nowMillis;
            }
        }
    }
}
