package io.entitytable.deployment;

import java.util.Locale;

/**
 * Environment variables the functions read. The CDK stack sets them on AWS and the local runtime sets them on the
 * packaged functions it runs, by {@link #variable()}.
 */
public enum EnvironmentVariable {
    /** Name of the DynamoDB table. */
    TABLE_NAME,
    /**
     * Only while the table moves online to another (docs/design.md §2, "Moving a table online"): the name of that
     * table. The API then reads each business's route in the table of {@link #TABLE_NAME} and checks it on every
     * write.
     */
    MOVE_TARGET_TABLE,
    /** The JWT claim that carries the caller's groups ({@code operators}, {@code business-<id>}). */
    AUTH_GROUPS_CLAIM,
    /** {@code true} only when the API is deployed without an authorizer: every caller is then an operator. */
    ALLOW_UNAUTHENTICATED,
    /**
     * The secret that signs pagination cursors, given as it is: only where the environment is as private as the secret
     * (the local runtime, tests). Every instance of the API must share it.
     */
    CURSOR_SECRET,
    /**
     * On AWS: the ARN of the Secrets Manager secret that holds the cursor keys (versions {@code AWSCURRENT} and
     * {@code AWSPREVIOUS}); the API reads them with its role, so its configuration carries only this name.
     */
    CURSOR_SECRET_ARN,
    /**
     * The scheduled verify's segment count: each run checks one segment of a parallel Scan of this many, in turn, so
     * this many runs cover the table once (docs/design.md §8, "Scheduled verify").
     */
    VERIFY_SEGMENTS,
    /**
     * The most items one scheduled verify run reads from its segment: what it can check, with their neighbours, inside
     * Lambda's 15 minutes. A segment cut short is sampled, not covered.
     */
    VERIFY_MAX_ITEMS,
    /** URL of the refresh-job queue: the fan-out and the worker send to it (see RefreshJob). */
    REFRESH_QUEUE_URL,
    /**
     * The search engine's endpoint for the search indexer and the API, e.g. {@code https://<id>.<region>.aoss.amazonaws.com}
     * (signed with SigV4, service {@code aoss}) or, locally, {@code http://127.0.0.1:<port>} (plain HTTP).
     */
    SEARCH_ENDPOINT,
    /**
     * {@code true} to sign search requests with SigV4; defaults to true for an {@code https} endpoint, false for
     * {@code http}.
     */
    SEARCH_SIGNING,
    /** URL of the queue that receives stream records the search index refuses (mapping or parse errors). */
    SEARCH_DEAD_LETTER_QUEUE_URL,
    /** Name of the S3 bucket finished orders are archived in ({@link OrderArchiveBucket}). */
    ARCHIVE_BUCKET,
    /**
     * Only where the archive is not AWS's S3 (the local runtime, tests): the endpoint of the S3-compatible server that
     * holds {@link #ARCHIVE_BUCKET}, e.g. {@code http://127.0.0.1:9000}, addressed path-style.
     */
    ARCHIVE_ENDPOINT,
    /** How many DynamoDB calls the fan-out or the refresh worker keeps in flight (16 when unset). */
    MAX_CONCURRENT_WRITES(fromProperty("entity-table.fanout.max-concurrent-writes")),
    /**
     * Requests a second of one business the API serves ({@link RequestLimits#PER_BUSINESS_PER_SECOND} when unset; 0
     * turns it off).
     */
    RATE_LIMIT_PER_BUSINESS(fromProperty("entity-table.rate-limit.per-business")),
    /**
     * Requests a second of one caller that no business is charged with ({@link RequestLimits#PER_CALLER_PER_SECOND}
     * when unset; 0 turns it off).
     */
    RATE_LIMIT_PER_CALLER(fromProperty("entity-table.rate-limit.per-caller")),
    /**
     * How long the API and the fan-out trust a business's shard count they read, as a Quarkus duration ({@code 5s},
     * {@code 250ms}); {@code ShardCount.CACHE_DEFAULT} when unset. Every function that reads counts must be given the
     * same value: a growth reaches writers two of these after it is stored.
     */
    SHARD_COUNT_CACHE,
    /**
     * The fan-out's growth threshold: a business grows when its measured write rate is above this share of what its
     * shards take ({@code ShardGrowth.DEFAULT_THRESHOLD} when unset).
     */
    SHARD_GROWTH_THRESHOLD,
    /** The length of one window the fan-out measures a business's write rate over, as a duration (60s when unset). */
    SHARD_GROWTH_WINDOW,
    /** One subject in how many the fan-out counts, each change as that many (16 when unset; 1 counts every change). */
    SHARD_GROWTH_SAMPLE_ONE_IN,
    /**
     * The shortest retention of finished subjects an operator may set, as a duration ({@code
     * Lifecycle.DEPLOYED_MINIMUM_RETENTION} when unset); only the local runtime and tests set a shorter one.
     */
    MINIMUM_RETENTION(fromProperty("entity-table.minimum-retention")),
    /** Chooses the {@code @Named} handler of a zip that holds several (Quarkus). */
    QUARKUS_LAMBDA_HANDLER;

    private final String variable;

    /** A variable named as the constant. */
    EnvironmentVariable() {
        this.variable = name();
    }

    /** A variable that Quarkus reads a configuration property from, named as its rule makes of the property. */
    EnvironmentVariable(String variable) {
        this.variable = variable;
    }

    /** The variable's name in the function's environment. */
    public String variable() {
        return variable;
    }

    /**
     * The variable Quarkus reads {@code property} from (MicroProfile Config's environment rule: upper case, every
     * character other than a letter or digit an underscore), e.g. {@code ENTITY_TABLE_RATE_LIMIT_PER_CALLER}.
     */
    private static String fromProperty(String property) {
        return property.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }
}
