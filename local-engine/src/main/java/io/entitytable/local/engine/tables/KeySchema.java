package io.entitytable.local.engine.tables;

import io.entitytable.local.engine.values.Value;
import java.util.Map;

/**
 * The key of a table or an index: a partition (HASH) attribute and optionally a sort (RANGE) attribute.
 *
 * @param partition the partition key attribute
 * @param sort the sort key attribute, or null
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_KeySchemaElement.html">KeySchemaElement</a>
 */
public record KeySchema(KeyAttribute partition, KeyAttribute sort) {
    public boolean hasSort() {
        return sort != null;
    }

    /** Whether {@code name} is one of this key's attributes. */
    public boolean contains(String name) {
        return partition.name().equals(name) || (sort != null && sort.name().equals(name));
    }

    /** The key values of {@code item}, or null when it lacks one of them or one has another type (a sparse index). */
    public ItemKey keyOfOrNull(Map<String, Value> item) {
        Value p = item.get(partition.name());
        if (p == null || !p.type().equals(partition.type())) {
            return null;
        }
        if (sort == null) {
            return new ItemKey(p, null);
        }
        Value s = item.get(sort.name());
        if (s == null || !s.type().equals(sort.type())) {
            return null;
        }
        return new ItemKey(p, s);
    }

    /** The key values of an item that has them (a table's item, validated on write). */
    public ItemKey keyOf(Map<String, Value> item) {
        return new ItemKey(item.get(partition.name()), sort == null ? null : item.get(sort.name()));
    }
}
