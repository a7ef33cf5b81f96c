package io.entitytable.local.engine.tables;

import io.entitytable.local.engine.values.Value;
import java.util.Comparator;

/**
 * The position of an item inside one partition of a table or an index: the sort key value, then (in an index, where
 * several items may share the index key) the table's partition and sort key values. Any part may be null.
 *
 * @param sort the table's or index's sort key value
 * @param tablePartition in an index, the table's partition key value; null in the table itself
 * @param tableSort in an index, the table's sort key value; null in the table itself or when it has none
 */
public record EntryKey(Value sort, Value tablePartition, Value tableSort) {
    public static final Comparator<EntryKey> ORDER = (a, b) -> {
        int c = KeyOrder.values(a.sort, b.sort);
        if (c != 0) {
            return c;
        }
        c = KeyOrder.values(a.tablePartition, b.tablePartition);
        return c != 0 ? c : KeyOrder.values(a.tableSort, b.tableSort);
    };
}
