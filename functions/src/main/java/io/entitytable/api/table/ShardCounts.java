package io.entitytable.api.table;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.model.ShardCount;
import io.entitytable.model.access.ShardCountCache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Each business's shard count as this instance knows it ({@link ShardCountCache}), trusted for {@link
 * ApiConfig#shardCountCache()} as the fan-out trusts it, so a busy business's requests cost no extra read.
 */
@ApplicationScoped
public class ShardCounts {
    private final Duration trusted;
    private final Clock clock;
    private final ShardCountCache cache;

    @Inject
    public ShardCounts(EntityTable table, ApiConfig config) {
        this(table, config.shardCountCache(), Clock.systemUTC());
    }

    public ShardCounts(EntityTable table, Duration trusted, Clock clock) {
        this.trusted = trusted;
        this.clock = clock;
        this.cache = new ShardCountCache(table.dynamo(), table.name(), trusted);
    }

    /** The business's count; empty when there is no such business (never remembered: it may be created any time). */
    public Optional<ShardCount> of(String businessId) {
        return cache.of(businessId, clock.instant()).map(ShardCountCache.Known::count);
    }

    /** What this instance just wrote or read of the business's count: trusted from now on. */
    public void remember(String businessId, ShardCount count) {
        cache.remember(businessId, count, clock.instant());
    }

    /** When writers may start using a count stored now: by then every instance has read it. */
    public Instant writersFrom(Instant storedAt) {
        return storedAt.plus(trusted.multipliedBy(2));
    }
}
