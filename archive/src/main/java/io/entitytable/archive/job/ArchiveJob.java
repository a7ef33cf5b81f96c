package io.entitytable.archive.job;

import io.entitytable.archive.job.OrderMove.Outcome;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;

/**
 * The archive job's run: every business whose schedule is due is taken and looked at ({@link BusinessArchiving}), until
 * none is due or the run's deadline. Schedules are taken one by one, on condition, so runs that overlap (a run longer
 * than its interval, two local threads) never look at one business twice at once.
 */
public final class ArchiveJob {
    /** Schedules read per due partition and round. */
    private static final int DUE_PER_PARTITION = 25;

    private final ArchiveSchedules schedules;
    private final BusinessArchiving archiving;
    private final Clock clock;

    public ArchiveJob(ArchiveSchedules schedules, BusinessArchiving archiving, Clock clock) {
        this.schedules = schedules;
        this.archiving = archiving;
        this.clock = clock;
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
                if (schedules.take(business)) {
                    tookAny = true;
                    archiving
                            .run(business.businessId(), deadline)
                            .forEach((outcome, count) -> outcomes.merge(outcome, count, Integer::sum));
                }
            }
            if (!tookAny) {
                break;
            }
        }
        return outcomes;
    }
}
