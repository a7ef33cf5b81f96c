package io.entitytable.api.table;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Each business's shard count as this instance knows it: read from the business item (one strongly consistent GetItem
 * of its count attributes) and trusted for {@link ApiConfig#shardCountCache()}, so a busy business's requests cost no
 * extra read. Every instance trusts a count for the same time, which is what makes a growth safe ({@link
 * ShardCount}: writers start using a new count two cache lifetimes after it is stored, by when every reader reads it).
 */
@ApplicationScoped
public class ShardCounts {
    private static final String PROJECTION =
            String.join(",", Attributes.ID, Attributes.SHARDS, Attributes.SHARDS_BEFORE, Attributes.SHARDS_FROM);

    private final EntityTable table;
    private final Duration trusted;
    private final Clock clock;
    private final Map<String, Known> known = new ConcurrentHashMap<>();

    @Inject
    public ShardCounts(EntityTable table, ApiConfig config) {
        this(table, config.shardCountCache(), Clock.systemUTC());
    }

    public ShardCounts(EntityTable table, Duration trusted, Clock clock) {
        this.table = table;
        this.trusted = trusted;
        this.clock = clock;
    }

    /** The business's count; empty when there is no such business (never remembered: it may be created any time). */
    public Optional<ShardCount> of(String businessId) {
        Instant now = clock.instant();
        Known cached = known.get(businessId);
        if (cached != null && now.isBefore(cached.until)) {
            return Optional.of(cached.count);
        }
        Optional<ShardCount> read = read(businessId);
        read.ifPresent(count -> remember(businessId, count));
        return read;
    }

    /** What this instance just wrote or read of the business's count: trusted from now on. */
    public void remember(String businessId, ShardCount count) {
        known.put(businessId, new Known(count, clock.instant().plus(trusted)));
    }

    /** When writers may start using a count stored now: by then every instance has read it. */
    public Instant writersFrom(Instant storedAt) {
        return storedAt.plus(trusted.multipliedBy(2));
    }

    private Optional<ShardCount> read(String businessId) {
        Map<String, AttributeValue> item = table.dynamo()
                .getItem(request -> request.tableName(table.name())
                        .key(new ItemKey(businessId, Keys.BUSINESS_TYPE).toAttributes())
                        .projectionExpression(PROJECTION)
                        .consistentRead(true))
                .item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(ShardCount.of(item));
    }

    private record Known(ShardCount count, Instant until) {}
}
