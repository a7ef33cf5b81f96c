package io.entitytable.infra;

import static io.entitytable.infra.Json.list;
import static io.entitytable.infra.Json.map;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.metrics.MetricNames;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The scheduled verify: its function, schedule and table rights, and the alarms and dashboard row on its metrics. */
class ScheduledVerifyStackTest {
    private static SynthesizedStack synthesized;
    private static QuarkusLambda verify;

    @BeforeAll
    static void synthesize() {
        synthesized = SynthesizedStack.defaults();
        verify = synthesized.stack().scheduledVerify().function();
    }

    @Test
    void function_shouldRunTheVerifyHandler_onTheTable_withTheSegmentCount() {
        // GIVEN the default stack
        // WHEN it is synthesized
        Map<String, Object> function = properties(
                synthesized.resources("AWS::Lambda::Function").get(synthesized.logicalId(verify.function())));

        // THEN it is table-verify's plain handler, with Lambda's longest timeout, on this stack's table
        assertThat(function)
                .containsEntry("Handler", FunctionDefinition.SCHEDULED_VERIFY.handler())
                .containsEntry("Timeout", 900)
                .containsEntry("TracingConfig", Map.of("Mode", "Active"));
        assertThat(synthesized.environment(verify))
                .containsEntry(
                        EnvironmentVariable.TABLE_NAME.variable(),
                        Map.of(
                                "Ref",
                                synthesized.logicalId(
                                        synthesized.stack().table().table())))
                .containsEntry(
                        EnvironmentVariable.VERIFY_SEGMENTS.variable(),
                        Integer.toString(StackConfig.DEFAULT_VERIFY_SEGMENTS))
                .containsEntry(
                        EnvironmentVariable.VERIFY_MAX_ITEMS.variable(),
                        Integer.toString(ScheduledVerify.MAX_ITEMS_PER_RUN));
    }

    @Test
    void schedule_shouldInvokeTheAliasOnceAnHour_withoutRetries() {
        // GIVEN the default stack
        // WHEN it is synthesized
        Map<String, Object> rule = properties(synthesized
                .resources("AWS::Events::Rule")
                .get(synthesized.logicalId(synthesized.stack().scheduledVerify().schedule())));

        // THEN its rule, every hour, targets the verify's alias and does not retry a failed run
        assertThat(rule).containsEntry("ScheduleExpression", "rate(1 hour)").containsEntry("State", "ENABLED");
        assertThat(list(rule, "Targets")).singleElement().satisfies(target -> {
            assertThat(map(target)).containsEntry("Arn", Map.of("Ref", synthesized.logicalId(verify.alias())));
            assertThat(map(target, "RetryPolicy")).containsEntry("MaximumRetryAttempts", 0);
        });
    }

    @Test
    void role_shouldReadTheTableOnly_andNoRequestOrStreamFunctionMayScan() {
        // GIVEN the default stack
        // WHEN it is synthesized
        List<Object> statements = synthesized.statements(verify);

        // THEN the verify may Scan, Query and GetItem the table itself (no index) and write nothing ...
        Map<String, Object> read = SynthesizedStack.statement(statements, "ReadTableForVerify");
        assertThat(read.get("Action")).isEqualTo(TableAccess.SCHEDULED_VERIFY_ACTIONS);
        assertThat(read.get("Resource"))
                .isEqualTo(Map.of(
                        "Fn::GetAtt",
                        List.of(
                                synthesized.logicalId(
                                        synthesized.stack().table().table()),
                                "Arn")));
        assertThat(SynthesizedStack.actions(statements))
                .filteredOn(action -> action.toString().startsWith("dynamodb:"))
                .containsExactlyInAnyOrderElementsOf(TableAccess.SCHEDULED_VERIFY_ACTIONS);
        // ... and no function of the requests or the stream may Scan (the scheduled backfill may: its own test)
        for (QuarkusLambda other : List.of(
                synthesized.stack().api(),
                synthesized.stack().fanout(),
                synthesized.stack().refreshWorker(),
                synthesized.stack().searchIndexing().orElseThrow().indexer())) {
            assertThat(SynthesizedStack.actions(synthesized.statements(other)))
                    .as(other.getNode().getPath())
                    .doesNotContain("dynamodb:Scan");
        }
    }

    @Test
    void alarms_shouldFireOnAnyDriftAndAnyStoppedJob_perHourlyRun() {
        // GIVEN the default stack
        String verifyId = synthesized.logicalId(verify.function());

        // WHEN it is synthesized
        // THEN one alarm each on the verify's DriftFound and RefreshJobsStopped: one or more in the run's hour
        for (String metric : List.of(MetricNames.DRIFT_FOUND, MetricNames.REFRESH_JOBS_STOPPED)) {
            Map<String, Object> alarm = synthesized.alarmOn(metric);
            assertThat(alarm)
                    .as(metric)
                    .containsEntry("Namespace", MetricNames.NAMESPACE)
                    .containsEntry("Statistic", "Sum")
                    .containsEntry("Period", 3600)
                    .containsEntry("EvaluationPeriods", 1)
                    .containsEntry("ComparisonOperator", "GreaterThanOrEqualToThreshold")
                    .containsEntry("TreatMissingData", "notBreaching");
            assertThat(((Number) alarm.get("Threshold")).doubleValue()).isEqualTo(1.0);
            assertThat(list(alarm, "Dimensions"))
                    .singleElement()
                    .isEqualTo(Map.of("Name", MetricNames.FUNCTION, "Value", Map.of("Ref", verifyId)));
        }
        // ... and its errors alarm like every function's
        assertThat(synthesized.resources("AWS::CloudWatch::Alarm").values().stream()
                        .map(Json::properties)
                        .filter(alarm -> "Errors".equals(alarm.get("MetricName")))
                        .filter(alarm -> list(alarm, "Dimensions")
                                .contains(Map.of("Name", "FunctionName", "Value", Map.of("Ref", verifyId))))
                        .toList())
                .hasSize(1);
    }

    @Test
    void notRunning_shouldAlarm_whenTwoHourlyRunsReportNothing() {
        // GIVEN the default stack
        // WHEN it is synthesized
        Map<String, Object> alarm = synthesized.alarmOn(MetricNames.ITEMS_VERIFIED);

        // THEN an hour without the verify's count is a breach, and two in a row alarm
        assertThat(alarm)
                .containsEntry("Statistic", "SampleCount")
                .containsEntry("Period", 3600)
                .containsEntry("EvaluationPeriods", EntityTableMonitoring.VERIFY_MISSING_PERIODS)
                .containsEntry("ComparisonOperator", "LessThanThreshold")
                .containsEntry("TreatMissingData", "breaching");
        assertThat(((Number) alarm.get("Threshold")).doubleValue()).isEqualTo(1.0);
    }

    @Test
    void dashboard_shouldHaveTheScheduledVerifyRow() {
        // GIVEN the default stack
        // WHEN it is synthesized
        String body = properties(synthesized.only("AWS::CloudWatch::Dashboard").getValue())
                .get("DashboardBody")
                .toString();

        // THEN its row shows the function, the drift and stopped jobs per run, and the items read
        assertThat(body)
                .contains("Scheduled verify: drift found, stopped refresh jobs (per run)")
                .contains("Scheduled verify: items read (per run)");
        for (String metric :
                List.of(MetricNames.DRIFT_FOUND, MetricNames.REFRESH_JOBS_STOPPED, MetricNames.ITEMS_VERIFIED)) {
            assertThat(body).as(metric).contains("\"" + MetricNames.NAMESPACE + "\",\"" + metric + "\"");
        }
    }
}
