package io.entitytable.fanout;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import io.entitytable.archive.job.ArchiveScheduling;
import io.entitytable.archive.job.ArchiveTable;
import io.entitytable.deployment.logs.LogLine;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.fanout.growth.ShardGrowthWatch;
import io.entitytable.fanout.refresh.RefreshJobs;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.table.BoundedParallel;
import io.entitytable.fanout.table.CopyEffects;
import io.entitytable.fanout.table.CopyMetrics;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutMetrics;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.fanout.table.FanoutTable;
import io.entitytable.model.TableLayout;
import io.entitytable.model.access.Backoff;
import io.entitytable.stream.BatchAnswers;
import io.entitytable.stream.StreamBatch;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Fans out one batch of stream records. Plain Java: the Lambda handler is a one-line adapter over {@link #process}, and
 * tests call it directly.
 *
 * <p>Records of one item must be applied in stream order; records of different items need not be (a change of one
 * item never waits for another's record: "The sourceGsi race" in {@code docs/design.md}). So the batch is split by
 * partition key, as Lambda splits a shard at a parallelization factor above 1, and up to {@link
 * FanoutConfig#maxConcurrentItems()} items are worked at once, each one's records in order. An item stops at its first
 * record that fails (after the retries of {@link Backoff}); the earliest such record of the batch is reported by its
 * sequence number. Lambda re-delivers from there: every record before it was applied, and the records after it that
 * other items already applied are applied again, which the copies' version conditions make harmless (a re-delivered
 * batch does the same).
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html">Partial batch
 *     responses for DynamoDB streams</a>
 */
public final class StreamFanout implements StreamBatch, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(StreamFanout.class);

    private final ChangeFanout changes;
    private final BoundedParallel items;
    private final BoundedParallel writes;
    private final FanoutStats stats;
    private final FanoutMetrics metrics;
    private final CopyEffects effects;
    private final ShardGrowthWatch growth;

    private StreamFanout(
            DynamoDbClient dynamo, FanoutConfig config, RefreshQueue queue, MetricsRecorder metrics, Clock clock) {
        this.stats = new FanoutStats();
        this.metrics = new FanoutMetrics(metrics, stats);
        // Two pools: an item's task waits for its records' writes, so they must not share threads.
        this.items = new BoundedParallel(config.maxConcurrentItems());
        this.writes = new BoundedParallel(config.maxConcurrentWrites());
        CopyMetrics copies = new CopyMetrics(metrics, Clock.systemUTC());
        this.effects = copies.effects();
        FanoutTable table = new FanoutTable(dynamo, config.tableName(), config.backoff(stats), stats, copies);
        RefreshJobs jobs = new RefreshJobs(table, queue, Clock.systemUTC());
        this.changes = new ChangeFanout(
                table,
                writes,
                jobs,
                queue,
                config.archiving()
                        ? Optional.of(new ArchiveScheduling(
                                new ArchiveTable(dynamo, config.tableName(), config.backoff(stats)), clock))
                        : Optional.empty());
        this.growth = new ShardGrowthWatch(dynamo, config.tableName(), config.growth(), clock, metrics);
    }

    /** A fan-out whose large subjects' refresh jobs go to {@code queue}. */
    public static StreamFanout create(DynamoDbClient dynamo, FanoutConfig config, RefreshQueue queue) {
        return create(dynamo, config, queue, MetricsRecorder.ofThisProcess());
    }

    /** A fan-out that writes its metrics to {@code metrics} (in a function: {@link MetricsRecorder#ofThisProcess}). */
    public static StreamFanout create(
            DynamoDbClient dynamo, FanoutConfig config, RefreshQueue queue, MetricsRecorder metrics) {
        return create(dynamo, config, queue, metrics, Clock.systemUTC());
    }

    /** A fan-out that measures write-rate windows by {@code clock}. */
    public static StreamFanout create(
            DynamoDbClient dynamo, FanoutConfig config, RefreshQueue queue, MetricsRecorder metrics, Clock clock) {
        return new StreamFanout(dynamo, config, queue, metrics, clock);
    }

    /** A fan-out without a refresh queue, for tables whose stores never have more than a few hundred copies. */
    public static StreamFanout create(DynamoDbClient dynamo, FanoutConfig config) {
        return create(dynamo, config, RefreshQueue.none());
    }

    @Override
    public StreamsEventResponse process(List<Record> records) {
        return process(records, true);
    }

    /**
     * As {@link #process}, for records that stand for no write of a business (SnapStart priming's order that never
     * existed): the write-rate watch does not count them, so they leave no rate window in the table and grow nobody.
     */
    public StreamsEventResponse processUncounted(List<Record> records) {
        return process(records, false);
    }

    private StreamsEventResponse process(List<Record> records, boolean countWrites) {
        long started = System.nanoTime();
        StreamsEventResponse response = apply(records);
        // After the copies, so that measuring never delays them; it never fails the batch either.
        if (countWrites) {
            growth.afterBatch(records);
        }
        metrics.afterBatch();
        logBatch(records, started);
        return response;
    }

    /** The batch's one line (docs/design.md §8, "Logs"); never fails the batch. */
    private void logBatch(List<Record> records, long startedNanos) {
        try {
            LogLine.info(
                    LOG,
                    "fanned out",
                    FanoutLogLine.fields(
                            records, effects.drain(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos)));
        } catch (RuntimeException e) {
            LOG.warnf("batch not logged: %s", e.toString());
        }
    }

    private StreamsEventResponse apply(List<Record> records) {
        Map<AttributeValue, List<Integer>> byItem = new LinkedHashMap<>();
        for (int i = 0; i < records.size(); i++) {
            byItem.computeIfAbsent(partitionKey(records.get(i)), key -> new ArrayList<>())
                    .add(i);
        }
        // The batch position of each item's first failed record; unset while it has none.
        int[] firstFailed = new int[byItem.size()];
        List<Runnable> tasks = new ArrayList<>(byItem.size());
        int item = 0;
        for (List<Integer> positions : byItem.values()) {
            int slot = item++;
            firstFailed[slot] = -1;
            tasks.add(() -> firstFailed[slot] = applyInOrder(records, positions));
        }
        items.runAll(tasks);
        OptionalInt earliest =
                Arrays.stream(firstFailed).filter(position -> position >= 0).min();
        return earliest.isPresent() ? BatchAnswers.againFrom(records, earliest.getAsInt()) : BatchAnswers.allDone();
    }

    /** Applies one item's records in order; the batch position of the first that fails, or -1. */
    private int applyInOrder(List<Record> records, List<Integer> positions) {
        for (int position : positions) {
            Record record = records.get(position);
            try {
                changes.apply(record);
            } catch (RuntimeException e) {
                LOG.errorf(
                        e,
                        "fan-out failed at record %s; reporting it and stopping its item's records",
                        record.dynamodb().sequenceNumber());
                return position;
            }
        }
        return -1;
    }

    /** The record's partition key: DynamoDB Streams keeps the records of one key in order, and so does this class. */
    private static AttributeValue partitionKey(Record record) {
        return record.dynamodb().keys().get(TableLayout.ENTITY.partitionKey());
    }

    /** Running totals since this instance was created. */
    public FanoutStats stats() {
        return stats;
    }

    @Override
    public void close() {
        metrics.flush();
        items.close();
        writes.close();
    }
}
