package io.entitytable.api.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** The API function's configuration (Quarkus config mapping); each maps to an environment variable named in {@code EnvironmentVariables}. */
@ConfigMapping(prefix = "entity-table")
public interface ApiConfig {
    /** The DynamoDB table ({@code TABLE_NAME}). */
    String tableName();

    /** N of the write-sharded order status index ({@code ORDER_STATUS_SHARDS}); see {@link OrderStatusShards}. */
    Optional<Integer> orderStatusShards();

    /** Key that signs pagination cursors ({@code CURSOR_SECRET}); every instance must share it. */
    String cursorSecret();

    /** How many Query pages a filtered list may read before it returns what it found with a cursor. */
    @WithDefault("10")
    int filterPageBudget();

    default int shardCount() {
        return orderStatusShards().orElse(OrderStatusShards.DEFAULT);
    }
}
