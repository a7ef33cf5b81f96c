package io.entitytable.search.indexer;

import io.entitytable.model.EnvironmentVariables;
import io.entitytable.model.SearchIndex;
import io.entitytable.model.TableLayout;
import io.entitytable.search.client.SearchClients;
import java.net.URI;
import java.time.Duration;
import java.util.function.Function;

/**
 * How the indexer reaches the search engine, its table and its dead-letter queue.
 *
 * @param endpoint the engine ({@code SEARCH_ENDPOINT})
 * @param signing sign requests with SigV4 for Amazon OpenSearch Serverless ({@code SEARCH_SIGNING}; default: true for
 *     {@code https}, false for {@code http})
 * @param physicalIndex the index created at start when missing ({@link SearchIndex#physicalName()})
 * @param alias the name documents are written through ({@link SearchIndex#ALIAS})
 * @param tableName the table whose order lines are read ({@code TABLE_NAME})
 * @param deadLetterQueueUrl where refused documents go ({@code SEARCH_DEAD_LETTER_QUEUE_URL}); null: logged only
 * @param maxAttempts bulk attempts per batch when the engine throttles, fails with a 5xx or cannot be reached
 * @param baseDelay first back-off step; each retry doubles it (full jitter), up to {@code maxDelay}
 */
public record IndexerConfig(
        URI endpoint,
        boolean signing,
        String physicalIndex,
        String alias,
        String tableName,
        String deadLetterQueueUrl,
        int maxAttempts,
        Duration baseDelay,
        Duration maxDelay) {

    public static final int DEFAULT_MAX_ATTEMPTS = 4;
    public static final Duration DEFAULT_BASE_DELAY = Duration.ofMillis(100);
    public static final Duration DEFAULT_MAX_DELAY = Duration.ofSeconds(2);

    public IndexerConfig {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
    }

    public static IndexerConfig fromEnvironment() {
        return from(System::getenv);
    }

    /**
     * The configuration from named settings ({@link EnvironmentVariables} names): the environment, or Quarkus's
     * configuration, which reads the environment and lets tests supply the same names.
     */
    public static IndexerConfig from(Function<String, String> settings) {
        String endpoint = settings.apply(EnvironmentVariables.SEARCH_ENDPOINT);
        if (endpoint == null || endpoint.isBlank()) {
            throw new IllegalStateException(EnvironmentVariables.SEARCH_ENDPOINT + " is not set");
        }
        URI uri = URI.create(endpoint.trim());
        String tableName = settings.apply(EnvironmentVariables.TABLE_NAME);
        return forEndpoint(uri)
                .withSigning(signingOf(uri, settings.apply(EnvironmentVariables.SEARCH_SIGNING)))
                .withTable(tableName == null || tableName.isBlank() ? TableLayout.ENTITY.defaultTableName() : tableName)
                .withDeadLetterQueue(blankToNull(settings.apply(EnvironmentVariables.SEARCH_DEAD_LETTER_QUEUE_URL)));
    }

    /** The project's index and alias on {@code endpoint}, signed only over https. */
    public static IndexerConfig forEndpoint(URI endpoint) {
        return new IndexerConfig(
                endpoint,
                signingOf(endpoint, null),
                SearchIndex.physicalName(),
                SearchIndex.ALIAS,
                TableLayout.ENTITY.defaultTableName(),
                null,
                DEFAULT_MAX_ATTEMPTS,
                DEFAULT_BASE_DELAY,
                DEFAULT_MAX_DELAY);
    }

    static boolean signingOf(URI endpoint, String flag) {
        return SearchClients.signingOf(endpoint, flag);
    }

    public IndexerConfig withSigning(boolean sign) {
        return new IndexerConfig(
                endpoint, sign, physicalIndex, alias, tableName, deadLetterQueueUrl, maxAttempts, baseDelay, maxDelay);
    }

    /** Another index and alias: tests keep apart by their own names. */
    public IndexerConfig withIndex(String newPhysicalIndex, String newAlias) {
        return new IndexerConfig(
                endpoint,
                signing,
                newPhysicalIndex,
                newAlias,
                tableName,
                deadLetterQueueUrl,
                maxAttempts,
                baseDelay,
                maxDelay);
    }

    public IndexerConfig withTable(String newTableName) {
        return new IndexerConfig(
                endpoint,
                signing,
                physicalIndex,
                alias,
                newTableName,
                deadLetterQueueUrl,
                maxAttempts,
                baseDelay,
                maxDelay);
    }

    public IndexerConfig withDeadLetterQueue(String url) {
        return new IndexerConfig(
                endpoint, signing, physicalIndex, alias, tableName, url, maxAttempts, baseDelay, maxDelay);
    }

    public IndexerConfig withRetries(int attempts, Duration base, Duration max) {
        return new IndexerConfig(
                endpoint, signing, physicalIndex, alias, tableName, deadLetterQueueUrl, attempts, base, max);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
