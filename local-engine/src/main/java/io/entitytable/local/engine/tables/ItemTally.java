package io.entitytable.local.engine.tables;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many items a table or an index holds and their total size in bytes, as DescribeTable shows them. Changed only
 * under the commit lock, read without a lock.
 */
public final class ItemTally {
    private final AtomicLong count = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();

    void add(long size) {
        count.incrementAndGet();
        bytes.addAndGet(size);
    }

    void remove(long size) {
        count.decrementAndGet();
        bytes.addAndGet(-size);
    }

    public long itemCount() {
        return count.get();
    }

    public long sizeBytes() {
        return bytes.get();
    }
}
