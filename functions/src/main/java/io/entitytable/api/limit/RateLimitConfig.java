package io.entitytable.api.limit;

import io.entitytable.model.RequestLimits;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * The request limits (docs/design.md §8, "Request limits"), requests a second; the CDK stack sets both, and 0 (or less)
 * turns one off. Quarkus reads each from the environment variable named in {@code EnvironmentVariable}.
 */
@ConfigMapping(prefix = "entity-table.rate-limit")
public interface RateLimitConfig {
    /** Requests a second of one business ({@code ENTITY_TABLE_RATE_LIMIT_PER_BUSINESS}). */
    @WithDefault("" + RequestLimits.PER_BUSINESS_PER_SECOND)
    int perBusiness();

    /** Requests a second of one caller that no business is charged with ({@code ENTITY_TABLE_RATE_LIMIT_PER_CALLER}). */
    @WithDefault("" + RequestLimits.PER_CALLER_PER_SECOND)
    int perCaller();
}
