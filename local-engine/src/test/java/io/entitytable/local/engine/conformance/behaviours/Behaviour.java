package io.entitytable.local.engine.conformance.behaviours;

import io.entitytable.local.engine.behaviour.EngineSettings;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A DynamoDB behaviour under load or over time that the local engine imitates only when its settings switch it on:
 * what switches it off, and whether settings have it on. The suite runs every check of a behaviour once with it on (the
 * check must pass) and once with it off (the check must fail), so that no check can pass whatever the engine does.
 */
public enum Behaviour {
    TRANSACTION_CONFLICTS(settings -> settings.withTransactionConflicts(false), EngineSettings::transactionConflicts),
    INDEX_LAG(settings -> settings.withIndexLag(null), settings -> settings.indexLag() != null),
    PARTITION_THROUGHPUT(settings -> settings.withThroughput(null), settings -> settings.throughput() != null),
    TIME_TO_LIVE(settings -> settings.withTimeToLiveSweep(null), settings -> settings.timeToLiveSweep() != null),
    SHARD_ROLLOVER(settings -> settings.withShardRollover(null), settings -> settings.shardRollover() != null);

    private final UnaryOperator<EngineSettings> switchOff;
    private final Predicate<EngineSettings> on;

    Behaviour(UnaryOperator<EngineSettings> switchOff, Predicate<EngineSettings> on) {
        this.switchOff = switchOff;
        this.on = on;
    }

    /** {@code settings} with this behaviour off and every other one as it was. */
    public EngineSettings switchedOff(EngineSettings settings) {
        return switchOff.apply(settings);
    }

    public boolean isOn(EngineSettings settings) {
        return on.test(settings);
    }
}
