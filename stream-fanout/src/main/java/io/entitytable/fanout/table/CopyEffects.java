package io.entitytable.fanout.table;

import io.entitytable.deployment.logs.LogLine;
import io.entitytable.model.ItemKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The copies written and deleted since the last {@link #drain}: what the fan-out's and the refresh worker's log line of
 * a batch names (docs/design.md §8, "Logs"). Counts every copy but keeps the keys of the first {@link
 * LogLine#MAX_LISTED_KEYS} only, so a slice of a refresh job that writes tens of thousands of copies, or a user of
 * the fan-out's table that never drains, holds a bounded list. Thread-safe: a record's writes run concurrently; one
 * batch is worked at a time, so draining after it gives that batch's copies.
 */
public final class CopyEffects {
    private final Queue<Effect> listed = new ConcurrentLinkedQueue<>();
    private final AtomicInteger listedCount = new AtomicInteger();
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong deleted = new AtomicLong();

    /** What one copy write did: put the copy at {@code copy}, or deleted it. */
    public record Effect(ItemKey copy, boolean deleted) {
        /**
         * Whether the copy is about {@code subject} ({@code customer#<id>}): it copies it, or lives in its edge partition
         * (a link writes both edges: {@code store#S / customer#C}, a copy of the customer, and {@code customer#C /
         * store#S}, a copy of the store in the customer's partition).
         */
        public boolean concerns(String subject) {
            return copy.type().equals(subject) || copy.id().equals(subject);
        }
    }

    /** The copies of a batch: how many were written and deleted, and the first ones' keys. */
    public record Drained(long written, long deleted, List<Effect> listed) {}

    void written(ItemKey copy) {
        written.incrementAndGet();
        list(new Effect(copy, false));
    }

    void deleted(ItemKey copy) {
        deleted.incrementAndGet();
        list(new Effect(copy, true));
    }

    private void list(Effect effect) {
        if (listedCount.incrementAndGet() <= LogLine.MAX_LISTED_KEYS) {
            listed.add(effect);
        }
    }

    /** The effects so far, the listed ones in the order they happened; forgets them. */
    public Drained drain() {
        List<Effect> drained = new ArrayList<>();
        for (Effect effect = listed.poll(); effect != null; effect = listed.poll()) {
            drained.add(effect);
        }
        listedCount.set(0);
        return new Drained(written.getAndSet(0), deleted.getAndSet(0), drained);
    }
}
