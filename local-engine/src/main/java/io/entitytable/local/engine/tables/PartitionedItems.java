package io.entitytable.local.engine.tables;

import io.entitytable.local.engine.values.Value;
import java.util.Map;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Items of a table or an index, partition by partition, each partition sorted by {@link EntryKey}. Readers take no lock
 * and see each item either before or after a change; changes come one at a time (under the engine's commit lock).
 */
public final class PartitionedItems {
    private final ConcurrentSkipListMap<Value, ConcurrentSkipListMap<EntryKey, Map<String, Value>>> partitions =
            new ConcurrentSkipListMap<>(KeyOrder.PARTITIONS);

    public Map<String, Value> get(Value partition, EntryKey key) {
        ConcurrentSkipListMap<EntryKey, Map<String, Value>> items = partitions.get(partition);
        return items == null ? null : items.get(key);
    }

    /** Called only under the commit lock. */
    public void put(Value partition, EntryKey key, Map<String, Value> item) {
        partitions
                .computeIfAbsent(partition, p -> new ConcurrentSkipListMap<>(EntryKey.ORDER))
                .put(key, item);
    }

    /** Called only under the commit lock. */
    public void remove(Value partition, EntryKey key) {
        ConcurrentSkipListMap<EntryKey, Map<String, Value>> items = partitions.get(partition);
        if (items != null) {
            items.remove(key);
            if (items.isEmpty()) {
                partitions.remove(partition);
            }
        }
    }

    /** One partition's items in key order (empty when there are none). */
    public ConcurrentNavigableMap<EntryKey, Map<String, Value>> partition(Value partition) {
        ConcurrentSkipListMap<EntryKey, Map<String, Value>> items = partitions.get(partition);
        return items == null ? new ConcurrentSkipListMap<>(EntryKey.ORDER) : items;
    }

    /** Every partition in scan order. */
    public ConcurrentNavigableMap<Value, ConcurrentSkipListMap<EntryKey, Map<String, Value>>> partitions() {
        return partitions;
    }
}
