package io.entitytable.local.s3;

import io.entitytable.archive.OrderArchive;
import io.entitytable.archive.job.ArchiveJob;
import io.entitytable.archive.job.OrderMove.Outcome;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.model.ArchiveSchedule;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Runs the archive job in the background while the local system serves, as the deployed schedule does: every few
 * seconds, each business whose archive schedule is due has its finished orders past its retention moved to the local
 * archive. A run that fails (the engine or the S3 server stopping under it) is tried again at the next interval: every
 * move is safe to repeat from any point (docs/design.md §2, "Lifecycle").
 */
public final class LocalArchiving implements AutoCloseable {
    /** How often the job looks for due businesses: short, so that a retention of seconds can be watched. */
    static final Duration INTERVAL = Duration.ofSeconds(2);

    /** The longest one run goes on before the next interval begins. */
    static final Duration RUN = Duration.ofSeconds(30);

    private final ArchiveJob job;
    private final Consumer<String> log;
    private final Clock clock = Clock.systemUTC();
    private final Map<Outcome, Long> totals = new EnumMap<>(Outcome.class);
    private final Thread thread;

    private LocalArchiving(ArchiveJob job, Consumer<String> log) {
        this.job = job;
        this.log = log;
        this.thread = new Thread(this::runEvery, "local-archiving");
        this.thread.setDaemon(true);
    }

    /** Starts the job over {@code tableName} and the archive {@code s3} holds; {@code log} gets a line per run that moved. */
    public static LocalArchiving start(
            DynamoDbClient dynamo, String tableName, S3Client s3, String bucket, Consumer<String> log) {
        LocalArchiving archiving = new LocalArchiving(
                ArchiveJob.over(dynamo, tableName, new OrderArchive(s3, bucket), Clock.systemUTC(), ArchiveJob.PAUSE),
                log);
        archiving.thread.start();
        return archiving;
    }

    /**
     * What the moves so far did, summed, since this system started, by outcome as the deployed job's metrics name it
     * ({@code moved}).
     */
    public synchronized Map<String, Long> totals() {
        Map<String, Long> byName = new java.util.LinkedHashMap<>();
        totals.forEach((outcome, count) -> byName.put(MetricNames.archiveOutcome(outcome), count));
        return byName;
    }

    /** Businesses due within this long are shown as the job's next looks. */
    static final Duration UPCOMING = ArchiveSchedule.LONGEST_WAIT;

    /** Of each due partition, at most this many of the earliest: a glance, not a list of every business. */
    static final int UPCOMING_PER_PARTITION = 5;

    /**
     * What the console shows of the job: its moves so far by outcome, and the businesses it looks at next with when
     * (one Query of each due partition).
     */
    public View view() {
        return new View(
                totals(),
                job.dueBy(clock.instant().plus(UPCOMING), UPCOMING_PER_PARTITION).stream()
                        .map(due -> new Upcoming(due.businessId(), due.dueAt()))
                        .toList());
    }

    /** The job as the console shows it. */
    public record View(Map<String, Long> moves, List<Upcoming> next) {}

    /** A business the job looks at next, and when. */
    public record Upcoming(String businessId, Instant dueAt) {}

    private void runEvery() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Map<Outcome, Integer> outcomes =
                            job.runUntil(clock.instant().plus(RUN));
                    synchronized (this) {
                        outcomes.forEach((outcome, count) -> totals.merge(outcome, (long) count, Long::sum));
                    }
                    if (outcomes.getOrDefault(Outcome.MOVED, 0) > 0) {
                        log.accept(
                                "moved " + outcomes.get(Outcome.MOVED) + " finished orders to the archive " + outcomes);
                    }
                } catch (SdkException failed) {
                    log.accept("a run failed (" + failed.getMessage() + "); trying again");
                }
                Thread.sleep(INTERVAL.toMillis());
            }
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        thread.interrupt();
    }
}
