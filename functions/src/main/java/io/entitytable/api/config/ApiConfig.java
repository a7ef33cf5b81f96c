package io.entitytable.api.config;

import io.entitytable.deployment.AuthGroups;
import io.entitytable.model.ShardCount;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * The API function's configuration (Quarkus config mapping); each maps to an environment variable named in {@code
 * EnvironmentVariable}.
 */
@ConfigMapping(prefix = "entity-table")
public interface ApiConfig {
    /** The DynamoDB table ({@code TABLE_NAME}). */
    String tableName();

    /**
     * The table the table moves to online, while it does ({@code MOVE_TARGET_TABLE}): then each request is served from
     * the table its business's route names, and every write checks that route (see BusinessRoutes).
     */
    Optional<String> moveTargetTable();

    /** The claim that carries the caller's groups ({@code AUTH_GROUPS_CLAIM}). */
    @WithDefault(AuthGroups.DEFAULT_CLAIM)
    String groupsClaim();

    /**
     * Whether the API is deployed without an authorizer ({@code ALLOW_UNAUTHENTICATED}): then every caller is an
     * operator. Only a deployment made open on purpose sets it.
     */
    @WithDefault("false")
    boolean allowUnauthenticated();

    /**
     * The secret that signs pagination cursors, given as it is ({@code CURSOR_SECRET}): the local runtime and tests. Every
     * instance must share it. Exactly one of this and {@link #cursorSecretArn()} is set.
     */
    Optional<String> cursorSecret();

    /**
     * The Secrets Manager secret that holds the cursor keys ({@code CURSOR_SECRET_ARN}): on AWS, where the function's
     * configuration shows only this name and the value is read with the function's role.
     */
    Optional<String> cursorSecretArn();

    /**
     * The shortest retention of finished subjects an operator may set ({@code ENTITY_TABLE_MINIMUM_RETENTION}): unset on
     * AWS, for {@code Lifecycle.DEPLOYED_MINIMUM_RETENTION}; the local runtime and tests set {@code
     * Lifecycle.LOCAL_MINIMUM_RETENTION}, so that orders can be watched moving.
     */
    Optional<Duration> minimumRetention();

    /**
     * The bucket of archived orders ({@code ARCHIVE_BUCKET}); absent when the deployment has no archive, and then every
     * read stays in the table.
     */
    Optional<String> archiveBucket();

    /**
     * The S3-compatible server the archive bucket is on ({@code ARCHIVE_ENDPOINT}): the local runtime and tests; absent
     * on AWS, where the bucket is S3's.
     */
    Optional<String> archiveEndpoint();

    /** The search index ({@code SEARCH_ENDPOINT}); absent when the deployment has no search. */
    Optional<URI> searchEndpoint();

    /** Whether search requests are signed ({@code SEARCH_SIGNING}); by default an {@code https} endpoint is. */
    Optional<Boolean> searchSigning();

    /**
     * How long an instance trusts a business's shard count it read ({@code SHARD_COUNT_CACHE}). Every instance must
     * share it: a grown count is used by writers two of these after it is stored (see ShardCounts).
     */
    @WithDefault(ShardCount.CACHE_DEFAULT)
    Duration shardCountCache();

    /** How many Query pages a filtered list may read before it returns what it found with a cursor. */
    @WithDefault("10")
    int filterPageBudget();
}
