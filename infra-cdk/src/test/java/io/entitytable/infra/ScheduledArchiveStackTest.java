package io.entitytable.infra;

import static io.entitytable.infra.Json.list;
import static io.entitytable.infra.Json.map;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.archive.job.OrderMove;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.model.ArchiveSchedule;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.TableLayout;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The scheduled archive: its function and schedule, exactly the table and bucket rights the archive job's calls need,
 * the fan-out told that the deployment archives (and able to keep the schedules), alarms and a dashboard row.
 */
class ScheduledArchiveStackTest {
    private static final String BUSINESS = "01JBZ7M3Q0A8D1S9X4Y2V6K5TN";

    private static SynthesizedStack synthesized;
    private static QuarkusLambda archive;
    private static String bucket;

    @BeforeAll
    static void synthesize() {
        synthesized = SynthesizedStack.defaults();
        archive = synthesized.stack().scheduledArchive().function();
        bucket = synthesized.logicalId(synthesized.stack().orderArchive().bucket());
    }

    @Test
    void function_shouldRunTheArchiveHandler_onTheTableAndBucket_every15Minutes_withoutRetries() {
        // GIVEN the default stack
        // WHEN it is synthesized
        Map<String, Object> function = properties(
                synthesized.resources("AWS::Lambda::Function").get(synthesized.logicalId(archive.function())));

        // THEN the function runs table-verify's archive handler at its definition's size, told the table and bucket
        assertThat(function)
                .containsEntry("Handler", FunctionDefinition.SCHEDULED_ARCHIVE.handler())
                .containsEntry("MemorySize", FunctionDefinition.SCHEDULED_ARCHIVE.memoryMb())
                .containsEntry("Timeout", FunctionDefinition.SCHEDULED_ARCHIVE.timeoutSeconds());
        assertThat(synthesized.environment(archive))
                .containsEntry(EnvironmentVariable.TABLE_NAME.variable(), Map.of("Ref", tableId()))
                .containsEntry(EnvironmentVariable.ARCHIVE_BUCKET.variable(), Map.of("Ref", bucket));
        // AND its rule invokes its alias every 15 minutes, never again for a failed run
        Map<String, Object> rule = properties(synthesized
                .resources("AWS::Events::Rule")
                .get(synthesized.logicalId(
                        synthesized.stack().scheduledArchive().schedule())));
        assertThat(rule).containsEntry("ScheduleExpression", "rate(15 minutes)").containsEntry("State", "ENABLED");
        assertThat(list(rule, "Targets")).singleElement().satisfies(target -> {
            assertThat(map(target)).containsEntry("Arn", Map.of("Ref", synthesized.logicalId(archive.alias())));
            assertThat(map(target, "RetryPolicy")).containsEntry("MaximumRetryAttempts", 0);
        });
    }

    @Test
    void role_shouldPutReadAndDeleteArchivedOrdersOnly_underTheArchivePrefixes() {
        // GIVEN the archive function's statements
        List<Object> statements = synthesized.statements(archive);

        // THEN it may put, get and delete objects under the archive's three prefixes of the bucket ...
        Map<String, Object> move = SynthesizedStack.statement(statements, "MoveArchivedOrders");
        assertThat(move.get("Action")).isEqualTo(List.of("s3:PutObject", "s3:GetObject", "s3:DeleteObject"));
        assertThat(list(move, "Resource")).hasSize(3).allSatisfy(resource -> assertThat(resource.toString())
                .contains(bucket));
        assertThat(move.get("Resource").toString()).contains("/orders/*", "/businesses/*", "/customers/*");
        // ... list those prefixes only (a GET of a missing key then answers 404) ...
        Map<String, Object> listing = SynthesizedStack.statement(statements, "ListArchivedOrders");
        assertThat(listing.get("Action")).isEqualTo("s3:ListBucket");
        assertThat(listing.get("Condition"))
                .isEqualTo(
                        Map.of("StringLike", Map.of("s3:prefix", List.of("orders/*", "businesses/*", "customers/*"))));
        // ... and nothing else of S3
        assertThat(SynthesizedStack.actions(statements))
                .filteredOn(action -> action.toString().startsWith("s3:"))
                .containsExactlyInAnyOrder("s3:PutObject", "s3:GetObject", "s3:DeleteObject", "s3:ListBucket");
    }

    @Test
    void role_shouldHaveExactlyTheTableCallsOfTheJob() {
        // GIVEN the archive function's statements
        List<Object> statements = synthesized.statements(archive);
        Object tableArn = Map.of("Fn::GetAtt", List.of(tableId(), "Arn"));

        // THEN it reads the table (a business, an order with its lines) and Queries gsi1 alone of the indexes
        Map<String, Object> read = SynthesizedStack.statement(statements, "ReadTableForArchive");
        assertThat(read.get("Action")).isEqualTo(List.of("dynamodb:GetItem", "dynamodb:Query"));
        assertThat(read.get("Resource")).isEqualTo(tableArn);
        Map<String, Object> due = SynthesizedStack.statement(statements, "FindDueForArchive");
        assertThat(due.get("Action")).isEqualTo("dynamodb:Query");
        assertThat(due.get("Resource").toString()).contains("/index/" + TableLayout.GSI1 + "]");
        // AND it updates archive schedules in their own partitions
        Map<String, Object> schedules = SynthesizedStack.statement(statements, "KeepArchiveSchedules");
        assertThat(schedules.get("Action")).isEqualTo("dynamodb:UpdateItem");
        assertThat(map(schedules, "Condition", "ForAllValues:StringLike"))
                .isEqualTo(Map.of(TableAccess.LEADING_KEYS, List.of(TableAccess.ARCHIVE_SCHEDULE_PARTITION)));
        assertThat(ArchiveSchedule.keyOf(BUSINESS).id()).matches(glob(TableAccess.ARCHIVE_SCHEDULE_PARTITION));
        // AND it sets and removes an order's lease, naming nothing but the key, the version and the lease
        Map<String, Object> lease = SynthesizedStack.statement(statements, "LeaseOrdersForArchive");
        assertThat(lease.get("Action")).isEqualTo("dynamodb:UpdateItem");
        assertThat(map(lease, "Condition", "ForAllValues:StringEquals"))
                .isEqualTo(Map.of(
                        TableAccess.ATTRIBUTES,
                        List.of(Attributes.ID, Attributes.TYPE, Attributes.VERSION, Attributes.ARCHIVING)));
        assertThat(map(lease, "Condition", "ForAnyValue:StringEquals"))
                .isEqualTo(Map.of(TableAccess.ATTRIBUTES, List.of(Attributes.ARCHIVING)));
        assertThat(map(lease, "Condition", "ForAllValues:StringNotLike"))
                .isEqualTo(Map.of(TableAccess.LEADING_KEYS, List.of(TableAccess.DUPLICATE_PARTITION)));
        assertThat(map(lease, "Condition", "StringEqualsIfExists"))
                .isEqualTo(Map.of(TableAccess.RETURN_VALUES, List.of("NONE")));
        // AND it deletes core items only (a moved order and its lines), never a copy
        Map<String, Object> delete = SynthesizedStack.statement(statements, "DeleteArchivedOrders");
        assertThat(delete.get("Action")).isEqualTo("dynamodb:DeleteItem");
        assertThat(map(delete, "Condition", "ForAllValues:StringNotLike"))
                .isEqualTo(Map.of(TableAccess.LEADING_KEYS, List.of(TableAccess.DUPLICATE_PARTITION)));
        assertThat(map(delete, "Condition", "Null")).isEqualTo(Map.of(TableAccess.LEADING_KEYS, "false"));
        // AND it counts a moved order off its business's child counter, in the counters' partitions only
        Map<String, Object> uncount = SynthesizedStack.statement(statements, "UncountArchivedOrders");
        assertThat(uncount.get("Action")).isEqualTo("dynamodb:UpdateItem");
        assertThat(map(uncount, "Condition", "ForAllValues:StringEquals"))
                .isEqualTo(Map.of(
                        TableAccess.ATTRIBUTES,
                        List.of(Attributes.ID, Attributes.TYPE, Attributes.CHILD_COUNT, Attributes.ERASING)));
        assertThat(map(uncount, "Condition", "ForAllValues:StringLike"))
                .isEqualTo(Map.of(TableAccess.LEADING_KEYS, List.of(TableAccess.CHILD_COUNTER_PARTITION)));
        assertThat(ChildCounters.of(BUSINESS, BUSINESS).id()).matches(glob(TableAccess.CHILD_COUNTER_PARTITION));
        // AND nothing more of DynamoDB: no Scan, no put, no batch
        assertThat(SynthesizedStack.actions(statements))
                .filteredOn(action -> action.toString().startsWith("dynamodb:"))
                .containsExactlyInAnyOrder(
                        "dynamodb:GetItem",
                        "dynamodb:Query",
                        "dynamodb:Query",
                        "dynamodb:UpdateItem",
                        "dynamodb:UpdateItem",
                        "dynamodb:DeleteItem",
                        "dynamodb:UpdateItem");
    }

    @Test
    void fanout_shouldBeToldTheBucket_andMayKeepTheSchedules_butNotReachTheBucket() {
        // GIVEN the default stack
        EntityTableStack stack = synthesized.stack();

        // THEN the fan-out is told the bucket, so it keeps each business's archive schedule
        assertThat(synthesized.environment(stack.fanout()))
                .containsEntry(EnvironmentVariable.ARCHIVE_BUCKET.variable(), Map.of("Ref", bucket));
        // AND it may read a business (its retention) and update a schedule's partition, as ArchiveScheduling does
        List<Object> statements = synthesized.statements(stack.fanout());
        assertThat(SynthesizedStack.statement(statements, "ReadTableAndIndexes").get("Action"))
                .isEqualTo(TableAccess.READ_ACTIONS);
        Map<String, Object> write = SynthesizedStack.statement(statements, "WriteOwnPartitionsOnly");
        assertThat(list(write, "Action")).contains("dynamodb:UpdateItem");
        assertThat(list(write, "Condition", "ForAllValues:StringLike", TableAccess.LEADING_KEYS))
                .anySatisfy(pattern ->
                        assertThat(ArchiveSchedule.keyOf(BUSINESS).id()).matches(glob(pattern.toString())));
        // AND it has no right on the bucket: it never reaches the archive
        assertThat(statements.toString()).doesNotContain(bucket);
    }

    @Test
    void monitoring_shouldAlarmOnItsErrorsAndThrottles_andGraphEveryMoveOutcome() {
        // GIVEN the default stack
        String functionId = synthesized.logicalId(archive.function());

        // THEN its errors and throttles alarm like every function's
        for (String metric : List.of("Errors", "Throttles")) {
            assertThat(synthesized.resources("AWS::CloudWatch::Alarm").values().stream()
                            .map(Json::properties)
                            .filter(alarm -> metric.equals(alarm.get("MetricName")))
                            .filter(alarm -> list(alarm, "Dimensions")
                                    .contains(Map.of("Name", "FunctionName", "Value", Map.of("Ref", functionId))))
                            .toList())
                    .as(metric)
                    .hasSize(1);
        }
        // AND the dashboard has its row, with one line per outcome of a move
        String body = properties(synthesized.only("AWS::CloudWatch::Dashboard").getValue())
                .get("DashboardBody")
                .toString();
        assertThat(body)
                .contains("Archive moves: moved, not due, held, changed, gone")
                .contains("\"" + MetricNames.NAMESPACE + "\",\"" + MetricNames.ARCHIVE_MOVES + "\"");
        for (OrderMove.Outcome outcome : OrderMove.Outcome.values()) {
            assertThat(body)
                    .as(outcome.name())
                    .contains("\"" + MetricNames.OUTCOME + "\",\"" + MetricNames.archiveOutcome(outcome) + "\"");
        }
    }

    private static String tableId() {
        return synthesized.logicalId(synthesized.stack().table().table());
    }

    /** An IAM {@code StringLike} pattern as a regular expression: {@code *} is any run of characters. */
    private static String glob(String pattern) {
        return Pattern.compile("\\*").splitAsStream(pattern).map(Pattern::quote).collect(Collectors.joining(".*"))
                + (pattern.endsWith("*") ? ".*" : "");
    }
}
