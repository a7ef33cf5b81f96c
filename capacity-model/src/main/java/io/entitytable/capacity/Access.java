package io.entitytable.capacity;

/**
 * Capacity one operation takes on one partition: of the table ({@link #TABLE}) or of an index, named by its
 * partition-key value.
 */
record Access(String target, String partitionKey, double writeUnits, double readUnits) {
    static final String TABLE = "table";

    static Access write(String target, String partitionKey, double units) {
        return new Access(target, partitionKey, units, 0);
    }

    static Access read(String target, String partitionKey, double units) {
        return new Access(target, partitionKey, 0, units);
    }
}
