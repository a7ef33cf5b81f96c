package io.entitytable.local.engine.behaviour;

import io.entitytable.local.engine.tables.ItemKey;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which items have a write or a transaction in flight, so that a request meeting one can be refused at once as
 * DynamoDB refuses it, rather than wait. Exact per item (the engine's striped locks may put two items on one stripe,
 * which must not look like a conflict).
 *
 * <ul>
 *   <li>a transaction's write claims an item when no other write (single or transactional) is in flight on it (a
 *       transaction's read in flight is not documented as a conflict: it reads under the item's lock, before or
 *       after the write);
 *   <li>a transaction's read claims it when no write (single or transactional) is in flight;
 *   <li>a single write claims it when no transaction's write is in flight (single writes of one item queue up).
 * </ul>
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-conflict-handling">
 *     Transaction conflict handling in DynamoDB</a>
 */
public final class ItemClaims {
    /** What is in flight on an item. */
    public enum Kind {
        TRANSACTION_WRITE,
        TRANSACTION_READ,
        WRITE
    }

    private record Item(String table, ItemKey key) {}

    private record Claims(int transactionWrites, int transactionReads, int writes) {
        Claims plus(Kind kind, int delta) {
            return switch (kind) {
                case TRANSACTION_WRITE -> new Claims(transactionWrites + delta, transactionReads, writes);
                case TRANSACTION_READ -> new Claims(transactionWrites, transactionReads + delta, writes);
                case WRITE -> new Claims(transactionWrites, transactionReads, writes + delta);
            };
        }

        boolean allows(Kind kind) {
            return switch (kind) {
                case TRANSACTION_WRITE -> transactionWrites == 0 && writes == 0;
                case TRANSACTION_READ -> transactionWrites == 0 && writes == 0;
                case WRITE -> transactionWrites == 0;
            };
        }

        boolean empty() {
            return transactionWrites == 0 && transactionReads == 0 && writes == 0;
        }
    }

    private static final Claims NONE = new Claims(0, 0, 0);

    private final ConcurrentHashMap<Item, Claims> claims = new ConcurrentHashMap<>();

    /** Claims the item for {@code kind}; false (and nothing claimed) when something in flight forbids it. */
    public boolean tryClaim(String table, ItemKey key, Kind kind) {
        boolean[] claimed = new boolean[1];
        claims.compute(new Item(table, key), (item, current) -> {
            Claims now = current == null ? NONE : current;
            if (!now.allows(kind)) {
                return current;
            }
            claimed[0] = true;
            return now.plus(kind, 1);
        });
        return claimed[0];
    }

    /** Gives back a claim {@link #tryClaim} granted. */
    public void release(String table, ItemKey key, Kind kind) {
        claims.computeIfPresent(new Item(table, key), (item, current) -> {
            Claims now = current.plus(kind, -1);
            return now.empty() ? null : now;
        });
    }
}
