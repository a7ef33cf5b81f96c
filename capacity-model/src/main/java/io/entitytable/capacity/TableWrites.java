package io.entitytable.capacity;

import io.entitytable.model.Attributes;
import io.entitytable.model.TableLayout;
import io.entitytable.model.TableLayout.IndexLayout;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;

/**
 * The table and index writes one item write causes. An item is in an index iff it carries that index's partition
 * key; an index whose key changes takes a delete of the old entry and a put of the new one; an INCLUDE index whose
 * projected attributes did not change takes nothing. Index writes are never transactional (DynamoDB propagates them).
 */
final class TableWrites {
    /** The bytes DynamoDB adds to each item and each index entry when it bills storage. */
    static final long STORAGE_OVERHEAD = 100;

    private final TableLayout layout;

    TableWrites(TableLayout layout) {
        this.layout = layout;
    }

    List<Access> of(ItemWrite write) {
        List<Access> accesses = new ArrayList<>();
        Map<String, AttributeValue> current = write.after() != null ? write.after() : write.before();
        long bytes = Math.max(ItemSize.bytes(write.before()), ItemSize.bytes(write.after()));
        int units = ItemSize.writeUnits(bytes) * (write.transactional() ? 2 : 1);
        accesses.add(
                Access.write(Access.TABLE, current.get(layout.partitionKey()).s(), units));
        for (IndexLayout index : layout.indexes()) {
            Map<String, AttributeValue> before = projected(write.before(), index);
            Map<String, AttributeValue> after = projected(write.after(), index);
            if (before != null && after != null && sameKey(before, after, index)) {
                if (!before.equals(after)) {
                    accesses.add(indexWrite(index, after));
                }
                continue;
            }
            if (before != null) {
                accesses.add(indexWrite(index, before));
            }
            if (after != null) {
                accesses.add(indexWrite(index, after));
            }
        }
        return accesses;
    }

    /**
     * What the item takes of the table's storage with its index entries: DynamoDB counts each item, and each index
     * entry, at its size plus 100 bytes of overhead.
     */
    long storedBytes(Map<String, AttributeValue> item) {
        long bytes = ItemSize.bytes(item) + STORAGE_OVERHEAD;
        for (IndexLayout index : layout.indexes()) {
            Map<String, AttributeValue> entry = projected(item, index);
            if (entry != null) {
                bytes += ItemSize.bytes(entry) + STORAGE_OVERHEAD;
            }
        }
        return bytes;
    }

    /** How many index entries the item has. */
    int indexEntries(Map<String, AttributeValue> item) {
        return (int) layout.indexes().stream()
                .filter(index -> projected(item, index) != null)
                .count();
    }

    /** The index entry of the item, or null when the item is not in the index. */
    Map<String, AttributeValue> projected(Map<String, AttributeValue> item, IndexLayout index) {
        if (item == null || !item.containsKey(index.partitionKey()) || !item.containsKey(index.sortKey())) {
            return null;
        }
        if (index.projectionType() == ProjectionType.ALL) {
            return item;
        }
        Set<String> names = new LinkedHashSet<>(
                List.of(layout.partitionKey(), layout.sortKey(), index.partitionKey(), index.sortKey()));
        names.addAll(index.nonKeyAttributes());
        Map<String, AttributeValue> entry = new java.util.TreeMap<>();
        names.stream().filter(item::containsKey).forEach(name -> entry.put(name, item.get(name)));
        return entry;
    }

    private static boolean sameKey(Map<String, AttributeValue> a, Map<String, AttributeValue> b, IndexLayout index) {
        return Objects.equals(a.get(index.partitionKey()), b.get(index.partitionKey()))
                && Objects.equals(a.get(index.sortKey()), b.get(index.sortKey()))
                && Objects.equals(a.get(Attributes.ID), b.get(Attributes.ID));
    }

    private static Access indexWrite(IndexLayout index, Map<String, AttributeValue> entry) {
        return Access.write(
                index.name(), entry.get(index.partitionKey()).s(), ItemSize.writeUnits(ItemSize.bytes(entry)));
    }
}
