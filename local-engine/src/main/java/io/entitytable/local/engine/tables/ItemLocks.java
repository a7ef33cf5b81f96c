package io.entitytable.local.engine.tables;

import java.util.Arrays;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Striped locks over (table, key): a write holds its item's stripe while it reads the item, checks its condition and
 * commits, so two writes of one item never interleave. A transaction takes its stripes in ascending order, so two
 * transactions never wait for each other in a cycle.
 */
public final class ItemLocks {
    private static final int STRIPES = 4096;
    private final ReentrantLock[] locks = new ReentrantLock[STRIPES];

    public ItemLocks() {
        for (int i = 0; i < STRIPES; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    public int stripeOf(String table, ItemKey key) {
        int h = table.hashCode() * 31 + key.hashCode();
        h ^= h >>> 16;
        return Math.floorMod(h * 0x9E3779B9, STRIPES);
    }

    /** Locks the stripes of {@code stripes} (in any order, duplicates allowed) in ascending order. */
    public int[] lockAll(int... stripes) {
        int[] sorted = Arrays.stream(stripes).sorted().distinct().toArray();
        for (int stripe : sorted) {
            locks[stripe].lock();
        }
        return sorted;
    }

    public void unlockAll(int[] lockedStripes) {
        for (int i = lockedStripes.length - 1; i >= 0; i--) {
            locks[lockedStripes[i]].unlock();
        }
    }
}
