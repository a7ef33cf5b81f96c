package io.entitytable.archive.job;

import io.entitytable.archive.OrderArchive;
import io.entitytable.archive.job.OrderMove.Outcome;
import io.entitytable.model.access.Backoff;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The archive job's run: every business whose schedule is due is taken and looked at ({@link BusinessArchiving}), until
 * none is due or the run's deadline. Schedules are taken one by one, on condition, so runs that overlap (a run longer
 * than its interval, two local threads) never look at one business twice at once.
 */
public record ArchiveJob(ArchiveSchedules schedules, BusinessArchiving archiving, Clock clock) {
    /**
     * How long after its run's deadline a taken business is due again should the run die with its process: a look ends
     * by the deadline (cut short, it sets the business due at once), so this is only ever waited when nothing is left
     * to set it.
     */
    static final Duration LOOK_MARGIN = Duration.ofMinutes(1);

    /** Schedules read per due partition and round. */
    private static final int DUE_PER_PARTITION = 25;

    /**
     * The pause after each move, wherever the job runs: its pace, so that a backlog of due orders never crowds out the
     * API's writes (a run moves at most 100 orders a second).
     */
    public static final Duration PAUSE = Duration.ofMillis(10);

    /**
     * The job over {@code tableName} and {@code archive}, as the local runtime and the deployed schedule both run it:
     * every DynamoDB call through the fan-out's back-off (a throttled moment is waited out, not a reason to stop a
     * run), a pause of {@code pause} after each move.
     */
    public static ArchiveJob over(
            DynamoDbClient dynamo, String tableName, OrderArchive archive, Clock clock, Duration pause) {
        ArchiveTable table = new ArchiveTable(
                dynamo, tableName, new Backoff(6, Duration.ofMillis(25), Duration.ofSeconds(2), () -> {}));
        ArchiveSchedules schedules = new ArchiveSchedules(table);
        OrderMove move = new OrderMove(table, archive, clock);
        return new ArchiveJob(schedules, new BusinessArchiving(table, move, schedules, clock, pause), clock);
    }

    /**
     * The businesses due by {@code until}, earliest first: at most {@code perPartition} of each due partition, one
     * Query each. What a console shows of the job's next looks.
     */
    public List<ArchiveSchedules.Due> dueBy(Instant until, int perPartition) {
        return schedules.dueAt(until, perPartition).stream()
                .sorted(java.util.Comparator.comparing(ArchiveSchedules.Due::dueAt))
                .toList();
    }

    /** Looks at every due business until {@code deadline}: what the moves did, summed. */
    public Map<Outcome, Integer> runUntil(Instant deadline) throws InterruptedException {
        Map<Outcome, Integer> outcomes = new EnumMap<>(Outcome.class);
        while (clock.instant().isBefore(deadline)) {
            var due = schedules.dueAt(clock.instant(), DUE_PER_PARTITION);
            boolean tookAny = false;
            for (ArchiveSchedules.Due business : due) {
                if (!clock.instant().isBefore(deadline)) {
                    break;
                }
                Optional<ArchiveSchedules.Taken> taken = schedules.take(business, deadline.plus(LOOK_MARGIN));
                if (taken.isPresent()) {
                    tookAny = true;
                    look(taken.get(), deadline)
                            .forEach((outcome, count) -> outcomes.merge(outcome, count, Integer::sum));
                }
            }
            if (!tookAny) {
                break;
            }
        }
        return outcomes;
    }

    /**
     * One look at a taken business. Taking it removed its due time, so a look that fails (S3 or DynamoDB failing past
     * the back-off) sets it due again at once before the failure ends the run: otherwise the business would wait for
     * its next finished order or retention change.
     */
    private Map<Outcome, Integer> look(ArchiveSchedules.Taken taken, Instant deadline) throws InterruptedException {
        try {
            return archiving.run(taken, deadline);
        } catch (RuntimeException failed) {
            try {
                schedules.dueBy(taken.businessId(), clock.instant());
            } catch (RuntimeException alsoFailed) {
                failed.addSuppressed(alsoFailed);
            }
            throw failed;
        }
    }
}
