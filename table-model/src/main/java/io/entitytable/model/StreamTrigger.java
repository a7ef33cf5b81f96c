package io.entitytable.model;

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

    public static final StreamTrigger DEFAULT =
            new StreamTrigger("TRIM_HORIZON", 100, 1, true, true, 10, 3600, 1, StreamFilters.PATTERNS);
}
