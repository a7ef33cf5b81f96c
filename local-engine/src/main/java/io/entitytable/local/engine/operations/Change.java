package io.entitytable.local.engine.operations;

import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.values.Value;
import java.util.Map;

/**
 * One item's change, decided under its lock: the item before (null when absent) and after (null when deleted).
 *
 * @param table the table
 * @param key the item's key
 * @param before the item before, or null
 * @param after the item after, or null
 * @param byService whether DynamoDB itself made it (a time-to-live deletion), which its stream record tells
 */
record Change(Table table, ItemKey key, Map<String, Value> before, Map<String, Value> after, boolean byService) {
    Change(Table table, ItemKey key, Map<String, Value> before, Map<String, Value> after) {
        this(table, key, before, after, false);
    }

    /** Whether the change changes anything: a write that leaves the item as it was makes no stream record. */
    boolean real() {
        return before == null ? after != null : !before.equals(after);
    }
}
