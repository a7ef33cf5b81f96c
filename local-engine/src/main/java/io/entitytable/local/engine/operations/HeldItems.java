package io.entitytable.local.engine.operations;

import io.entitytable.local.engine.behaviour.ItemClaims;
import io.entitytable.local.engine.tables.ItemKey;
import io.entitytable.local.engine.tables.Table;
import java.util.List;

/**
 * A transaction's items, claimed and then locked in the locks' one order (so that two transactions never wait for each
 * other); closing gives both back.
 */
record HeldItems(Database database, Claimed claimed, int[] locked) implements AutoCloseable {
    /** An item a transaction works on. */
    interface Item {
        Table table();

        ItemKey key();
    }

    /** Claims and locks the {@code items}. */
    static HeldItems hold(Database database, ItemClaims.Kind kind, List<? extends Item> items) {
        int[] stripes = new int[items.size()];
        for (int i = 0; i < stripes.length; i++) {
            stripes[i] = database.locks()
                    .stripeOf(items.get(i).table().name(), items.get(i).key());
        }
        Claimed claimed = Claimed.all(
                database, kind, items.size(), i -> items.get(i).table().name(), i -> items.get(i)
                        .key());
        return new HeldItems(database, claimed, database.locks().lockAll(stripes));
    }

    @Override
    public void close() {
        database.locks().unlockAll(locked);
        claimed.release();
    }
}
