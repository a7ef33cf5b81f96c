package io.entitytable.local;

import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.ThroughputLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How the local system's DynamoDB engine behaves: as DynamoDB does (transaction conflicts, lagging indexes,
 * per-partition throughput, time to live, shard rollover) unless system properties of the local runtime's JVM say
 * otherwise ({@link EngineProperty}). A test that shows a hot key lowers a partition's throughput so that a few requests reach it; anyone who
 * wants the engine of old (every write visible everywhere at once, nothing throttled) sets the behaviour to {@value
 * #IMMEDIATE}.
 */
public final class EngineBehaviour {
    public static final String AS_DYNAMODB = "dynamodb";
    public static final String IMMEDIATE = "immediate";

    private EngineBehaviour() {}

    /**
     * The settings the system properties give.
     *
     * @throws IllegalArgumentException for a behaviour or a number the engine cannot take, naming the property
     */
    static EngineSettings fromSystemProperties() {
        String behaviour = EngineProperty.BEHAVIOUR.value(AS_DYNAMODB);
        EngineSettings settings =
                switch (behaviour) {
                    case AS_DYNAMODB -> EngineSettings.asDynamoDb();
                    case IMMEDIATE -> EngineSettings.immediate();
                    default -> throw new IllegalArgumentException(EngineProperty.BEHAVIOUR.propertyName() + " must be "
                            + AS_DYNAMODB + " or " + IMMEDIATE + ", not \"" + behaviour + "\"");
                };
        ThroughputLimits limits = settings.throughput();
        if (limits != null) {
            settings = settings.withThroughput(new ThroughputLimits(
                    EngineProperty.PARTITION_READ_UNITS.positiveNumber(limits.readUnitsPerSecond()),
                    EngineProperty.PARTITION_WRITE_UNITS.positiveNumber(limits.writeUnitsPerSecond()),
                    limits.burst()));
        }
        if (settings.shardRollover() != null) {
            double seconds = EngineProperty.SHARD_ROLLOVER_SECONDS.positiveNumber(
                    settings.shardRollover().toSeconds());
            settings = settings.withShardRollover(Duration.ofMillis((long) Math.ceil(seconds * 1000)));
        }
        return settings;
    }

    /** What the start line says of the behaviours that are on. */
    static String describe(EngineSettings settings) {
        List<String> on = new ArrayList<>();
        if (settings.transactionConflicts()) {
            on.add("transaction conflicts");
        }
        if (settings.indexLag() != null) {
            on.add("index lag " + settings.indexLag().median().toMillis() + " ms median");
        }
        if (settings.throughput() != null) {
            on.add(String.format(
                    "partition throughput %.0f reads and %.0f writes a second",
                    settings.throughput().readUnitsPerSecond(),
                    settings.throughput().writeUnitsPerSecond()));
        }
        if (settings.timeToLiveSweep() != null) {
            on.add("time to live");
        }
        if (settings.shardRollover() != null) {
            on.add("shards rolled over every " + settings.shardRollover().toSeconds() + " s");
        }
        return on.isEmpty() ? "every write visible at once, nothing throttled" : String.join(", ", on);
    }
}
