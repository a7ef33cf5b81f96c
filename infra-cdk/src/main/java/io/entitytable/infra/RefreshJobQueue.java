package io.entitytable.infra;

import io.entitytable.deployment.RefreshQueueTrigger;
import java.util.Objects;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.iam.IGrantable;
import software.amazon.awscdk.services.lambda.IFunction;
import software.amazon.awscdk.services.lambda.eventsources.SqsEventSource;
import software.amazon.awscdk.services.lambda.eventsources.SqsEventSourceProps;
import software.amazon.awscdk.services.sqs.DeadLetterQueue;
import software.amazon.awscdk.services.sqs.Queue;
import software.constructs.Construct;

/**
 * The refresh-job queue with its dead-letter queue, and the mapping that drains it into the worker, all from
 * {@link RefreshQueueTrigger}. A message that fails {@code maxReceiveCount} times moves to the dead-letter queue; its
 * job then shows as stopped.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-sqs.html">Using Lambda with Amazon SQS</a>
 */
public final class RefreshJobQueue extends Construct {
    private final RefreshQueueTrigger trigger;
    private final Queue deadLetterQueue;
    private final Queue queue;

    public RefreshJobQueue(Construct scope, String id, RefreshQueueTrigger trigger) {
        super(scope, id);
        this.trigger = Objects.requireNonNull(trigger, "trigger");
        Duration retention = Duration.seconds(trigger.retentionSeconds());
        this.deadLetterQueue =
                Queues.encrypted(this, "DeadLetterQueue", retention).build();
        this.queue = Queues.encrypted(this, "Queue", retention)
                .visibilityTimeout(Duration.seconds(trigger.visibilityTimeoutSeconds()))
                .deadLetterQueue(DeadLetterQueue.builder()
                        .queue(deadLetterQueue)
                        .maxReceiveCount(trigger.maxReceiveCount())
                        .build())
                .build();
    }

    /** The worker's mapping; it also lets the worker receive and delete messages of this queue (and nothing else). */
    public void drainInto(IFunction worker) {
        worker.addEventSource(new SqsEventSource(
                queue,
                SqsEventSourceProps.builder()
                        .batchSize(trigger.batchSize())
                        .maxBatchingWindow(Duration.seconds(trigger.maxBatchingWindowSeconds()))
                        .reportBatchItemFailures(RefreshQueueTrigger.REPORT_BATCH_ITEM_FAILURES)
                        .maxConcurrency(trigger.maxConcurrency())
                        .build()));
    }

    /** Lets a function enqueue segments, on this queue only ({@link Queues#grantSend}). */
    public void grantSend(IGrantable function) {
        Queues.grantSend(function.getGrantPrincipal(), "SendRefreshJobSegments", queue);
    }

    public Queue queue() {
        return queue;
    }

    public Queue deadLetterQueue() {
        return deadLetterQueue;
    }
}
