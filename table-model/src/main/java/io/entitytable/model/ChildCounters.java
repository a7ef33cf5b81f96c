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
 * <p>{@code COUNT}: 500 creates a second for the busiest business, each a transaction that takes 2 write units on its
 * counter and holds it for a few milliseconds; over 16 counters that is about 31 a second each, 62 write units, and
 * few enough meetings that a retry or two absorbs them. It may only grow: a child counts on the counter of its shard
 * under the COUNT it was created with, and a delete reads and checks every counter.
 */
public final class ChildCounters {
    public static final int COUNT = 16;

    private ChildCounters() {}

    /** The counter a child (customer, store or order) of the business counts on. */
    public static ItemKey of(String businessId, String childId) {
        return key(businessId, Keys.shardOf(childId, COUNT));
    }

    /** Every counter of the business. */
    public static List<ItemKey> all(String businessId) {
        return IntStream.range(0, COUNT)
                .mapToObj(shard -> key(businessId, shard))
                .toList();
    }

    /** The counter items of a new business, each at zero. */
    public static List<Map<String, AttributeValue>> newItems(String businessId) {
        return all(businessId).stream()
                .map(key -> {
                    Map<String, AttributeValue> item = Values.newItem();
                    item.putAll(key.toAttributes());
                    item.put(Attributes.KIND, Values.s(ItemKind.COUNTER.value()));
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
