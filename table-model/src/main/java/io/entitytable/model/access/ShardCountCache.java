package io.entitytable.model.access;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Each business's shard count as one process knows it: read from the business item (one strongly consistent GetItem
 * of its count attributes) and trusted for a fixed time, so a busy business costs no read per use. The API and the
 * fan-out each keep one; both trust a count for the same time, which is what makes a growth safe ({@link
 * ShardCount}: writers start using a new count two cache lifetimes after it is stored, by when every reader reads it).
 */
public final class ShardCountCache {
    /** The count's attributes, and the erase's mark: the fan-out grows no business being erased. */
    private static final String PROJECTION = String.join(
            ",",
            Attributes.ID,
            Attributes.SHARDS,
            Attributes.SHARDS_BEFORE,
            Attributes.SHARDS_FROM,
            Attributes.ERASING);

    private final DynamoDbClient dynamo;
    private final String table;
    private final Duration trusted;
    private final Map<String, Known> known = new ConcurrentHashMap<>();

    public ShardCountCache(DynamoDbClient dynamo, String table, Duration trusted) {
        this.dynamo = dynamo;
        this.table = table;
        this.trusted = trusted;
    }

    /**
     * A business's count as known at some time.
     *
     * @param erasing whether the business item read carried {@link Attributes#ERASING}
     * @param until when the count stops being trusted
     */
    public record Known(ShardCount count, boolean erasing, Instant until) {}

    /**
     * The business's count as trusted at {@code now}, read when none is; empty when there is no such business (never
     * remembered: it may be created any time).
     */
    public Optional<Known> of(String businessId, Instant now) {
        Known cached = known.get(businessId);
        if (cached != null && now.isBefore(cached.until)) {
            return Optional.of(cached);
        }
        Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(table)
                        .key(new ItemKey(businessId, Keys.BUSINESS_TYPE).toAttributes())
                        .projectionExpression(PROJECTION)
                        .consistentRead(true))
                .item();
        if (item == null || item.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(remember(businessId, item, now));
    }

    /** Trusts the count of a business item just read, from {@code now} on. */
    public Known remember(String businessId, Map<String, AttributeValue> business, Instant now) {
        Known read = new Known(ShardCount.of(business), business.containsKey(Attributes.ERASING), now.plus(trusted));
        known.put(businessId, read);
        return read;
    }

    /** Trusts a count just written (of a business not being erased), from {@code now} on. */
    public void remember(String businessId, ShardCount count, Instant now) {
        known.put(businessId, new Known(count, false, now.plus(trusted)));
    }

    /** Trusts nothing of the business: its next use reads it. */
    public void forget(String businessId) {
        known.remove(businessId);
    }
}
