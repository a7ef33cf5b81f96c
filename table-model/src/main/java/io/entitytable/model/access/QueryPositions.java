package io.entitytable.model.access;

import io.entitytable.model.TableLayout;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a Query stands in the table or an index: the key attributes that position an item there (the table's keys, and
 * an index's own), as strings, and back into the ExclusiveStartKey that resumes after it. What a cursor carries and a
 * paged or merged read resumes from.
 */
public final class QueryPositions {
    private static final List<String> TABLE_POSITION =
            List.of(TableLayout.ENTITY.partitionKey(), TableLayout.ENTITY.sortKey());

    /** Per index, worked out once: a list reads them for every item it takes. */
    private static final Map<String, List<String>> INDEX_POSITIONS = indexPositions();

    private QueryPositions() {}

    /** The attributes that position an item in {@code index} (null for the table): what a cursor must carry. */
    public static List<String> positionAttributes(String index) {
        if (index == null) {
            return TABLE_POSITION;
        }
        List<String> attributes = INDEX_POSITIONS.get(index);
        if (attributes == null) {
            throw new IllegalArgumentException("no index " + index);
        }
        return attributes;
    }

    private static Map<String, List<String>> indexPositions() {
        Map<String, List<String>> positions = new LinkedHashMap<>();
        for (TableLayout.IndexLayout gsi : TableLayout.ENTITY.indexes()) {
            positions.put(
                    gsi.name(),
                    List.of(
                            TableLayout.ENTITY.partitionKey(),
                            TableLayout.ENTITY.sortKey(),
                            gsi.partitionKey(),
                            gsi.sortKey()));
        }
        return Map.copyOf(positions);
    }

    /** The position of {@code item} in {@code index}, as strings (every key attribute of this table is a string). */
    public static Map<String, String> positionOf(Map<String, AttributeValue> item, String index) {
        Map<String, String> position = new LinkedHashMap<>();
        for (String attribute : positionAttributes(index)) {
            position.put(attribute, item.get(attribute).s());
        }
        return position;
    }

    public static Map<String, AttributeValue> startKey(Map<String, String> position) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        position.forEach((attribute, value) -> key.put(attribute, AttributeValue.fromS(value)));
        return key;
    }
}
