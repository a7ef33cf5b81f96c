package io.entitytable.fanout;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse.BatchItemFailure;
import java.time.Clock;
import java.util.List;
import org.jboss.logging.Logger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Fans out one batch of stream records, in order. Plain Java: the Lambda handler is a one-line adapter over {@link
 * #process}, and tests call it directly.
 *
 * <p>Records of one item must be applied in stream order, so the first record that fails (after the retries of {@link
 * Backoff}) is reported by its sequence number and the rest of the batch is left alone: Lambda re-delivers from that
 * record, and the records before it, already applied, are not redone.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html">Partial batch
 *     responses for DynamoDB streams</a>
 */
public final class StreamFanout implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(StreamFanout.class);

    private final ChangeFanout changes;
    private final BoundedParallel parallel;
    private final FanoutStats stats;

    private StreamFanout(DynamoDbClient dynamo, FanoutConfig config, RefreshQueue queue) {
        this.stats = new FanoutStats();
        this.parallel = new BoundedParallel(config.maxConcurrentWrites());
        FanoutTable table = new FanoutTable(dynamo, config.tableName(), new Backoff(config, stats), stats);
        RefreshJobs jobs = new RefreshJobs(table, queue, Clock.systemUTC());
        this.changes = new ChangeFanout(table, parallel, jobs, queue);
    }

    /** A fan-out whose large subjects' refresh jobs go to {@code queue}. */
    public static StreamFanout create(DynamoDbClient dynamo, FanoutConfig config, RefreshQueue queue) {
        return new StreamFanout(dynamo, config, queue);
    }

    /** A fan-out without a refresh queue, for tables whose stores never have more than a few hundred copies. */
    public static StreamFanout create(DynamoDbClient dynamo, FanoutConfig config) {
        return new StreamFanout(dynamo, config, RefreshQueue.none());
    }

    public StreamsEventResponse process(List<Record> records) {
        for (Record record : records) {
            try {
                changes.apply(record);
            } catch (RuntimeException e) {
                String sequenceNumber = record.dynamodb().sequenceNumber();
                LOG.errorf(e, "fan-out failed at record %s; reporting it and stopping the batch", sequenceNumber);
                return new StreamsEventResponse(List.of(new BatchItemFailure(sequenceNumber)));
            }
        }
        LOG.debugf("fanned out %d records; totals %s", records.size(), stats);
        return new StreamsEventResponse(List.of());
    }

    /** Running totals since this instance was created. */
    public FanoutStats stats() {
        return stats;
    }

    @Override
    public void close() {
        parallel.close();
    }
}
