package io.entitytable.local.engine.tables;

import io.entitytable.local.engine.values.ItemSize;
import io.entitytable.local.engine.values.Value;
import java.util.Map;

/**
 * The items of one secondary index: every table item that has all the index's key attributes (an index is sparse),
 * partitioned by the index's partition key and ordered by its sort key, then by the table's key. It holds the whole
 * table item; reads project it.
 */
public record IndexItems(IndexDefinition definition, KeySchema tableKey, PartitionedItems items, ItemTally tally) {
    public IndexItems(IndexDefinition definition, KeySchema tableKey) {
        this(definition, tableKey, new PartitionedItems(), new ItemTally());
    }

    /** The position of a table item in this index, or null when the index does not hold it. */
    public IndexPosition positionOf(Map<String, Value> item) {
        ItemKey indexKey = definition.key().keyOfOrNull(item);
        if (indexKey == null) {
            return null;
        }
        ItemKey key = tableKey.keyOf(item);
        return new IndexPosition(indexKey.partition(), new EntryKey(indexKey.sort(), key.partition(), key.sort()));
    }

    /** Replaces {@code before} by {@code after} (either null); called only under the commit lock. */
    public void apply(Map<String, Value> before, Map<String, Value> after) {
        IndexPosition old = before == null ? null : positionOf(before);
        if (old != null) {
            items.remove(old.partition(), old.entry());
            tally.remove(ItemSize.of(definition.project(before, tableKey)));
        }
        IndexPosition now = after == null ? null : positionOf(after);
        if (now != null) {
            items.put(now.partition(), now.entry(), after);
            tally.add(ItemSize.of(definition.project(after, tableKey)));
        }
    }

    /** Where an item is in an index: the index partition and the entry inside it. */
    public record IndexPosition(Value partition, EntryKey entry) {}
}
