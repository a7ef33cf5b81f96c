package io.entitytable.verify;

import io.entitytable.checks.Finding;
import io.entitytable.deployment.metrics.Dimensions;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.deployment.metrics.MetricsRecorder;
import java.time.InstantSource;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One run of the scheduled check: {@link SampledVerify} over the segment of the hour, its counts written as the
 * function's metrics ({@link MetricNames#DRIFT_FOUND}, {@link MetricNames#REFRESH_JOBS_STOPPED} (stopped refresh jobs
 * and erases), {@link MetricNames#ITEMS_VERIFIED}), on which the stack alarms. Nothing is repaired: that stays {@code table-verify repair},
 * run by an operator who has read the findings.
 *
 * @param verify the sampled check of one segment
 * @param metrics where its counts go
 * @param clock the hour, which picks the segment
 */
record ScheduledVerify(SampledVerify verify, MetricsRecorder metrics, InstantSource clock) {

    /** Checks this hour's segment, writes the metrics and returns what it found, for the function's log. */
    Map<String, Object> run() {
        SampledVerify.Result result = verify.run(verify.segmentAt(clock.instant()), clock.instant());
        Dimensions function = Dimensions.function();
        metrics.count(function, MetricNames.DRIFT_FOUND, result.findings().size());
        // A stopped erase is restarted by the same repair as a stopped refresh job, so one metric (and alarm) counts
        // both.
        metrics.count(
                function,
                MetricNames.REFRESH_JOBS_STOPPED,
                result.stoppedJobs().size() + result.stoppedErases().size());
        metrics.count(function, MetricNames.ITEMS_VERIFIED, result.itemsScanned());
        metrics.flush();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("segment", result.segment());
        summary.put("segments", verify.segments());
        summary.put("segmentComplete", result.segmentComplete());
        summary.put("itemsScanned", result.itemsScanned());
        summary.put("coreItemsChecked", result.coreItemsChecked());
        summary.put("duplicatesChecked", result.duplicatesChecked());
        summary.put("consumedReadCapacity", result.consumedReadCapacity());
        summary.put(
                "findings", result.findings().stream().map(Finding::describe).toList());
        summary.put(
                "stoppedJobs",
                result.stoppedJobs().stream().map(job -> job.subjectRef()).toList());
        summary.put(
                "stoppedErases",
                result.stoppedErases().stream().map(JobsReport::subjectOf).toList());
        return summary;
    }
}
