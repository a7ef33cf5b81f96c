package io.entitytable.deployment;

import java.util.List;

/**
 * The fan-out's DynamoDB Streams event source mapping. The CDK stack deploys these values and the local stream pump
 * plays them, so both behave the same way.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html">Using Lambda with DynamoDB</a>
 */
public record StreamTrigger(
        String startingPosition,
        int batchSize,
        int maxBatchingWindowSeconds,
        boolean bisectBatchOnError,
        boolean reportBatchItemFailures,
        int maxRetryAttempts,
        int maxRecordAgeSeconds,
        int parallelizationFactor,
        List<String> filterPatterns) {

    /**
     * The fan-out's mapping. No batching window: with one, a change on a quiet shard waited for the window to pass
     * before its copies were written (measured locally: most of the lag a client sees), while the mapping's own polling
     * (four times a second per shard) already gathers what a busy shard writes meanwhile into one batch. What it costs
     * is smaller batches on a moderately busy shard, so more invocations for the same records (docs/design.md §5).
     */
    public static final StreamTrigger DEFAULT =
            new StreamTrigger("TRIM_HORIZON", 100, 0, true, true, 10, 3600, 1, StreamFilters.PATTERNS);

    /**
     * The search indexer's mapping: the same core-only filter (copies are never indexed), halves of a failing batch
     * retried on their own, partial failures reported, and a retry limit so an engine outage cannot hold the shard
     * for the stream's whole 24 hours. Its bulk requests are cheap, so batches may be larger than the fan-out's. No
     * batching window: a window was most of a write's way to being searchable, and the mapping's own polling (four
     * times a second per shard) already gathers what a busy shard writes meanwhile into one batch, so only a quiet
     * shard sends smaller bulks (more invocations, not more documents).
     */
    public static final StreamTrigger SEARCH_INDEXER =
            new StreamTrigger("TRIM_HORIZON", 500, 0, true, true, 10, 3600, 1, StreamFilters.PATTERNS);

    /** This mapping with another maximum batching window: for measurements that compare windows side by side. */
    public StreamTrigger withMaxBatchingWindowSeconds(int seconds) {
        return new StreamTrigger(
                startingPosition,
                batchSize,
                seconds,
                bisectBatchOnError,
                reportBatchItemFailures,
                maxRetryAttempts,
                maxRecordAgeSeconds,
                parallelizationFactor,
                filterPatterns);
    }
}
