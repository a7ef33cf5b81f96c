package io.entitytable.local.pump;

import java.util.List;

/**
 * Records the event source mapping gave up on, with why.
 *
 * @param condition {@code RetryAttemptsExhausted} or {@code RecordAgeExceeded}, as in Lambda's invocation record
 * @param invokeCount how many invocations carried these records
 * @param lastResult the last invocation's result, or null when the records were never sent
 */
public record DiscardedBatch(
        String streamArn,
        String shardId,
        List<PumpRecord> records,
        String condition,
        int invokeCount,
        InvocationResult lastResult) {
    public static final String RETRY_ATTEMPTS_EXHAUSTED = "RetryAttemptsExhausted";
    public static final String RECORD_AGE_EXCEEDED = "RecordAgeExceeded";
}
