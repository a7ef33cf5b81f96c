package io.entitytable.local.engine.tables;

import io.entitytable.local.engine.values.ItemSize;
import io.entitytable.local.engine.values.Value;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A live table: its definition, its items and its secondary indexes. Readers take no lock; every change goes through
 * {@link #apply} under the engine's commit lock, so the table, its indexes and its counts change together.
 */
public final class Table {
    private volatile TableDefinition definition;
    private final PartitionedItems items = new PartitionedItems();
    private volatile Map<String, IndexItems> indexes;
    private final ItemTally tally = new ItemTally();
    private final AtomicLong changes = new AtomicLong();
    private volatile IndexRouter router = IndexRouter.DIRECT;
    private volatile ExpiryIndex expiries;

    public Table(TableDefinition definition) {
        this.definition = definition;
        Map<String, IndexItems> built = new LinkedHashMap<>();
        for (IndexDefinition index : definition.localIndexes()) {
            built.put(index.name(), new IndexItems(index, definition.key()));
        }
        for (IndexDefinition index : definition.globalIndexes()) {
            built.put(index.name(), new IndexItems(index, definition.key()));
        }
        this.indexes = Map.copyOf(built);
    }

    public TableDefinition definition() {
        return definition;
    }

    public String name() {
        return definition.name();
    }

    public KeySchema key() {
        return definition.key();
    }

    public PartitionedItems items() {
        return items;
    }

    /** The index named {@code name}'s items, or null. */
    public IndexItems index(String name) {
        return indexes.get(name);
    }

    public Map<String, IndexItems> indexes() {
        return indexes;
    }

    public ItemTally tally() {
        return tally;
    }

    /**
     * Changes of its items applied since the table was loaded, a data folder's replay included: each a put, update or
     * delete that changed an item (what a stream record describes), never a write that left its item as it was.
     */
    public long changes() {
        return changes.get();
    }

    public Map<String, Value> get(ItemKey key) {
        return items.get(key.partition(), entry(key));
    }

    public static EntryKey entry(ItemKey key) {
        return new EntryKey(key.sort(), null, null);
    }

    /** Replaces the item under {@code key} ({@code before} and {@code after} either null); only under the commit lock. */
    public void apply(ItemKey key, Map<String, Value> before, Map<String, Value> after) {
        changes.incrementAndGet();
        if (before != null) {
            tally.remove(ItemSize.of(before));
        }
        if (after == null) {
            items.remove(key.partition(), entry(key));
        } else {
            items.put(key.partition(), entry(key), after);
            tally.add(ItemSize.of(after));
        }
        ExpiryIndex expiring = expiries;
        if (expiring != null) {
            expiring.update(key, before, after);
        }
        for (IndexItems index : indexes.values()) {
            if (index.definition().global()) {
                router.route(this, index, key, before, after);
            } else {
                index.apply(before, after);
            }
        }
    }

    /**
     * Keeps the items' expiry times of {@code attribute} (null: none) from now on, filled from the current items; only
     * under the commit lock.
     */
    public void trackExpiry(String attribute) {
        if (attribute == null) {
            expiries = null;
            return;
        }
        ExpiryIndex built = new ExpiryIndex(attribute);
        for (var partition : items.partitions().values()) {
            for (Map<String, Value> item : partition.values()) {
                built.update(definition.key().keyOf(item), null, item);
            }
        }
        expiries = built;
    }

    /** The items' expiry times, or null when they are not tracked. */
    public ExpiryIndex expiries() {
        return expiries;
    }

    /** From now on, global secondary index changes go through {@code newRouter} (local ones stay synchronous). */
    public void routeIndexes(IndexRouter newRouter) {
        this.router = newRouter;
    }

    /** A new definition with the same items; only under the commit lock. */
    public void redefine(TableDefinition newDefinition) {
        this.definition = newDefinition;
    }

    /**
     * Adds an index filled from the current items and drops the ones no longer defined; only under the commit lock.
     */
    public void reindex(TableDefinition newDefinition) {
        Map<String, IndexItems> built = new LinkedHashMap<>();
        for (IndexDefinition index : newDefinition.localIndexes()) {
            built.put(index.name(), indexes.get(index.name()));
        }
        for (IndexDefinition index : newDefinition.globalIndexes()) {
            IndexItems existing = indexes.get(index.name());
            if (existing == null) {
                existing = new IndexItems(index, newDefinition.key());
                for (var partition : items.partitions().values()) {
                    for (Map<String, Value> item : partition.values()) {
                        existing.apply(null, item);
                    }
                }
            }
            built.put(index.name(), existing);
        }
        this.indexes = Map.copyOf(built);
        this.definition = newDefinition;
    }

    /** The statistics DescribeTable shows. */
    public TableDescriptions.Counts counts() {
        return new TableDescriptions.Counts() {
            @Override
            public ItemTally table() {
                return tally;
            }

            @Override
            public ItemTally index(String indexName) {
                IndexItems index = indexes.get(indexName);
                return index == null ? new ItemTally() : index.tally();
            }
        };
    }
}
