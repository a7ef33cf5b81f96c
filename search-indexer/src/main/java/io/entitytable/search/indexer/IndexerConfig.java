package io.entitytable.search.indexer;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.deployment.SearchIndexNames;
import io.entitytable.model.TableLayout;
import io.entitytable.model.access.RetryPolicy;
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
 * @param names the live alias documents are written through ({@link SearchIndex#ALIAS}), the next alias a rebuild
 *     fills ({@link SearchIndex#NEXT_ALIAS}) and the first index, created at start when the live alias is missing
 * @param tableName the table whose order lines are read ({@code TABLE_NAME})
 * @param deadLetterQueueUrl where refused documents go ({@code SEARCH_DEAD_LETTER_QUEUE_URL}); null: logged only
 * @param retries bulk attempts per batch when the engine throttles, fails with a 5xx or cannot be reached, and the
 *     back-off between them
 * @param nextAliasRecheck how long the indexer relies on its last lookup of the next alias ({@link
 *     SearchIndex#NEXT_ALIAS_RECHECK}; a rebuild waits longer than this before its Scan)
 * @param collectionReads how many item collections (an order's lines) one batch reads at the same time ({@link
 *     #DEFAULT_COLLECTION_READS}); 1 reads them one after another on the invoking thread
 */
public record IndexerConfig(
        URI endpoint,
        boolean signing,
        SearchIndexNames names,
        String tableName,
        String deadLetterQueueUrl,
        RetryPolicy retries,
        Duration nextAliasRecheck,
        int collectionReads) {

    public static final RetryPolicy DEFAULT_RETRIES = new RetryPolicy(4, Duration.ofMillis(100), Duration.ofSeconds(2));

    /**
     * One consistent Query takes a few milliseconds, so read one after another a batch of orders holds a shard to about
     * 250 records a second, below the reference workload's 314 (docs/design.md §5). 16 at a time reads a batch of 100
     * orders in about 7 rounds, keeping up with several times that rate; more would mostly open more connections.
     */
    public static final int DEFAULT_COLLECTION_READS = 16;

    public IndexerConfig {
        if (nextAliasRecheck.compareTo(SearchIndex.NEXT_ALIAS_RECHECK) > 0) {
            // A rebuild only waits SearchIndex.REBUILD_SETTLE: a longer cache could miss its Scan's start.
            throw new IllegalArgumentException("nextAliasRecheck must not exceed " + SearchIndex.NEXT_ALIAS_RECHECK);
        }
        if (collectionReads < 1) {
            throw new IllegalArgumentException("collectionReads must be at least 1, was " + collectionReads);
        }
    }

    public static IndexerConfig fromEnvironment() {
        return from(System::getenv);
    }

    /**
     * The configuration from named settings ({@link EnvironmentVariable} names): the environment, or Quarkus's
     * configuration, which reads the environment and lets tests supply the same names.
     */
    public static IndexerConfig from(Function<String, String> settings) {
        String endpoint = settings.apply(EnvironmentVariable.SEARCH_ENDPOINT.variable());
        if (endpoint == null || endpoint.isBlank()) {
            throw new IllegalStateException(EnvironmentVariable.SEARCH_ENDPOINT.variable() + " is not set");
        }
        URI uri = URI.create(endpoint.trim());
        String tableName = settings.apply(EnvironmentVariable.TABLE_NAME.variable());
        return of(
                uri,
                signingOf(uri, settings.apply(EnvironmentVariable.SEARCH_SIGNING.variable())),
                tableName == null || tableName.isBlank() ? TableLayout.ENTITY.defaultTableName() : tableName,
                blankToNull(settings.apply(EnvironmentVariable.SEARCH_DEAD_LETTER_QUEUE_URL.variable())));
    }

    /** The project's index names on {@code endpoint}, signed only over https. */
    public static IndexerConfig forEndpoint(URI endpoint) {
        return of(endpoint, signingOf(endpoint, null), TableLayout.ENTITY.defaultTableName(), null);
    }

    /** The project's index names, and the defaults of retries, next-alias look-ups and collection reads. */
    private static IndexerConfig of(URI endpoint, boolean signing, String tableName, String deadLetterQueueUrl) {
        return new IndexerConfig(
                endpoint,
                signing,
                SearchIndex.NAMES,
                tableName,
                deadLetterQueueUrl,
                DEFAULT_RETRIES,
                SearchIndex.NEXT_ALIAS_RECHECK,
                DEFAULT_COLLECTION_READS);
    }

    static boolean signingOf(URI endpoint, String flag) {
        return SearchClients.signingOf(endpoint, flag);
    }

    /** The live alias. */
    public String alias() {
        return names.alias();
    }

    /** Other index names: tests keep apart by their own alias. */
    public IndexerConfig withNames(SearchIndexNames newNames) {
        return new IndexerConfig(
                endpoint, signing, newNames, tableName, deadLetterQueueUrl, retries, nextAliasRecheck, collectionReads);
    }

    public IndexerConfig withTable(String newTableName) {
        return new IndexerConfig(
                endpoint, signing, names, newTableName, deadLetterQueueUrl, retries, nextAliasRecheck, collectionReads);
    }

    public IndexerConfig withRetries(int attempts, Duration base, Duration max) {
        return new IndexerConfig(
                endpoint,
                signing,
                names,
                tableName,
                deadLetterQueueUrl,
                new RetryPolicy(attempts, base, max),
                nextAliasRecheck,
                collectionReads);
    }

    /** Another look-up interval for the next alias (tests: zero, so a rebuild needs no settling time). */
    public IndexerConfig withNextAliasRecheck(Duration recheck) {
        return new IndexerConfig(
                endpoint, signing, names, tableName, deadLetterQueueUrl, retries, recheck, collectionReads);
    }

    /** Another number of item collections read at the same time (1: one after another). */
    public IndexerConfig withCollectionReads(int concurrent) {
        return new IndexerConfig(
                endpoint, signing, names, tableName, deadLetterQueueUrl, retries, nextAliasRecheck, concurrent);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
