package io.entitytable.verify.move;

import io.entitytable.checks.CanonicalItem;
import io.entitytable.model.ItemKey;
import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.ParallelTasks;
import io.entitytable.model.move.ItemOwner;
import io.entitytable.search.repair.SegmentScan;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * Whether the home table and the target agree item for item, by content ({@link CanonicalItem}), per business: every
 * item the move carries, converted to the target's layout, against the target's item at its key. A count would pass
 * two tables that hold the same number of different items.
 *
 * <p>Both tables change while they are compared, so an item that differs is read again from both once the replicators
 * have applied everything written before that read; one that still differs after that is mended from the table that
 * serves its business (the bulk copy can bring back an item the replicator had deleted), then read again. Items of no
 * business (idempotency records) are carried forward only, and not compared.
 */
record ContentCheck(MoveTables tables, ItemOwner homeOwner, ItemOwner targetOwner, int segments) {
    private static final int BATCH = 100;
    private static final int ROUNDS = 5;
    private static final Backoff BACKOFF = new Backoff(10, Duration.ofMillis(50), Duration.ofSeconds(2), () -> {});

    /** An item whose two sides differ: {@code homeItem} converted, and the target's; empty where there is none. */
    record Difference(
            String business,
            MovedItem item,
            Optional<Map<String, AttributeValue>> homeItem,
            Optional<Map<String, AttributeValue>> targetItem) {
        String what() {
            return homeItem.isEmpty()
                    ? "only in the target"
                    : targetItem.isEmpty() ? "missing in the target" : "differs";
        }
    }

    /** Items compared per business, the differences left, and how many items were mended on the way. */
    record Result(Map<String, Long> itemsByBusiness, List<Difference> differences, long mended) {
        boolean equal() {
            return differences.isEmpty();
        }
    }

    /** Both tables whole, with what differs read again (and mended) until it agrees or {@link #ROUNDS} pass. */
    Result compareAll(Replicas replicas, RouteBook routes) throws InterruptedException {
        replicas.forgetWritten();
        Map<ItemKey, Side> homeSide = scan(tables.home(), homeOwner, true);
        Map<ItemKey, Side> targetSide = scan(tables.target(), targetOwner, false);
        Map<String, Long> counts = new TreeMap<>();
        List<MovedItem> differing = new ArrayList<>();
        Set<ItemKey> keys = new HashSet<>(homeSide.keySet());
        keys.addAll(targetSide.keySet());
        for (ItemKey key : keys) {
            Side left = homeSide.get(key);
            Side right = targetSide.get(key);
            Optional<String> business = left != null ? left.business() : right.business();
            if (business.isEmpty()) {
                continue;
            }
            counts.merge(business.get(), 1L, Long::sum);
            if (left == null || right == null || !CanonicalItem.sameContent(left.item(), right.item())) {
                differing.add(new MovedItem(left != null ? left.homeKey() : right.homeKey(), key));
            }
        }
        long mended = 0;
        List<Difference> left = List.of();
        for (int round = 1; round <= ROUNDS && !differing.isEmpty(); round++) {
            replicas.awaitCaughtUp();
            left = compare(differing);
            if (left.isEmpty()) {
                break;
            }
            if (round >= 2 && round < ROUNDS) {
                for (Difference difference : left) {
                    mend(difference, routes);
                    mended++;
                }
            }
            differing = left.stream().map(Difference::item).toList();
        }
        return new Result(counts, left, mended);
    }

    /** {@code items}, read from both tables now (strongly consistent), and those that differ. */
    List<Difference> compare(Collection<MovedItem> items) {
        List<MovedItem> all = new ArrayList<>(items);
        Map<ItemKey, Map<String, AttributeValue>> homeItems =
                read(tables.home(), all.stream().map(MovedItem::homeKey).toList());
        Map<ItemKey, Map<String, AttributeValue>> targetItems =
                read(tables.target(), all.stream().map(MovedItem::targetKey).toList());
        List<Difference> differences = new ArrayList<>();
        for (MovedItem item : all) {
            Optional<Map<String, AttributeValue>> left =
                    Optional.ofNullable(homeItems.get(item.homeKey())).map(tables.change()::toTarget);
            Optional<Map<String, AttributeValue>> right = Optional.ofNullable(targetItems.get(item.targetKey()));
            boolean same = left.isPresent() == right.isPresent()
                    && (left.isEmpty() || CanonicalItem.sameContent(left.get(), right.get()));
            if (!same) {
                String business = left.or(() -> right)
                        .flatMap(
                                found -> left.isPresent() ? homeOwner.businessOf(found) : targetOwner.businessOf(found))
                        .orElse("");
                differences.add(new Difference(business, item, left, right));
            }
        }
        return differences;
    }

    /**
     * Makes the table that does not serve the item's business (for a copy or a job: the target) what the other holds
     * now.
     */
    private void mend(Difference difference, RouteBook routes) {
        MovedItem item = difference.item();
        boolean keptByHome = difference
                .homeItem()
                .or(difference::targetItem)
                .map(MovedItem::isKeptByHome)
                .orElse(false);
        boolean homeServes = keptByHome || Direction.FORWARD.carries(routes.route(difference.business()));
        if (homeServes) {
            Optional<Map<String, AttributeValue>> now = Optional.ofNullable(
                            read(tables.home(), List.of(item.homeKey())).get(item.homeKey()))
                    .map(tables.change()::toTarget);
            write(tables.target(), item.targetKey(), now);
        } else {
            Optional<Map<String, AttributeValue>> now = Optional.ofNullable(
                            read(tables.target(), List.of(item.targetKey())).get(item.targetKey()))
                    .map(tables.change()::toHome);
            write(tables.home(), item.homeKey(), now);
        }
    }

    private void write(String table, ItemKey key, Optional<Map<String, AttributeValue>> item) {
        if (item.isPresent()) {
            BACKOFF.call(() ->
                    tables.dynamo().putItem(request -> request.tableName(table).item(item.get())));
        } else {
            BACKOFF.call(() -> tables.dynamo()
                    .deleteItem(request -> request.tableName(table).key(key.toAttributes())));
        }
    }

    private Map<ItemKey, Map<String, AttributeValue>> read(String table, List<ItemKey> keys) {
        Map<ItemKey, Map<String, AttributeValue>> found = new HashMap<>();
        for (int start = 0; start < keys.size(); start += BATCH) {
            List<Map<String, AttributeValue>> batch = keys.subList(start, Math.min(keys.size(), start + BATCH)).stream()
                    .distinct()
                    .map(ItemKey::toAttributes)
                    .toList();
            Map<String, KeysAndAttributes> request = Map.of(
                    table,
                    KeysAndAttributes.builder().keys(batch).consistentRead(true).build());
            while (!request.isEmpty()) {
                Map<String, KeysAndAttributes> asked = request;
                var response = BACKOFF.call(() -> tables.dynamo().batchGetItem(get -> get.requestItems(asked)));
                response.responses().getOrDefault(table, List.of()).forEach(item -> found.put(ItemKey.of(item), item));
                request = response.hasUnprocessedKeys() ? response.unprocessedKeys() : Map.of();
            }
        }
        return found;
    }

    /** One table's item at a target key: the item in the target's layout, its key at home, its business. */
    private record Side(ItemKey homeKey, Map<String, AttributeValue> item, Optional<String> business) {}

    private Map<ItemKey, Side> scan(String table, ItemOwner owner, boolean isHome) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        DoubleAdder capacity = new DoubleAdder();
        SegmentScan scan = new SegmentScan(tables.dynamo(), table, segments);
        List<Callable<List<Map<String, AttributeValue>>>> parts = new ArrayList<>();
        for (int segment = 0; segment < segments; segment++) {
            int current = segment;
            parts.add(() -> {
                List<Map<String, AttributeValue>> read = new ArrayList<>();
                scan.pages(current, capacity, (page, lastKey) -> read.addAll(page));
                return read;
            });
        }
        ParallelTasks.run("move-check", segments, parts).forEach(items::addAll);
        items.forEach(owner::learn);
        Map<ItemKey, Side> sides = new ConcurrentHashMap<>();
        for (Map<String, AttributeValue> item : items) {
            if (!MovedItem.isMoved(item)) {
                continue;
            }
            Map<String, AttributeValue> inTarget = isHome ? tables.change().toTarget(item) : item;
            ItemKey homeKey =
                    isHome ? ItemKey.of(item) : ItemKey.of(tables.change().toHome(item));
            sides.put(ItemKey.of(inTarget), new Side(homeKey, inTarget, owner.businessOf(item)));
        }
        return sides;
    }
}
