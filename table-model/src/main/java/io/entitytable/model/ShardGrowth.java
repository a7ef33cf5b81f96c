package io.entitytable.model;

/**
 * When a business's shard count grows by itself: when its measured write rate stays above {@code threshold} of what
 * its shards take, the count doubles, up to {@link ShardCount#MAX}. One rule, used by the API that grows a count and
 * by the capacity model that predicts one.
 *
 * <p>One shard takes {@link #SHARD_WRITES_PER_SECOND} API writes a second: each write of a subject is one index write
 * of about 1 KB on its shard in businessGsi (and, for an order, one in its status shard), and 800 is 80 % of the 1,000
 * write units a partition takes. With the default threshold of one half, a business grows well before a shard is hot,
 * and a doubling leaves each shard at about a quarter of what it takes.
 */
public final class ShardGrowth {
    public static final double SHARD_WRITES_PER_SECOND = 800;
    public static final double DEFAULT_THRESHOLD = 0.5;

    private ShardGrowth() {}

    /** True when a business at {@code count} writing {@code writesPerSecond} should double. */
    public static boolean shouldGrow(double writesPerSecond, int count, double threshold) {
        return count < ShardCount.MAX && writesPerSecond > threshold * count * SHARD_WRITES_PER_SECOND;
    }

    /** The count after one growth: double, at most {@link ShardCount#MAX}. */
    public static int next(int count) {
        return Math.min(ShardCount.MAX, count * 2);
    }

    /** The count a business that started at {@link ShardCount#FIRST} reaches at a steady {@code writesPerSecond}. */
    public static int countFor(double writesPerSecond, double threshold) {
        int count = ShardCount.FIRST;
        while (shouldGrow(writesPerSecond, count, threshold)) {
            count = next(count);
        }
        return count;
    }
}
