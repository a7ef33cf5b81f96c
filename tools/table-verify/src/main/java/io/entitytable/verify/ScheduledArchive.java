package io.entitytable.verify;

import io.entitytable.archive.job.ArchiveJob;
import io.entitytable.archive.job.OrderMove.Outcome;
import io.entitytable.deployment.metrics.Dimensions;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.deployment.metrics.MetricsRecorder;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One run of the scheduled archive: the archive job until the run's time is spent, then what its moves did, written
 * as {@link MetricNames#ARCHIVE_MOVES} per {@link MetricNames#OUTCOME}. Every outcome is written each run, zero
 * included, so a run that found nothing due still shows on the graph, and a rise of one outcome is seen against the
 * others.
 *
 * @param job the archive job's run ({@link ArchiveJob#runUntil})
 * @param metrics where its counts go
 */
record ScheduledArchive(Job job, MetricsRecorder metrics) {

    /** A run of the archive job until a deadline: what its moves did, summed. */
    @FunctionalInterface
    interface Job {
        Map<Outcome, Integer> runUntil(Instant deadline) throws InterruptedException;
    }

    /** Runs the job until {@code until}, writes the metrics and returns the count of each outcome, for the log. */
    Map<String, Object> run(Instant until) throws InterruptedException {
        Map<Outcome, Integer> outcomes = job.runUntil(until);
        Map<String, Object> moves = new LinkedHashMap<>();
        for (Outcome outcome : Outcome.values()) {
            String name = MetricNames.archiveOutcome(outcome);
            int count = outcomes.getOrDefault(outcome, 0);
            metrics.count(Dimensions.of(MetricNames.OUTCOME, name), MetricNames.ARCHIVE_MOVES, count);
            moves.put(name, count);
        }
        metrics.flush();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("moves", moves);
        return summary;
    }
}
