package io.entitytable.verify;

import io.entitytable.deployment.metrics.Dimensions;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import io.entitytable.search.repair.backfill.BackfillRun;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One run of the scheduled backfill: each index backfill of the table in turn, until it is ready or the run's time is
 * spent ({@code until}); the next run resumes where this one saved. Each backfill's state is written as metrics
 * ({@link MetricNames#PATTERN_READY}, {@link MetricNames#BACKFILL_PERCENT}, per {@link MetricNames#BACKFILL}), on which
 * the stack alarms.
 */
record ScheduledBackfill(
        DynamoDbClient dynamo, String table, MetricsRecorder metrics, Clock clock, BackfillRun.Sleeper sleeper) {

    /** Runs the backfills until {@code until}, writes the metrics and returns each one's progress, for the log. */
    Map<String, Object> run(Instant until) throws InterruptedException {
        Map<String, Object> summary = new LinkedHashMap<>();
        for (IndexBackfill backfill : IndexBackfill.ALL) {
            BackfillProgress progress =
                    new BackfillRun(dynamo, table, backfill, BackfillRun.Pace.DEFAULT, clock, sleeper).runUntil(until);
            Dimensions dimensions = Dimensions.of(MetricNames.BACKFILL, backfill.name());
            metrics.count(dimensions, MetricNames.PATTERN_READY, progress.isReady() ? 1 : 0);
            metrics.count(dimensions, MetricNames.BACKFILL_PERCENT, progress.percent());
            summary.put(backfill.name(), progress.describe());
        }
        metrics.flush();
        return summary;
    }
}
