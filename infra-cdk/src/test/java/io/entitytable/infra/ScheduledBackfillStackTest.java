package io.entitytable.infra;

import static io.entitytable.infra.Json.list;
import static io.entitytable.infra.Json.map;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.model.Attributes;
import io.entitytable.model.backfill.IndexBackfill;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The scheduled backfill: its function and schedule, its table rights (Scan, its progress items, and the backfills'
 * index attributes of core items, nothing else), and a readiness alarm per backfilled access pattern.
 */
class ScheduledBackfillStackTest {
    private static SynthesizedStack synthesized;
    private static QuarkusLambda backfill;

    @BeforeAll
    static void synthesize() {
        synthesized = SynthesizedStack.defaults();
        backfill = synthesized.stack().scheduledBackfill().function();
    }

    @Test
    void function_shouldRunTheBackfillHandler_onTheTable_every15Minutes_withoutRetries() {
        Map<String, Object> function = properties(
                synthesized.resources("AWS::Lambda::Function").get(synthesized.logicalId(backfill.function())));
        assertThat(function)
                .containsEntry("Handler", FunctionDefinition.SCHEDULED_BACKFILL.handler())
                .containsEntry("Timeout", 900);
        assertThat(synthesized.environment(backfill))
                .containsEntry(
                        EnvironmentVariable.TABLE_NAME.variable(),
                        Map.of(
                                "Ref",
                                synthesized.logicalId(
                                        synthesized.stack().table().table())));

        Map<String, Object> rule = properties(synthesized
                .resources("AWS::Events::Rule")
                .get(synthesized.logicalId(
                        synthesized.stack().scheduledBackfill().schedule())));
        assertThat(rule).containsEntry("ScheduleExpression", "rate(15 minutes)").containsEntry("State", "ENABLED");
        assertThat(list(rule, "Targets")).singleElement().satisfies(target -> {
            assertThat(map(target)).containsEntry("Arn", Map.of("Ref", synthesized.logicalId(backfill.alias())));
            assertThat(map(target, "RetryPolicy")).containsEntry("MaximumRetryAttempts", 0);
        });
    }

    @Test
    void role_shouldScanTheTable_saveOnlyProgressItems_andSetOnlyTheBackfillsIndexAttributes() {
        List<Object> statements = synthesized.statements(backfill);
        Object tableArn = Map.of(
                "Fn::GetAtt",
                List.of(synthesized.logicalId(synthesized.stack().table().table()), "Arn"));

        Map<String, Object> read = SynthesizedStack.statement(statements, "ReadTableForBackfill");
        assertThat(read.get("Action")).isEqualTo(TableAccess.SCHEDULED_BACKFILL_READ_ACTIONS);
        assertThat(read.get("Resource")).isEqualTo(tableArn);

        Map<String, Object> save = SynthesizedStack.statement(statements, "SaveBackfillProgress");
        assertThat(save.get("Action")).isEqualTo("dynamodb:PutItem");
        assertThat(map(save, "Condition", "ForAllValues:StringLike"))
                .containsEntry(TableAccess.LEADING_KEYS, List.of(TableAccess.BACKFILL_PARTITION));

        Map<String, Object> update = SynthesizedStack.statement(statements, "SetBackfillIndexAttributes");
        assertThat(update.get("Action")).isEqualTo("dynamodb:UpdateItem");
        assertThat(map(update, "Condition", "ForAllValues:StringEquals"))
                .containsEntry(TableAccess.ATTRIBUTES, TableAccess.BACKFILL_ATTRIBUTES);
        assertThat(TableAccess.BACKFILL_ATTRIBUTES)
                .containsAll(IndexBackfill.CUSTOMERS_BY_EMAIL.attributes())
                .doesNotContain(Attributes.EMAIL, Attributes.STORE_IDS, Attributes.TAGS);
        assertThat(map(update, "Condition", "ForAllValues:StringNotLike"))
                .containsEntry(TableAccess.LEADING_KEYS, List.of(TableAccess.DUPLICATE_PARTITION));

        Map<String, Object> copies = SynthesizedStack.statement(statements, "PutBackfilledCopies");
        assertThat(copies.get("Action")).isEqualTo("dynamodb:PutItem");
        assertThat(map(copies, "Condition", "ForAllValues:StringLike"))
                .containsEntry(TableAccess.LEADING_KEYS, List.of(TableAccess.BACKFILL_COPY_PARTITION));
        assertThat(TableAccess.BACKFILL_COPY_PARTITION).isEqualTo("sku#*#*");

        assertThat(SynthesizedStack.actions(statements))
                .filteredOn(action -> action.toString().startsWith("dynamodb:"))
                .doesNotContain("dynamodb:DeleteItem", "dynamodb:BatchWriteItem");
    }

    @Test
    void alarms_shouldFirePerPattern_whenItHasNotBeenReadyForADay() {
        String functionId = synthesized.logicalId(backfill.function());
        Map<String, Object> alarm =
                synthesized.alarmOn(MetricNames.PATTERN_READY, IndexBackfill.CUSTOMERS_BY_EMAIL.name());

        assertThat(alarm)
                .containsEntry("Namespace", MetricNames.NAMESPACE)
                .containsEntry("Statistic", "Maximum")
                .containsEntry("Period", 3600)
                .containsEntry("EvaluationPeriods", EntityTableMonitoring.BACKFILL_NOT_READY_PERIODS)
                .containsEntry("ComparisonOperator", "LessThanThreshold")
                .containsEntry("TreatMissingData", "breaching");
        assertThat(list(alarm, "Dimensions"))
                .containsExactlyInAnyOrder(
                        Map.of("Name", MetricNames.FUNCTION, "Value", Map.of("Ref", functionId)),
                        Map.of("Name", MetricNames.BACKFILL, "Value", IndexBackfill.CUSTOMERS_BY_EMAIL.name()));
        assertThat(alarm.get("AlarmDescription").toString()).contains("access pattern 14");
    }
}
