package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.tables.IndexDefinition;
import io.entitytable.local.engine.tables.IndexItems;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.ItemSize;
import io.entitytable.local.engine.values.Value;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Capacity units consumed, as DynamoDB computes them: a read 1 unit per 4 KB (half for an eventually consistent read),
 * a write 1 unit per 1 KB, both rounded up; a transaction's twice; each index an item write changes costs its own
 * write units. {@code TOTAL} answers the sum, {@code INDEXES} also the table's and each index's share.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/read-write-operations.html">DynamoDB
 *     read and write operations</a>
 */
final class Capacity {
    static final Set<String> MODES = Set.of("INDEXES", "TOTAL", "NONE");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final String tableName;
    private final boolean write;
    private double table;
    private final Map<String, Double> globalIndexes = new LinkedHashMap<>();
    private final Map<String, Double> localIndexes = new LinkedHashMap<>();

    Capacity(String tableName, boolean write) {
        this.tableName = tableName;
        this.write = write;
    }

    static double readUnits(long bytes, boolean consistent) {
        double units = Math.max(1, (bytes + 4095) / 4096);
        return consistent ? units : units / 2;
    }

    static double writeUnits(long bytes) {
        return Math.max(1, (bytes + 1023) / 1024);
    }

    void addTable(double units) {
        table += units;
    }

    void addIndex(IndexDefinition index, double units) {
        (index.global() ? globalIndexes : localIndexes).merge(index.name(), units, Double::sum);
    }

    /** The write units of one item change on the table and each index it touches, times {@code factor}. */
    void addWrite(Table target, Map<String, Value> before, Map<String, Value> after, double factor) {
        long size = Math.max(before == null ? 0 : ItemSize.of(before), after == null ? 0 : ItemSize.of(after));
        addTable(writeUnits(size) * factor);
        for (IndexItems index : target.indexes().values()) {
            IndexItems.IndexPosition old = before == null ? null : index.positionOf(before);
            IndexItems.IndexPosition now = after == null ? null : index.positionOf(after);
            IndexDefinition definition = index.definition();
            double units = 0;
            if (old != null && now != null) {
                var oldProjected = definition.project(before, target.key());
                var newProjected = definition.project(after, target.key());
                if (!Objects.equals(old, now)) {
                    units = writeUnits(ItemSize.of(oldProjected)) + writeUnits(ItemSize.of(newProjected));
                } else if (!oldProjected.equals(newProjected)) {
                    units = writeUnits(ItemSize.of(newProjected));
                }
            } else if (old != null) {
                units = writeUnits(ItemSize.of(definition.project(before, target.key())));
            } else if (now != null) {
                units = writeUnits(ItemSize.of(definition.project(after, target.key())));
            }
            if (units > 0) {
                addIndex(definition, units * factor);
            }
        }
    }

    double total() {
        double sum = table;
        for (double units : globalIndexes.values()) {
            sum += units;
        }
        for (double units : localIndexes.values()) {
            sum += units;
        }
        return sum;
    }

    /** The {@code ConsumedCapacity} DynamoDB answers for {@code mode}, or null for {@code NONE}. */
    ObjectNode toJson(String mode) {
        if (mode == null || mode.equals("NONE")) {
            return null;
        }
        ObjectNode node = JSON.objectNode();
        node.put("TableName", tableName);
        node.put("CapacityUnits", total());
        node.put(write ? "WriteCapacityUnits" : "ReadCapacityUnits", total());
        if (mode.equals("INDEXES")) {
            node.putObject("Table")
                    .put("CapacityUnits", table)
                    .put(write ? "WriteCapacityUnits" : "ReadCapacityUnits", table);
            if (!globalIndexes.isEmpty()) {
                ObjectNode indexes = node.putObject("GlobalSecondaryIndexes");
                globalIndexes.forEach((name, units) -> indexes.putObject(name)
                        .put("CapacityUnits", units)
                        .put(write ? "WriteCapacityUnits" : "ReadCapacityUnits", units));
            }
            if (!localIndexes.isEmpty()) {
                ObjectNode indexes = node.putObject("LocalSecondaryIndexes");
                localIndexes.forEach((name, units) -> indexes.putObject(name)
                        .put("CapacityUnits", units)
                        .put(write ? "WriteCapacityUnits" : "ReadCapacityUnits", units));
            }
        }
        return node;
    }

    static String mode(com.fasterxml.jackson.databind.node.ObjectNode request) {
        return Requests.oneOf(request, "ReturnConsumedCapacity", "returnConsumedCapacity", MODES, "NONE");
    }
}
