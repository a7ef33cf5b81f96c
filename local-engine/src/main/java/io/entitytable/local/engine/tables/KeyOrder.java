package io.entitytable.local.engine.tables;

import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueOrder;
import java.util.Comparator;

/**
 * The orders the item structures keep: key values by {@link ValueOrder} (an absent value first), and partitions by a
 * stable hash of their key, which is the order a Scan visits them in and what parallel scan segments divide.
 */
public final class KeyOrder {
    /** Partitions by their scan hash (unsigned), then by value so that two partitions never compare equal. */
    public static final Comparator<Value> PARTITIONS = (a, b) -> {
        int byHash = Long.compare(scanHash(a), scanHash(b));
        return byHash != 0 ? byHash : values(a, b);
    };

    private KeyOrder() {}

    /** Compares two key values of one type; null (no such key) before any value. */
    public static int values(Value a, Value b) {
        if (a == b) {
            return 0;
        }
        if (a == null) {
            return -1;
        }
        if (b == null) {
            return 1;
        }
        return ValueOrder.compare(a, b);
    }

    /** A partition's place in scan order: a well-mixed unsigned 32-bit hash of its key value. */
    public static long scanHash(Value partition) {
        int h = partition.hashCode();
        h ^= h >>> 16;
        h *= 0x85ebca6b;
        h ^= h >>> 13;
        h *= 0xc2b2ae35;
        h ^= h >>> 16;
        return h & 0xffffffffL;
    }

    /** The parallel scan segment (of {@code totalSegments}) a partition belongs to: consecutive ranges of scan hashes. */
    public static int segmentOf(Value partition, int totalSegments) {
        return (int) ((scanHash(partition) * totalSegments) >>> 32);
    }
}
