package io.entitytable.fanout.table;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.model.TableLayout;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.RetryPolicy;
import java.time.Duration;

/**
 * How the fan-out talks to its table.
 *
 * @param tableName the table whose stream is being fanned out (env {@code TABLE_NAME}, default {@code Entity})
 * @param maxConcurrentItems how many items of one batch are fanned out at the same time, each item's records in order
 * @param maxConcurrentWrites how many DynamoDB calls of one record run at the same time
 * @param retries attempts per call when DynamoDB throttles or fails with a 5xx, before the record is reported failed,
 *     and the back-off between them
 * @param growth how each business's write rate is measured and its shard count grown ({@link GrowthConfig#OFF} for a
 *     fan-out that only copies)
 * @param archiving whether the deployment archives finished orders ({@code ARCHIVE_BUCKET} is set): then the fan-out
 *     keeps each business's archive schedule as its orders finish and its retention changes
 */
public record FanoutConfig(
        String tableName,
        int maxConcurrentItems,
        int maxConcurrentWrites,
        RetryPolicy retries,
        GrowthConfig growth,
        boolean archiving) {

    /**
     * One record at a time, a batch takes the sum of its records' calls. Records of different items are independent
     * (only each item's own records must be applied in order, which Lambda also keeps at a parallelization factor
     * above 1), so a few items go at once; each record's own writes are bounded by {@link
     * #DEFAULT_MAX_CONCURRENT_WRITES}, shared by all.
     */
    public static final int DEFAULT_MAX_CONCURRENT_ITEMS = 4;

    public static final int DEFAULT_MAX_CONCURRENT_WRITES = 16;
    public static final RetryPolicy DEFAULT_RETRIES = new RetryPolicy(6, Duration.ofMillis(25), Duration.ofSeconds(2));

    public FanoutConfig {
        if (maxConcurrentItems < 1 || maxConcurrentWrites < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1");
        }
    }

    /** The table from {@code TABLE_NAME}, the growth from its variables ({@link GrowthConfig#fromEnvironment}), everything else at its default. */
    public static FanoutConfig fromEnvironment() {
        String bucket = System.getenv(EnvironmentVariable.ARCHIVE_BUCKET.variable());
        return forTable(tableNameFromEnvironment())
                .withGrowth(GrowthConfig.fromEnvironment())
                .withArchiving(bucket != null && !bucket.isBlank());
    }

    /** The table's fan-out at the defaults, copying only: no write-rate measuring unless {@link #withGrowth}. */
    public static FanoutConfig forTable(String tableName) {
        return new FanoutConfig(
                tableName,
                DEFAULT_MAX_CONCURRENT_ITEMS,
                DEFAULT_MAX_CONCURRENT_WRITES,
                DEFAULT_RETRIES,
                GrowthConfig.OFF,
                false);
    }

    public FanoutConfig withGrowth(GrowthConfig newGrowth) {
        return new FanoutConfig(tableName, maxConcurrentItems, maxConcurrentWrites, retries, newGrowth, archiving);
    }

    /** This fan-out, keeping archive schedules or not. */
    public FanoutConfig withArchiving(boolean keepsSchedules) {
        return new FanoutConfig(tableName, maxConcurrentItems, maxConcurrentWrites, retries, growth, keepsSchedules);
    }

    public static String tableNameFromEnvironment() {
        String fromEnv = System.getenv(EnvironmentVariable.TABLE_NAME.variable());
        return fromEnv == null || fromEnv.isBlank() ? TableLayout.ENTITY.defaultTableName() : fromEnv;
    }

    public FanoutConfig withConcurrency(int writes) {
        return new FanoutConfig(tableName, maxConcurrentItems, writes, retries, growth, archiving);
    }

    /** Items of one batch fanned out at once; 1 processes the batch one record at a time. */
    public FanoutConfig withConcurrentItems(int items) {
        return new FanoutConfig(tableName, items, maxConcurrentWrites, retries, growth, archiving);
    }

    public FanoutConfig withRetries(int attempts, Duration base, Duration max) {
        return new FanoutConfig(
                tableName,
                maxConcurrentItems,
                maxConcurrentWrites,
                new RetryPolicy(attempts, base, max),
                growth,
                archiving);
    }

    /** The back-off of this fan-out's DynamoDB calls, counting each retry in {@code stats}. */
    public Backoff backoff(FanoutStats stats) {
        return retries.backoff(() -> stats.add(FanoutStats.Count.RETRIES));
    }
}
