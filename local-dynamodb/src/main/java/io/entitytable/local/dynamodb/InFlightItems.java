package io.entitytable.local.dynamodb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The items each ongoing request of a {@link ConflictingDynamoDbClient} includes, and the rules of "Transaction conflict
 * handling in DynamoDB" that decide which request loses when two include the same item:
 *
 * <ul>
 *   <li>a single-item write (PutItem, UpdateItem, DeleteItem) of an item an ongoing TransactWriteItems includes is
 *       rejected;
 *   <li>a TransactWriteItems including an item another ongoing TransactWriteItems includes is cancelled;
 *   <li>a TransactGetItems including an item that an ongoing TransactWriteItems, BatchWriteItem or single-item write
 *       includes is cancelled, and so is an ongoing TransactGetItems when such a write of one of its items starts
 *       (the reader always loses to the writer).
 * </ul>
 *
 * Nothing else conflicts: GetItem, Query and Scan never do, and neither does a single-item or batch write meeting another
 * one. One lock guards everything: this is a test double, and its decisions must be atomic, not fast.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis.html#transaction-conflict-handling">
 *     Transaction conflict handling in DynamoDB</a>
 */
final class InFlightItems {
    /** One item of one table: its key attributes only. */
    record Item(String table, Map<String, AttributeValue> key) {}

    enum Kind {
        TRANSACT_WRITE,
        TRANSACT_GET,
        /** PutItem, UpdateItem or DeleteItem. */
        WRITE,
        BATCH_WRITE
    }

    /** One ongoing request: what it includes, in request order, and (for a read) the positions it lost. */
    static final class Request {
        private final Kind kind;
        private final List<Item> items;
        private final Set<Integer> lost = new TreeSet<>();

        private Request(Kind kind, List<Item> items) {
            this.kind = kind;
            this.items = List.copyOf(items);
        }

        synchronized Set<Integer> lost() {
            return Set.copyOf(lost);
        }
    }

    private final Map<Item, List<Request>> holders = new HashMap<>();

    /**
     * Starts a request of {@code kind} over {@code items} unless one of them conflicts: then nothing is registered and
     * the positions (in {@code items}) that conflict are returned. {@code heldElsewhere} names items a transaction this
     * process cannot see holds (they conflict with writes as an ongoing TransactWriteItems would).
     */
    synchronized Start start(Kind kind, List<Item> items, Predicate<Item> heldElsewhere) {
        Set<Integer> conflicting = new TreeSet<>();
        for (int i = 0; i < items.size(); i++) {
            if (conflicts(kind, items.get(i), heldElsewhere)) {
                conflicting.add(i);
            }
        }
        if (!conflicting.isEmpty()) {
            return new Start(null, conflicting);
        }
        Request request = new Request(kind, items);
        for (Item item : items) {
            List<Request> current = holders.computeIfAbsent(item, key -> new ArrayList<>());
            if (kind != Kind.TRANSACT_GET) {
                current.stream()
                        .filter(other -> other.kind == Kind.TRANSACT_GET)
                        .forEach(reader -> {
                            synchronized (reader) {
                                reader.lost.add(reader.items.indexOf(item));
                            }
                        });
            }
            current.add(request);
        }
        return new Start(request, Set.of());
    }

    /** Ends {@code request}: its items are free for others again. */
    synchronized void end(Request request) {
        for (Item item : request.items) {
            List<Request> current = holders.get(item);
            current.remove(request);
            if (current.isEmpty()) {
                holders.remove(item);
            }
        }
    }

    private boolean conflicts(Kind kind, Item item, Predicate<Item> heldElsewhere) {
        List<Request> current = holders.getOrDefault(item, List.of());
        return switch (kind) {
            case WRITE, TRANSACT_WRITE -> heldElsewhere.test(item)
                    || current.stream().anyMatch(other -> other.kind == Kind.TRANSACT_WRITE);
            case TRANSACT_GET -> current.stream().anyMatch(other -> other.kind != Kind.TRANSACT_GET);
            case BATCH_WRITE -> false;
        };
    }

    /** The request started (and the conflicts are empty), or it did not because of the conflicts at these positions. */
    record Start(Request request, Set<Integer> conflicts) {
        boolean started() {
            return request != null;
        }
    }
}
