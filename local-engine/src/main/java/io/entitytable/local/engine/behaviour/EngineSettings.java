package io.entitytable.local.engine.behaviour;

import java.time.Duration;

/**
 * How closely the engine imitates DynamoDB under load and over time. Each behaviour is switched on by a non-null (or
 * true) member, and off by null (or false): {@link #immediate()} switches every one off (every write visible at once
 * everywhere, no conflict, no throttling, no expiry, one shard per stream), {@link #asDynamoDb()} switches every one
 * on with DynamoDB's figures. Immutable; the {@code with} methods answer changed copies.
 *
 * @param transactionConflicts whether a transaction that meets another write in flight on one of its items is
 *     cancelled (and a single write on an item a transaction holds is refused), instead of waiting for it
 * @param transactionHold how long a transaction keeps its items after checking its conditions, before it commits
 *     (zero in DynamoDB's terms; tests lengthen it to make races likely)
 * @param transactionApplyGap the time between a transaction's changes becoming visible, one after another in the order
 *     of its actions, while it keeps its items: zero applies them together (a Query meets one half applied only by
 *     chance, for microseconds); longer makes the window of DynamoDB's read-committed Query real, a Query of the
 *     items' partitions seeing some changes and not others, while GetItem waits for the whole transaction (see {@link
 *     TransactionApply}). Zero in {@link #asDynamoDb()} too: DynamoDB's window is brief and unpredictable, and a gap
 *     in every transaction would slow every test while showing the window only by chance; tests that need it set
 *     one, or hold transactions mid-apply ({@link EngineControl#holdTransactionsMidApply()})
 * @param indexLag how long a global secondary index lags behind its table, or null to update it with the table
 * @param throughput the per-partition throughput limits, or null for none
 * @param timeToLiveSweep how often expired items are looked for (on tables with time to live enabled), or null never
 * @param shardRollover the age at which a stream's open shard is closed and a child shard opened, or null never
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html">Transaction
 *     conflict handling</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/GSI.html">GSI eventual
 *     consistency</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html">
 *     Partition throughput</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/TTL.html">Time to live</a>
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.html">Streams shards</a>
 */
public record EngineSettings(
        boolean transactionConflicts,
        Duration transactionHold,
        Duration transactionApplyGap,
        IndexLag indexLag,
        ThroughputLimits throughput,
        Duration timeToLiveSweep,
        Duration shardRollover) {

    /** DynamoDB rolls a stream's shard over about every four hours. */
    public static final Duration DYNAMODB_SHARD_AGE = Duration.ofHours(4);

    /** The sweeper's default period: DynamoDB deletes within days; locally an expired item goes within a second. */
    public static final Duration DEFAULT_SWEEP = Duration.ofSeconds(1);

    public EngineSettings {
        transactionHold = transactionHold == null ? Duration.ZERO : transactionHold;
        if (transactionHold.isNegative()) {
            throw new IllegalArgumentException("transactionHold must not be negative");
        }
        transactionApplyGap = transactionApplyGap == null ? Duration.ZERO : transactionApplyGap;
        if (transactionApplyGap.isNegative()) {
            throw new IllegalArgumentException("transactionApplyGap must not be negative");
        }
        if (timeToLiveSweep != null && (timeToLiveSweep.isZero() || timeToLiveSweep.isNegative())) {
            throw new IllegalArgumentException("timeToLiveSweep must be positive");
        }
        if (shardRollover != null && (shardRollover.isZero() || shardRollover.isNegative())) {
            throw new IllegalArgumentException("shardRollover must be positive");
        }
    }

    /** Every behaviour off: what the engine did before these settings existed. */
    public static EngineSettings immediate() {
        return new EngineSettings(false, Duration.ZERO, Duration.ZERO, null, null, null, null);
    }

    /** Every behaviour on, with DynamoDB's figures (the sweeper's period excepted: a second, not days). */
    public static EngineSettings asDynamoDb() {
        return new EngineSettings(
                true,
                Duration.ZERO,
                Duration.ZERO,
                IndexLag.DYNAMODB,
                ThroughputLimits.ON_DEMAND,
                DEFAULT_SWEEP,
                DYNAMODB_SHARD_AGE);
    }

    public EngineSettings withTransactionConflicts(boolean on) {
        return new EngineSettings(
                on, transactionHold, transactionApplyGap, indexLag, throughput, timeToLiveSweep, shardRollover);
    }

    public EngineSettings withTransactionHold(Duration hold) {
        return new EngineSettings(
                transactionConflicts, hold, transactionApplyGap, indexLag, throughput, timeToLiveSweep, shardRollover);
    }

    public EngineSettings withTransactionApplyGap(Duration gap) {
        return new EngineSettings(
                transactionConflicts, transactionHold, gap, indexLag, throughput, timeToLiveSweep, shardRollover);
    }

    public EngineSettings withIndexLag(IndexLag lag) {
        return new EngineSettings(
                transactionConflicts,
                transactionHold,
                transactionApplyGap,
                lag,
                throughput,
                timeToLiveSweep,
                shardRollover);
    }

    public EngineSettings withThroughput(ThroughputLimits limits) {
        return new EngineSettings(
                transactionConflicts,
                transactionHold,
                transactionApplyGap,
                indexLag,
                limits,
                timeToLiveSweep,
                shardRollover);
    }

    public EngineSettings withTimeToLiveSweep(Duration every) {
        return new EngineSettings(
                transactionConflicts, transactionHold, transactionApplyGap, indexLag, throughput, every, shardRollover);
    }

    public EngineSettings withShardRollover(Duration age) {
        return new EngineSettings(
                transactionConflicts, transactionHold, transactionApplyGap, indexLag, throughput, timeToLiveSweep, age);
    }

    /** Whether any behaviour needs a background thread. */
    public boolean needsBackground() {
        return indexLag != null || timeToLiveSweep != null || shardRollover != null;
    }
}
