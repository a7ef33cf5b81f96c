package io.entitytable.infra;

import static io.entitytable.infra.Json.list;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.metrics.MetricNames;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The alarms and dashboard widgets on the functions' own metrics (copy and index lag, copies, documents, requests). */
class LagAlarmsStackTest {
    private static SynthesizedStack synthesized;

    @BeforeAll
    static void synthesize() {
        synthesized = SynthesizedStack.defaults();
    }

    @Test
    void copyLag_shouldAlarmOnTheFanoutsP99_atTheThreshold_forThreeMinutes() {
        // GIVEN the stack
        String fanoutId = synthesized.logicalId(synthesized.stack().fanout().function());

        // WHEN it is synthesized
        Map<String, Object> alarm = synthesized.alarmOn(MetricNames.COPY_LAG);

        // THEN
        assertLagAlarm(
                alarm,
                fanoutId,
                EntityTableMonitoring.COPY_LAG_P99_THRESHOLD.toMilliseconds().doubleValue());
    }

    @Test
    void indexLag_shouldAlarmOnTheIndexersP99_atTheThreshold_forThreeMinutes() {
        // GIVEN the stack
        String indexerId = synthesized.logicalId(
                synthesized.stack().searchIndexing().orElseThrow().indexer().function());

        // WHEN it is synthesized
        Map<String, Object> alarm = synthesized.alarmOn(MetricNames.INDEX_LAG);

        // THEN
        assertLagAlarm(
                alarm,
                indexerId,
                EntityTableMonitoring.INDEX_LAG_P99_THRESHOLD.toMilliseconds().doubleValue());
    }

    @Test
    void writeRateFailures_shouldAlarmOnTheFanoutsSum_forFiveMinutesInARow() {
        // GIVEN the stack
        String fanoutId = synthesized.logicalId(synthesized.stack().fanout().function());

        // WHEN it is synthesized
        Map<String, Object> alarm = synthesized.alarmOn(MetricNames.WRITE_RATE_FAILURES);

        // THEN any failure in each of five minutes raises it: automatic growth is blind while they last
        assertThat(alarm)
                .containsEntry("Namespace", MetricNames.NAMESPACE)
                .containsEntry("Statistic", "Sum")
                .containsEntry("Period", (int) Duration.ofMinutes(1).toSeconds())
                .containsEntry("EvaluationPeriods", EntityTableMonitoring.WRITE_RATE_FAILURE_PERIODS)
                .containsEntry("ComparisonOperator", "GreaterThanOrEqualToThreshold")
                .containsEntry("TreatMissingData", "notBreaching");
        assertThat(((Number) alarm.get("Threshold")).doubleValue()).isEqualTo(1.0);
        assertThat(list(alarm, "Dimensions")).singleElement().satisfies(dimension -> assertThat(dimension)
                .isEqualTo(Map.of("Name", MetricNames.FUNCTION, "Value", Map.of("Ref", fanoutId))));
    }

    @Test
    void dashboard_shouldShowTheLagsCopiesDocumentsRequestsAndRefreshPace() {
        // GIVEN the stack
        // WHEN it is synthesized
        String body = properties(synthesized.only("AWS::CloudWatch::Dashboard").getValue())
                .get("DashboardBody")
                .toString();

        // THEN every widget on the functions' metrics is there, in their namespace
        assertThat(body)
                .contains("Copy lag p99 (ms): fan-out, refresh worker")
                .contains("Fan-out copies: written, deleted, already current, refused")
                .contains("Refresh jobs: copies per second, passes ended")
                .contains("API requests by status class")
                .contains("API: throttled requests, conflicts retried")
                .contains("Index lag p99 (ms)")
                .contains("Search documents: indexed, deleted, stale, refused")
                .contains("Dead-lettered batches")
                .contains("Shard growths, write-rate failures (fan-out)");
        for (String metric : List.of(
                MetricNames.COPY_LAG,
                MetricNames.INDEX_LAG,
                MetricNames.COPIES_WRITTEN,
                MetricNames.COPIES_DELETED,
                MetricNames.COPIES_CURRENT,
                MetricNames.COPIES_REFUSED,
                MetricNames.REFRESH_COPIES,
                MetricNames.REFRESH_PASSES_ENDED,
                MetricNames.REQUESTS,
                MetricNames.REQUESTS_THROTTLED,
                MetricNames.CONFLICTS_RETRIED,
                MetricNames.DOCUMENTS_INDEXED,
                MetricNames.DOCUMENTS_DELETED,
                MetricNames.DOCUMENTS_STALE,
                MetricNames.DOCUMENTS_REFUSED,
                MetricNames.SHARD_GROWTHS,
                MetricNames.WRITE_RATE_FAILURES)) {
            assertThat(body).as(metric).contains("\"" + MetricNames.NAMESPACE + "\",\"" + metric + "\"");
        }
        assertThat(body)
                .contains("PERIOD(copies)")
                .contains("\"p99\"")
                .contains("\"2xx\"")
                .contains("\"5xx\"");
    }

    private static void assertLagAlarm(Map<String, Object> alarm, String functionId, double thresholdMillis) {
        assertThat(alarm)
                .containsEntry("Namespace", MetricNames.NAMESPACE)
                .containsEntry("ExtendedStatistic", "p99")
                .containsEntry("Period", (int) Duration.ofMinutes(1).toSeconds())
                .containsEntry("EvaluationPeriods", EntityTableMonitoring.LAG_PERIODS)
                .containsEntry("ComparisonOperator", "GreaterThanOrEqualToThreshold")
                .containsEntry("TreatMissingData", "notBreaching")
                .doesNotContainKey("AlarmActions");
        assertThat(((Number) alarm.get("Threshold")).doubleValue()).isEqualTo(thresholdMillis);
        assertThat(list(alarm, "Dimensions")).singleElement().satisfies(dimension -> assertThat(dimension)
                .isEqualTo(Map.of("Name", MetricNames.FUNCTION, "Value", Map.of("Ref", functionId))));
    }
}
