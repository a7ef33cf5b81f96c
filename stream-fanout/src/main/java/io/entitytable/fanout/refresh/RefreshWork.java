package io.entitytable.fanout.refresh;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent.SQSMessage;
import io.entitytable.archive.OrderArchive;
import io.entitytable.deployment.logs.LogField;
import io.entitytable.deployment.logs.LogLine;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.fanout.erase.EraseJobs;
import io.entitytable.fanout.erase.EraseWorker;
import io.entitytable.fanout.table.BoundedParallel;
import io.entitytable.fanout.table.CopyEffects;
import io.entitytable.fanout.table.CopyMetrics;
import io.entitytable.fanout.table.EffectsJson;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutMetrics;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.fanout.table.FanoutTable;
import io.entitytable.model.Keys;
import io.entitytable.queue.RefreshMessage;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The refresh worker: works one batch of refresh-queue messages, one after the other, within one slice. Plain Java:
 * the Lambda handler is a one-line adapter over {@link #process}, and tests call it directly.
 *
 * <p>A message that fails is reported by its id (a partial batch response) and comes back after the queue's
 * visibility timeout, from its own cursor; after {@code RefreshQueueTrigger.maxReceiveCount} receives it moves to the
 * dead-letter queue, and its job shows as stopped.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html">Partial batch responses
 *     for SQS</a>
 */
public final class RefreshWork implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(RefreshWork.class);

    private final RefreshWorker worker;
    private final EraseWorker erase;
    private final BoundedParallel parallel;
    private final FanoutStats stats;
    private final Duration maxSlice;
    private final FanoutMetrics metrics;
    private final CopyEffects effects;

    /**
     * A worker that writes at {@code pace} (deployed: {@link WorkPace#DEPLOYED}), its metrics to {@code metrics} (in a
     * function: {@link MetricsRecorder#ofThisProcess}), whose jobs read the time from {@code clock} (tests: an erase
     * whose rounds must seem to last minutes), and whose erases delete the business's archived orders from {@code
     * archive} (empty: the deployment has none; {@link #archiveOf}); see {@link #create} for the other arguments.
     */
    public RefreshWork(
            DynamoDbClient dynamo,
            FanoutConfig config,
            RefreshQueue queue,
            Duration maxSlice,
            WorkPace pace,
            MetricsRecorder metrics,
            Clock clock,
            Optional<OrderArchive> archive) {
        this.stats = new FanoutStats();
        this.parallel = new BoundedParallel(config.maxConcurrentWrites());
        CopyMetrics copies = new CopyMetrics(metrics, Clock.systemUTC());
        this.effects = copies.effects();
        FanoutTable table = new FanoutTable(dynamo, config.tableName(), config.backoff(stats), stats, copies);
        this.worker = new RefreshWorker(
                new TableSegments(table, clock),
                new RefreshJobs(table, queue, clock),
                queue,
                parallel,
                pace.copiesPerSecond());
        this.erase = EraseWorker.of(
                table, new EraseJobs(table, queue, clock), queue, parallel, pace.childrenPerSecond(), archive);
        this.maxSlice = maxSlice;
        this.metrics = new FanoutMetrics(metrics, stats);
    }

    /**
     * A deployed worker: at {@link WorkPace#DEPLOYED}, its metrics to this process's output, on the system clock. {@code
     * maxSlice} caps each slice (null: until {@link SliceDeadline#MARGIN} before the Lambda deadline).
     */
    public static RefreshWork create(
            DynamoDbClient dynamo, FanoutConfig config, RefreshQueue queue, Duration maxSlice) {
        return new RefreshWork(
                dynamo,
                config,
                queue,
                maxSlice,
                WorkPace.DEPLOYED,
                MetricsRecorder.ofThisProcess(),
                Clock.systemUTC(),
                archiveOf(config));
    }

    /** The archive an erase deletes a business's archived orders from: where the deployment archives (ARCHIVE_BUCKET). */
    public static Optional<OrderArchive> archiveOf(FanoutConfig config) {
        return config.archiving() ? OrderArchive.fromEnvironment(System.getenv()) : Optional.empty();
    }

    public SQSBatchResponse process(List<SQSMessage> messages, long remainingMillis) {
        SQSBatchResponse response = work(messages, remainingMillis);
        metrics.afterSlice();
        return response;
    }

    private SQSBatchResponse work(List<SQSMessage> messages, long remainingMillis) {
        SliceDeadline deadline = SliceDeadline.of(remainingMillis, maxSlice);
        List<SQSBatchResponse.BatchItemFailure> failures = new ArrayList<>();
        for (SQSMessage message : messages) {
            long started = System.nanoTime();
            RefreshMessage body = null;
            String outcome;
            try {
                body = RefreshMessage.fromJson(message.getBody());
                outcome = handle(body, deadline);
            } catch (RuntimeException e) {
                LOG.errorf(e, "refresh message %s failed; reporting it", message.getMessageId());
                failures.add(new SQSBatchResponse.BatchItemFailure(message.getMessageId()));
                outcome = "FAILED";
            }
            logMessage(body, outcome, started);
        }
        return new SQSBatchResponse(failures);
    }

    /**
     * A business's messages are its erase's, a store's its refresh job's: the queue, the worker and its slices serve
     * both kinds of job.
     */
    private String handle(RefreshMessage message, SliceDeadline deadline) {
        Optional<Keys.SubjectRef> business = Keys.parseSubjectRef(message.subject())
                .filter(ref -> ref.entity().isTenant());
        return business.isPresent()
                ? erase.handle(business.get(), message, deadline).name()
                : worker.handle(message, deadline).name();
    }

    /**
     * The message's one line (docs/design.md §8, "Logs"): the job's subject and pass, which the fan-out's line of the
     * change that asked for the pass names too, and the copies the slice wrote. Never fails the message.
     */
    private void logMessage(RefreshMessage message, String outcome, long startedNanos) {
        try {
            CopyEffects.Drained done = effects.drain();
            Map<LogField, Object> fields = new EnumMap<>(LogField.class);
            if (message != null) {
                fields.put(LogField.JOB, message.subject());
                if (message.pass() != null) {
                    fields.put(LogField.PASS, message.pass());
                }
            }
            fields.put(LogField.COPIES_WRITTEN, done.written());
            fields.put(LogField.COPIES_DELETED, done.deleted());
            EffectsJson json = new EffectsJson();
            json.putCopies(json.add().put("outcome", outcome), done.listed());
            fields.put(LogField.EFFECTS, json.toString());
            fields.put(LogField.MILLIS, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos));
            LogLine.info(LOG, "refreshed", fields);
        } catch (RuntimeException e) {
            LOG.warnf("refresh message not logged: %s", e.toString());
        }
    }

    /** Running totals since this instance was created. */
    public FanoutStats stats() {
        return stats;
    }

    @Override
    public void close() {
        metrics.flush();
        parallel.close();
    }
}
