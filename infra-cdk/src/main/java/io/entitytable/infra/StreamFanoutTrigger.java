package io.entitytable.infra;

import io.entitytable.deployment.StreamFilters;
import io.entitytable.deployment.StreamTrigger;
import java.util.Map;
import java.util.Objects;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.dynamodb.ITable;
import software.amazon.awscdk.services.lambda.IFunction;
import software.amazon.awscdk.services.lambda.StartingPosition;
import software.amazon.awscdk.services.lambda.eventsources.DynamoEventSource;
import software.amazon.awscdk.services.lambda.eventsources.SqsDlq;
import software.amazon.awscdk.services.sqs.Queue;
import software.constructs.Construct;

/**
 * The table's stream wired to one consumer (the fan-out, or the search indexer): the event source mapping of a
 * {@link StreamTrigger} with its filters (those of {@link StreamFilters}), and the queue that receives what still fails
 * after the bounded retries (a description of the failed batch, not its records: read them from the stream within 24
 * hours).
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html">Using Lambda with DynamoDB</a>
 */
public final class StreamFanoutTrigger extends Construct {
    /** SQS's maximum: time to notice the alarm and replay. */
    static final Duration DLQ_RETENTION = Duration.days(14);

    private final Queue deadLetterQueue;

    public StreamFanoutTrigger(Construct scope, String id, Props props) {
        super(scope, id);
        StreamTrigger trigger = props.trigger();
        this.deadLetterQueue =
                Queues.encrypted(this, "DeadLetterQueue", DLQ_RETENTION).build();
        props.target()
                .addEventSource(new DynamoEventSource(
                        props.table(),
                        software.amazon.awscdk.services.lambda.eventsources.DynamoEventSourceProps.builder()
                                .startingPosition(StartingPosition.valueOf(trigger.startingPosition()))
                                .batchSize(trigger.batchSize())
                                .maxBatchingWindow(Duration.seconds(trigger.maxBatchingWindowSeconds()))
                                .bisectBatchOnError(trigger.bisectBatchOnError())
                                .reportBatchItemFailures(trigger.reportBatchItemFailures())
                                .retryAttempts(trigger.maxRetryAttempts())
                                .maxRecordAge(Duration.seconds(trigger.maxRecordAgeSeconds()))
                                .parallelizationFactor(props.parallelizationFactor())
                                // The patterns go in verbatim: FilterCriteria.filter(..) would re-serialize them.
                                .filters(trigger.filterPatterns().stream()
                                        .map(pattern -> Map.of("pattern", pattern))
                                        .toList())
                                .onFailure(new SqsDlq(deadLetterQueue))
                                .build()));
    }

    public Queue deadLetterQueue() {
        return deadLetterQueue;
    }

    /**
     * @param table the table whose stream feeds the consumer
     * @param target the consumer's alias (SnapStart applies to published versions only)
     * @param trigger the mapping's config ({@link StreamTrigger#DEFAULT} for the fan-out)
     * @param parallelizationFactor concurrent batches per shard (overrides the trigger's value)
     */
    public record Props(ITable table, IFunction target, StreamTrigger trigger, int parallelizationFactor) {
        public Props {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(target, "target");
            Objects.requireNonNull(trigger, "trigger");
        }

        /** At the trigger's own parallelization factor. */
        public Props(ITable table, IFunction target, StreamTrigger trigger) {
            this(table, target, trigger, trigger.parallelizationFactor());
        }
    }
}
