package io.entitytable.faultrun;

import io.entitytable.local.EngineBehaviour;
import io.entitytable.local.EngineProperty;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The DynamoDB engine of the run's local system: DynamoDB's behaviours (transaction conflicts, lagging indexes,
 * per-partition throughput, time to live, shard rollover), with a partition's throughput lowered so that the run's own
 * load is throttled for real, and shards that roll over every few seconds so that the pumps cross many shard
 * handovers. The local runtime takes its engine's settings from system properties when a {@code LocalSystem} is
 * constructed: {@link #apply()} sets them for that, and closing what it answers puts back what was there.
 *
 * @param writeUnits a partition's write units a second
 * @param readUnits a partition's read units a second
 * @param shardRolloverSeconds the age in seconds at which the stream's open shard rolls over
 */
record EngineUnderLoad(double writeUnits, double readUnits, double shardRolloverSeconds) {
    /**
     * A twentieth of DynamoDB's 1,000 write units and a thirtieth of its 3,000 read units a partition, found by trial:
     * the refresh job's passes (over a thousand copies paced for 1,000 units, all in the seeded store's one partition of
     * the source index) are throttled by the thousand, and in some runs requests on the table's own partitions by the
     * dozen, while the API's requests, a few a second on any one partition, stay within the limits or come through the
     * SDK's retries: it answered no 503 in the runs measured (tools/fault-run/README.md). A shard rolls over every five
     * seconds, so even a 20-second run crosses a dozen handovers.
     */
    static final EngineUnderLoad DEFAULT = new EngineUnderLoad(50, 100, 5);

    /** Properties put back when closed. */
    interface Applied extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * These figures, or those the JVM was started with ({@code java -Dentity-table.dynamodb.partition-write-units=50
     * -jar ...}), so that a run can try other limits.
     *
     * @throws IllegalArgumentException for a property that is not a positive number, naming it
     */
    EngineUnderLoad orSystemProperties() {
        return new EngineUnderLoad(
                EngineProperty.PARTITION_WRITE_UNITS.positiveNumber(writeUnits),
                EngineProperty.PARTITION_READ_UNITS.positiveNumber(readUnits),
                EngineProperty.SHARD_ROLLOVER_SECONDS.positiveNumber(shardRolloverSeconds));
    }

    /** Sets the properties the local runtime reads, DynamoDB's behaviour among them, until closed. */
    Applied apply() {
        Map<String, String> wanted = new LinkedHashMap<>();
        wanted.put(EngineProperty.BEHAVIOUR.propertyName(), EngineBehaviour.AS_DYNAMODB);
        wanted.put(EngineProperty.PARTITION_WRITE_UNITS.propertyName(), number(writeUnits));
        wanted.put(EngineProperty.PARTITION_READ_UNITS.propertyName(), number(readUnits));
        wanted.put(EngineProperty.SHARD_ROLLOVER_SECONDS.propertyName(), number(shardRolloverSeconds));
        Map<String, String> before = new LinkedHashMap<>();
        wanted.forEach((name, value) -> {
            before.put(name, System.getProperty(name));
            System.setProperty(name, value);
        });
        return () -> before.forEach((name, value) -> {
            if (value == null) {
                System.clearProperty(name);
            } else {
                System.setProperty(name, value);
            }
        });
    }

    /** The {@code -D} options that give these figures to a run of the jar; empty for the run's own. */
    String commandLineOptions() {
        if (equals(DEFAULT)) {
            return "";
        }
        return String.format(
                Locale.ROOT,
                "-D%s=%s -D%s=%s -D%s=%s ",
                EngineProperty.PARTITION_WRITE_UNITS.propertyName(),
                number(writeUnits),
                EngineProperty.PARTITION_READ_UNITS.propertyName(),
                number(readUnits),
                EngineProperty.SHARD_ROLLOVER_SECONDS.propertyName(),
                number(shardRolloverSeconds));
    }

    /** What the summary says of it. */
    String describe() {
        return String.format(
                Locale.ROOT,
                "%s write and %s read units a second a partition, shards rolled over every %s s",
                number(writeUnits),
                number(readUnits),
                number(shardRolloverSeconds));
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value)
                : Double.toString(value);
    }
}
