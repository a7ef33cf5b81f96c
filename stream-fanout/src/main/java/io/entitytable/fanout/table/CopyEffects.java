package io.entitytable.fanout.table;

import io.entitytable.model.ItemKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The copies written and deleted since the last {@link #drain}: what the fan-out's and the refresh worker's log line of
 * a batch names (docs/design.md §8, "Logs"). Thread-safe: a record's writes run concurrently; one batch is worked at a
 * time, so draining after it gives that batch's copies.
 */
public final class CopyEffects {
    private final Queue<Effect> effects = new ConcurrentLinkedQueue<>();

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

    void written(ItemKey copy) {
        effects.add(new Effect(copy, false));
    }

    void deleted(ItemKey copy) {
        effects.add(new Effect(copy, true));
    }

    /** The effects so far, in the order they happened; forgets them. */
    public List<Effect> drain() {
        List<Effect> drained = new ArrayList<>();
        for (Effect effect = effects.poll(); effect != null; effect = effects.poll()) {
            drained.add(effect);
        }
        return drained;
    }
}
