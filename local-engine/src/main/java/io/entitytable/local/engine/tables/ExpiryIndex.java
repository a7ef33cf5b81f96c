package io.entitytable.local.engine.tables;

import io.entitytable.local.engine.values.Value;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The items of a table with time to live enabled, ordered by their expiry time, so that the sweeper finds the expired
 * ones without scanning the table. Only items whose time-to-live attribute is a Number are held: DynamoDB ignores an
 * item whose attribute is absent or of another type.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/time-to-live-ttl-before-you-start.html">
 *     Formatting an item's TTL attribute</a>
 */
public final class ExpiryIndex {
    /** An item's expiry: epoch seconds, then its key (several items may expire in the same second). */
    public record Expiry(long epochSeconds, ItemKey key) {}

    private static final Comparator<Expiry> ORDER = Comparator.comparingLong(Expiry::epochSeconds)
            .thenComparing(e -> e.key().partition(), KeyOrder.PARTITIONS)
            .thenComparing(e -> e.key().sort(), KeyOrder::values);

    private final String attribute;
    private final ConcurrentSkipListSet<Expiry> expiries = new ConcurrentSkipListSet<>(ORDER);

    public ExpiryIndex(String attribute) {
        this.attribute = attribute;
    }

    public String attribute() {
        return attribute;
    }

    /** The epoch seconds {@code item}'s time-to-live attribute holds, or null when it holds no usable number. */
    public Long expiryOf(Map<String, Value> item) {
        if (item == null || !(item.get(attribute) instanceof Value.Num number)) {
            return null;
        }
        BigDecimal seconds = number.value();
        if (seconds.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 2)) > 0) {
            return null;
        }
        return seconds.longValue();
    }

    /** The item under {@code key} changed from {@code before} to {@code after} (under the commit lock). */
    public void update(ItemKey key, Map<String, Value> before, Map<String, Value> after) {
        Long old = expiryOf(before);
        Long now = expiryOf(after);
        if (old != null && !old.equals(now)) {
            expiries.remove(new Expiry(old, key));
        }
        if (now != null) {
            expiries.add(new Expiry(now, key));
        }
    }

    /** The expiries before {@code epochSeconds}, earliest first. */
    public List<Expiry> before(long epochSeconds, int max) {
        List<Expiry> due = new ArrayList<>();
        for (Expiry expiry : expiries) {
            if (expiry.epochSeconds() >= epochSeconds || due.size() == max) {
                break;
            }
            due.add(expiry);
        }
        return due;
    }

    /** Forgets an expiry the sweeper will never act on (too old to be deleted). */
    public void forget(Expiry expiry) {
        expiries.remove(expiry);
    }

    public int size() {
        return expiries.size();
    }
}
