package io.entitytable.verify;

import io.entitytable.model.RefreshJob;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The refresh jobs one Scan found: how many of each status, and the stopped ones ({@link RefreshJob#stoppedAt}), which
 * an operator must act on like drift: their subjects' copies stay behind until a new pass runs.
 */
record JobsReport(Map<RefreshJob.Status, Long> counts, List<RefreshJob> stopped, Instant checkedAt) {

    JobsReport {
        counts = Map.copyOf(counts);
        stopped = List.copyOf(stopped);
    }

    static JobsReport of(ScannedTable table, Instant now) {
        Map<RefreshJob.Status, Long> counts = new EnumMap<>(RefreshJob.Status.class);
        for (RefreshJob.Status status : RefreshJob.Status.values()) {
            counts.put(status, 0L);
        }
        table.jobs().forEach(job -> counts.merge(job.status(), 1L, Long::sum));
        List<RefreshJob> stopped =
                table.jobs().stream().filter(job -> job.stoppedAt(now)).toList();
        return new JobsReport(counts, stopped, now);
    }

    long count(RefreshJob.Status status) {
        return counts.getOrDefault(status, 0L);
    }
}
