package io.entitytable.model;

import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How many customers, stores and orders a business owns, counted on {@code COUNT} counter items rather than on the
 * business item. A create or delete of a child counts on the counter of the child's shard in its own transaction, so
 * a busy business's creates do not all meet on one item (on DynamoDB, concurrent transactions on one item cancel each
 * other with {@code TransactionConflict}) nor one partition. A business is deleted in one transaction with all its
 * counters, each on condition that it is zero: a create racing the delete cancels one of the two.
 *
 * <p>The counters are written with the business and deleted with it; their partition keys ({@code <B>.children.<n>})
 * hold no {@link Keys#SEPARATOR}, like every item the API writes.
 *
 * <p>{@code BASE}: 500 creates a second for a busy business, each a transaction that takes 2 write units on its
 * counter and holds it for a few milliseconds; over 16 counters that is about 31 a second each, 62 write units, and
 * few enough meetings that a retry or two absorbs them. A business with more shards than that has one counter per
 * shard ({@link #countFor}): a child of shard {@code s >= BASE} counts on counter {@code s}, a child of a lower shard on
 * counter {@code hash(id) mod BASE}, so each counter takes an equal part of the creates at every count, and where a
 * child counts is fixed by its stored shard. Counters are only added (with the count that needs them), and a delete of
 * the business reads and checks every one.
 */
public final class ChildCounters {
    public static final int BASE = 16;
    /** The counters of a business of the old fixed layout. */
    public static final int COUNT = BASE;

    private ChildCounters() {}

    /** How many counters a business with {@code shards} has. */
    public static int countFor(ShardCount shards) {
        return Math.max(BASE, shards.count());
    }

    /** The counter a child (customer, store or order) of the business in {@code shard} counts on. */
    public static ItemKey of(String businessId, Shard shard, String childId) {
        return key(businessId, shard.number() >= BASE ? shard.number() : Keys.shardOf(childId, BASE));
    }

    /** The counter a child of the old fixed layout counts on. */
    public static ItemKey of(String businessId, String childId) {
        return of(businessId, Shard.legacy(childId), childId);
    }

    /** The counter a child core item counts on, from its stored shard. */
    public static ItemKey of(String businessId, Map<String, AttributeValue> child) {
        return of(businessId, Shard.of(child), Values.string(child, Attributes.ID));
    }

    /** Every counter of a business with {@code shards}. */
    public static List<ItemKey> all(String businessId, ShardCount shards) {
        return range(businessId, 0, countFor(shards));
    }

    /** Every counter of a business of the old fixed layout, and the first counters of every business. */
    public static List<ItemKey> all(String businessId) {
        return range(businessId, 0, BASE);
    }

    /** The counter items of a new business, each at zero. */
    public static List<Map<String, AttributeValue>> newItems(String businessId) {
        return newItems(all(businessId));
    }

    /** The counter items a growth from {@code before} to {@code after} adds, each at zero (often none). */
    public static List<Map<String, AttributeValue>> added(String businessId, ShardCount before, ShardCount after) {
        return newItems(range(businessId, countFor(before), countFor(after)));
    }

    private static List<ItemKey> range(String businessId, int from, int to) {
        return IntStream.range(from, to)
                .mapToObj(shard -> key(businessId, shard))
                .toList();
    }

    private static List<Map<String, AttributeValue>> newItems(List<ItemKey> keys) {
        return keys.stream()
                .map(key -> {
                    Map<String, AttributeValue> item = key.newItem(ItemKind.COUNTER);
                    item.put(Attributes.CHILD_COUNT, Values.n(0));
                    return item;
                })
                .toList();
    }

    /** The sum of the counters read ({@code childCount} of each; a missing one counts nothing). */
    public static long sum(List<Map<String, AttributeValue>> counters) {
        return counters.stream()
                .filter(counter -> counter.containsKey(Attributes.CHILD_COUNT))
                .mapToLong(counter -> Values.number(counter, Attributes.CHILD_COUNT))
                .sum();
    }

    private static ItemKey key(String businessId, int shard) {
        return new ItemKey(Keys.childCounter(businessId, shard), Keys.COUNTER_TYPE);
    }
}
