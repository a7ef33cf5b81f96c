package io.entitytable.local;

import java.util.Locale;

/**
 * The system properties of the local runtime's JVM that steer its DynamoDB engine ({@link EngineBehaviour}): each one
 * the JVM was not given leaves the engine as its behaviour has it.
 */
public enum EngineProperty {
    /**
     * {@code entity-table.dynamodb.behaviour}: {@value EngineBehaviour#AS_DYNAMODB} (the default) or {@value
     * EngineBehaviour#IMMEDIATE}.
     */
    BEHAVIOUR,
    /** {@code entity-table.dynamodb.partition-write-units}: a partition's write units a second (DynamoDB: 1,000). */
    PARTITION_WRITE_UNITS,
    /** {@code entity-table.dynamodb.partition-read-units}: a partition's read units a second (DynamoDB: 3,000). */
    PARTITION_READ_UNITS,
    /**
     * {@code entity-table.dynamodb.shard-rollover-seconds}: the age in seconds at which a stream's open shard rolls over
     * (DynamoDB: about four hours).
     */
    SHARD_ROLLOVER_SECONDS;

    /** The name {@code -D} gives it: the constant's, in lower case with hyphens, after {@code entity-table.dynamodb.}. */
    public String propertyName() {
        return "entity-table.dynamodb." + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The value the JVM was given, stripped, or {@code otherwise}. */
    String value(String otherwise) {
        return System.getProperty(propertyName(), otherwise).strip();
    }

    /**
     * The number the JVM was given, or {@code otherwise} when it was given none or a blank.
     *
     * @throws IllegalArgumentException for a value that is not a positive number, naming the property
     */
    public double positiveNumber(double otherwise) {
        String value = System.getProperty(propertyName());
        if (value == null || value.isBlank()) {
            return otherwise;
        }
        try {
            double number = Double.parseDouble(value.strip());
            if (number > 0 && Double.isFinite(number)) {
                return number;
            }
        } catch (NumberFormatException notANumber) {
            // refused below, with the property's name
        }
        throw new IllegalArgumentException(propertyName() + " must be a positive number, not \"" + value + "\"");
    }
}
