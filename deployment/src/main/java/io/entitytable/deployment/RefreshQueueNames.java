package io.entitytable.deployment;

/**
 * The names of the refresh-job queue and its dead-letter queue, the same in the CDK stack and the local runtime, so a
 * queue URL or ARN read in one place means the same queue in the other.
 */
public final class RefreshQueueNames {
    /** The queue the fan-out enqueues refresh segments on and the worker ({@link FunctionDefinition#REFRESH_WORKER}) reads. */
    public static final String QUEUE = "entity-table-refresh";

    /** Where a message goes after {@link RefreshQueueTrigger#maxReceiveCount()} receives without being deleted. */
    public static final String DEAD_LETTER_QUEUE = "entity-table-refresh-dlq";

    private RefreshQueueNames() {}
}
