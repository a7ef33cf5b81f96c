package io.entitytable.local.engine.operations;

import io.entitytable.local.engine.behaviour.ItemClaims;
import io.entitytable.local.engine.tables.ItemKey;
import java.util.function.IntFunction;

/**
 * The items a request claimed in {@link ItemClaims} (nothing when transaction conflicts are switched off), given back
 * once it is done.
 */
final class Claimed {
    private static final Claimed NOTHING = new Claimed(null, null, new String[0], new ItemKey[0], 0);

    private final ItemClaims claims;
    private final ItemClaims.Kind kind;
    private final String[] tables;
    private final ItemKey[] keys;
    private final int count;

    private Claimed(ItemClaims claims, ItemClaims.Kind kind, String[] tables, ItemKey[] keys, int count) {
        this.claims = claims;
        this.kind = kind;
        this.tables = tables;
        this.keys = keys;
        this.count = count;
    }

    /** A single write's claim of its item, or TransactionConflictException when a transaction holds it. */
    static Claimed one(Database database, String table, ItemKey key) {
        ItemClaims claims = database.claims();
        if (claims == null) {
            return NOTHING;
        }
        if (!claims.tryClaim(table, key, ItemClaims.Kind.WRITE)) {
            throw Cancellations.conflict();
        }
        return new Claimed(claims, ItemClaims.Kind.WRITE, new String[] {table}, new ItemKey[] {key}, 1);
    }

    /**
     * A transaction's claims of its {@code count} items, or TransactionCanceledException with {@code
     * TransactionConflict} at the first item something in flight holds.
     */
    static Claimed all(
            Database database,
            ItemClaims.Kind kind,
            int count,
            IntFunction<String> tableOf,
            IntFunction<ItemKey> keyOf) {
        ItemClaims claims = database.claims();
        if (claims == null) {
            return NOTHING;
        }
        String[] tables = new String[count];
        ItemKey[] keys = new ItemKey[count];
        for (int i = 0; i < count; i++) {
            tables[i] = tableOf.apply(i);
            keys[i] = keyOf.apply(i);
            if (!claims.tryClaim(tables[i], keys[i], kind)) {
                new Claimed(claims, kind, tables, keys, i).release();
                throw Cancellations.cancelledAt(count, i, "TransactionConflict", "Transaction is ongoing for the item");
            }
        }
        return new Claimed(claims, kind, tables, keys, count);
    }

    void release() {
        for (int i = 0; i < count; i++) {
            claims.release(tables[i], keys[i], kind);
        }
    }
}
