package io.entitytable.deployment;

import io.entitytable.model.RefreshJob;

/**
 * The refresh-job queue and the worker's SQS event source mapping. The CDK stack deploys these values and the local
 * queue pump plays them, so both behave the same way.
 *
 * @param batchSize messages per worker invocation: one, so that each slice of a segment has the invocation's whole time
 *     (a batch shares one deadline) and segments run side by side in separate invocations, up to {@code maxConcurrency}
 * @param maxBatchingWindowSeconds how long the mapping may wait to fill a batch
 * @param visibilityTimeoutSeconds how long a received message stays hidden; six times the worker's timeout
 * @param maxReceiveCount receives before a message moves to the dead-letter queue (its job then shows as stopped)
 * @param maxConcurrency at most this many worker invocations at a time, whatever the queue holds: as many as a pass
 *     has segments at most, so they all run at once
 * @param retentionSeconds how long an unreceived message is kept (the queue's and its dead-letter queue's)
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html">Using Lambda with Amazon SQS</a>
 */
public record RefreshQueueTrigger(
        int batchSize,
        int maxBatchingWindowSeconds,
        int visibilityTimeoutSeconds,
        int maxReceiveCount,
        int maxConcurrency,
        int retentionSeconds) {

    public static final RefreshQueueTrigger DEFAULT = new RefreshQueueTrigger(
            1, 0, 6 * FunctionDefinition.REFRESH_WORKER.timeoutSeconds(), 5, RefreshJob.MAX_SEGMENTS, 14 * 24 * 3600);

    /** Partial batch responses: a worker reports the messages it could not finish, and only those come back. */
    public static final boolean REPORT_BATCH_ITEM_FAILURES = true;
}
