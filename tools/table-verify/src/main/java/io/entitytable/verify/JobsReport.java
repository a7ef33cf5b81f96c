package io.entitytable.verify;

import io.entitytable.checks.ScannedTable;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The refresh jobs and the businesses' erase jobs one Scan found: how many of each status, and the stopped ones ({@link
 * RefreshJob#stoppedAt}, {@link EraseJob#stoppedAt}), which an operator must act on like drift: a stopped refresh job's
 * subject's copies stay behind until a new pass runs, a stopped erase leaves a business half deleted (and marked
 * erasing) until it is restarted.
 */
record JobsReport(
        Map<RefreshJob.Status, Long> counts,
        List<RefreshJob> stopped,
        Map<EraseJob.Status, Long> eraseCounts,
        List<EraseJob> stoppedErases,
        Instant checkedAt) {

    JobsReport {
        counts = Map.copyOf(counts);
        stopped = List.copyOf(stopped);
        eraseCounts = Map.copyOf(eraseCounts);
        stoppedErases = List.copyOf(stoppedErases);
    }

    static JobsReport of(ScannedTable table, Instant now) {
        List<RefreshJob> stopped =
                table.jobs().stream().filter(job -> job.stoppedAt(now)).toList();
        List<EraseJob> stoppedErases =
                table.erases().stream().filter(erase -> erase.stoppedAt(now)).toList();
        return new JobsReport(
                countsOf(RefreshJob.Status.class, table.jobs(), RefreshJob::status),
                stopped,
                countsOf(EraseJob.Status.class, table.erases(), EraseJob::status),
                stoppedErases,
                now);
    }

    /** How many {@code jobs} are in each status, every status counted (zero when none is in it). */
    private static <S extends Enum<S>, J> Map<S, Long> countsOf(
            Class<S> statuses, List<J> jobs, Function<J, S> statusOf) {
        Map<S, Long> counts = new EnumMap<>(statuses);
        for (S status : statuses.getEnumConstants()) {
            counts.put(status, 0L);
        }
        jobs.forEach(job -> counts.merge(statusOf.apply(job), 1L, Long::sum));
        return counts;
    }

    long count(RefreshJob.Status status) {
        return counts.getOrDefault(status, 0L);
    }

    long count(EraseJob.Status status) {
        return eraseCounts.getOrDefault(status, 0L);
    }

    /** Stopped refresh jobs and stopped erases together: each is one restart message for {@code repair}. */
    long stoppedCount() {
        return stopped.size() + stoppedErases.size();
    }

    /** The subjects {@code repair} sends a restart message for: the stopped refresh jobs', then the stopped erases'. */
    List<String> stoppedSubjects() {
        List<String> subjects = new ArrayList<>();
        stopped.forEach(job -> subjects.add(job.subjectRef()));
        stoppedErases.forEach(erase -> subjects.add(subjectOf(erase)));
        return subjects;
    }

    /**
     * {@code business#<id>}: the subject of an erase's restart message; the worker routes a business subject's restart
     * to the business's erase job (a business has no refresh job).
     */
    static String subjectOf(EraseJob erase) {
        return Keys.subjectRef(Entity.BUSINESS, erase.businessId());
    }

    /** Whether a restart subject is an erase's (a business's) rather than a refresh job's, for the log lines. */
    static boolean isEraseSubject(String subject) {
        return Keys.parseSubjectRef(subject)
                .map(ref -> Entity.BUSINESS.equals(ref.entity()))
                .orElse(false);
    }
}
