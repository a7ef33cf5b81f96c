package io.entitytable.local.engine.tables;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.values.Value;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A global or local secondary index: its key, what it projects, and (global ones) its throughput and status.
 *
 * @param name the index's name
 * @param global whether it is a global secondary index
 * @param key its key schema
 * @param projectionType {@code ALL}, {@code KEYS_ONLY} or {@code INCLUDE}
 * @param nonKeyAttributes the attributes {@code INCLUDE} projects beyond the keys
 * @param provisionedThroughput a global index's throughput as given (null for a local one or on demand)
 * @param status {@code ACTIVE}, {@code CREATING} (while backfilling) or {@code DELETING}
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/SecondaryIndexes.html">Secondary
 *     indexes</a>
 */
public record IndexDefinition(
        String name,
        boolean global,
        KeySchema key,
        String projectionType,
        List<String> nonKeyAttributes,
        ObjectNode provisionedThroughput,
        String status) {

    public IndexDefinition withStatus(String newStatus) {
        return new IndexDefinition(
                name, global, key, projectionType, nonKeyAttributes, provisionedThroughput, newStatus);
    }

    /** Whether the index projects {@code attribute} (keys of the table and of the index always). */
    public boolean projects(String attribute, KeySchema tableKey) {
        return switch (projectionType) {
            case "ALL" -> true;
            case "INCLUDE" -> key.contains(attribute)
                    || tableKey.contains(attribute)
                    || nonKeyAttributes.contains(attribute);
            default -> key.contains(attribute) || tableKey.contains(attribute);
        };
    }

    /** The part of a table item the index holds. */
    public Map<String, Value> project(Map<String, Value> item, KeySchema tableKey) {
        if (projectionType.equals("ALL")) {
            return item;
        }
        Map<String, Value> projected = new LinkedHashMap<>();
        item.forEach((attribute, value) -> {
            if (projects(attribute, tableKey)) {
                projected.put(attribute, value);
            }
        });
        return projected;
    }
}
