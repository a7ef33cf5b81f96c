package io.entitytable.infra;

import static io.entitytable.infra.Json.list;
import static io.entitytable.infra.Json.map;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.model.Attributes;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.assertions.Match;

/** The refresh-job queue, its dead-letter queue, the worker, their permissions, alarms and outputs. */
class RefreshJobStackTest {
    private static final RefreshQueueTrigger TRIGGER = RefreshQueueTrigger.DEFAULT;

    private static SynthesizedStack synthesized;

    @BeforeAll
    static void synthesize() {
        synthesized = SynthesizedStack.defaults();
    }

    @Test
    void refreshQueue_shouldBeEncrypted_andRedriveToItsDeadLetterQueue_withTheTriggerSettings() {
        // GIVEN the refresh-job queue and its dead-letter queue
        // WHEN the stack is synthesized
        Map<String, Object> queue = queue(synthesized.stack().refreshQueue().queue());
        Map<String, Object> deadLetters =
                queue(synthesized.stack().refreshQueue().deadLetterQueue());
        // THEN both are SQS-managed encrypted and keep messages as long as the trigger says
        assertThat(queue).containsEntry("SqsManagedSseEnabled", true);
        assertThat(deadLetters).containsEntry("SqsManagedSseEnabled", true).doesNotContainKey("RedrivePolicy");
        assertThat(number(queue, "MessageRetentionPeriod")).isEqualTo(TRIGGER.retentionSeconds());
        assertThat(number(deadLetters, "MessageRetentionPeriod")).isEqualTo(TRIGGER.retentionSeconds());
        // ... the queue hides a received message for six worker timeouts
        assertThat(number(queue, "VisibilityTimeout")).isEqualTo(TRIGGER.visibilityTimeoutSeconds());
        assertThat(TRIGGER.visibilityTimeoutSeconds())
                .isGreaterThanOrEqualTo(6 * FunctionDefinition.REFRESH_WORKER.timeoutSeconds());
        // ... and moves a message to the dead-letter queue after maxReceiveCount receives
        assertThat(number(map(queue, "RedrivePolicy"), "maxReceiveCount")).isEqualTo(TRIGGER.maxReceiveCount());
        assertThat(map(queue, "RedrivePolicy", "deadLetterTargetArn"))
                .isEqualTo(Map.of(
                        "Fn::GetAtt",
                        List.of(
                                synthesized.logicalId(
                                        synthesized.stack().refreshQueue().deadLetterQueue()),
                                "Arn")));
    }

    @Test
    void refreshQueues_shouldRefuseRequestsWithoutTls() {
        for (software.amazon.awscdk.services.sqs.Queue queue : List.of(
                synthesized.stack().refreshQueue().queue(),
                synthesized.stack().refreshQueue().deadLetterQueue())) {
            // GIVEN one of the refresh queues
            // WHEN the stack is synthesized
            // THEN its queue policy denies every request without TLS
            synthesized
                    .template()
                    .hasResourceProperties(
                            "AWS::SQS::QueuePolicy",
                            Map.of(
                                    "Queues",
                                    List.of(Map.of("Ref", synthesized.logicalId(queue))),
                                    "PolicyDocument",
                                    Map.of(
                                            "Statement",
                                            Match.arrayWith(List.of(Match.objectLike(Map.of(
                                                    "Effect",
                                                    "Deny",
                                                    "Condition",
                                                    Map.of("Bool", Map.of("aws:SecureTransport", "false")))))))));
        }
    }

    @Test
    void workerMapping_shouldDrainTheRefreshQueueIntoTheWorkersAlias_withTheTriggerSettings() {
        // GIVEN the trigger settings
        // WHEN the stack is synthesized
        Map<String, Object> mapping = sqsMapping();
        // THEN the worker's alias reads the refresh queue in batches, reports partial failures, and is capped
        assertThat(mapping)
                .containsEntry("EventSourceArn", Map.of("Fn::GetAtt", List.of(refreshQueueId(), "Arn")))
                .containsEntry("FunctionResponseTypes", List.of("ReportBatchItemFailures"));
        assertThat(mapping.get("FunctionName").toString())
                .contains(synthesized.logicalId(
                        synthesized.stack().refreshWorker().alias()))
                .contains(QuarkusLambda.ALIAS);
        assertThat(RefreshQueueTrigger.REPORT_BATCH_ITEM_FAILURES).isTrue();
        assertThat(number(mapping, "BatchSize")).isEqualTo(TRIGGER.batchSize());
        assertThat(number(map(mapping, "ScalingConfig"), "MaximumConcurrency")).isEqualTo(TRIGGER.maxConcurrency());
        Object window = mapping.get("MaximumBatchingWindowInSeconds");
        assertThat(window == null ? 0 : ((Number) window).intValue()).isEqualTo(TRIGGER.maxBatchingWindowSeconds());
    }

    @Test
    void worker_shouldAllowItsRecursiveLoop_andTheOtherFunctionsShouldNot() {
        // GIVEN the four functions
        // WHEN the stack is synthesized
        // THEN only the worker, which re-enqueues to its own trigger, lets Lambda's loop detection pass
        assertThat(function(synthesized.stack().refreshWorker())).containsEntry("RecursiveLoop", "Allow");
        assertThat(function(synthesized.stack().api())).doesNotContainKey("RecursiveLoop");
        assertThat(function(synthesized.stack().fanout())).doesNotContainKey("RecursiveLoop");
        assertThat(function(synthesized.stack().searchIndexing().orElseThrow().indexer()))
                .doesNotContainKey("RecursiveLoop");
    }

    @Test
    void environments_shouldGiveTheQueueUrlToTheFanoutAndTheWorker_only() {
        // GIVEN the refresh queue
        Map<String, String> queueUrl = Map.of("Ref", refreshQueueId());
        // WHEN the stack is synthesized
        Map<String, Object> worker = synthesized.environment(synthesized.stack().refreshWorker());
        // THEN the worker runs the zip's refresh handler against the table and the queue
        assertThat(worker)
                .containsEntry(
                        EnvironmentVariable.QUARKUS_LAMBDA_HANDLER.variable(),
                        FunctionDefinition.REFRESH_WORKER.namedHandler())
                .containsEntry(EnvironmentVariable.TABLE_NAME.variable(), Map.of("Ref", tableId()))
                .containsEntry(EnvironmentVariable.REFRESH_QUEUE_URL.variable(), queueUrl)
                .doesNotContainKeys(
                        EnvironmentVariable.CURSOR_SECRET.variable(), EnvironmentVariable.CURSOR_SECRET_ARN.variable());
        assertThat(FunctionDefinition.REFRESH_WORKER.zipPath()).isEqualTo(FunctionDefinition.STREAM_FANOUT.zipPath());
        // ... the fan-out can enqueue, and the API knows nothing of the queue
        assertThat(synthesized.environment(synthesized.stack().fanout()))
                .containsEntry(EnvironmentVariable.REFRESH_QUEUE_URL.variable(), queueUrl);
        assertThat(synthesized.environment(synthesized.stack().api()))
                .doesNotContainKey(EnvironmentVariable.REFRESH_QUEUE_URL.variable());
    }

    @Test
    void fanoutAndWorker_shouldSendOnlyToTheRefreshQueue() {
        for (QuarkusLambda function :
                List.of(synthesized.stack().fanout(), synthesized.stack().refreshWorker())) {
            // GIVEN a function that enqueues segments
            List<Object> statements = synthesized.statements(function);
            // WHEN its statement for the refresh queue is read
            // THEN it is SendMessage alone, on that queue alone
            assertThat(SynthesizedStack.statement(statements, "SendRefreshJobSegments"))
                    .containsEntry("Action", Queues.SEND_MESSAGE)
                    .containsEntry("Resource", Map.of("Fn::GetAtt", List.of(refreshQueueId(), "Arn")));
        }
        // ... and the only other SendMessage of the fan-out is its stream mapping's dead-letter queue
        String streamDlqId = synthesized.logicalId(synthesized.stack().trigger().deadLetterQueue());
        assertThat(synthesized.statements(synthesized.stack().fanout()).stream()
                        .map(Json::map)
                        .filter(statement ->
                                SynthesizedStack.actions(List.of(statement)).contains(Queues.SEND_MESSAGE))
                        .map(statement -> statement.get("Resource")))
                .containsExactlyInAnyOrder(
                        Map.of("Fn::GetAtt", List.of(refreshQueueId(), "Arn")),
                        Map.of("Fn::GetAtt", List.of(streamDlqId, "Arn")));
        // ... the worker's other SQS rights are its mapping's, on the refresh queue
        synthesized.statements(synthesized.stack().refreshWorker()).stream()
                .map(Json::map)
                .filter(statement -> SynthesizedStack.actions(List.of(statement)).stream()
                        .anyMatch(action -> action.toString().startsWith("sqs:")))
                .forEach(statement -> assertThat(statement.get("Resource"))
                        .isEqualTo(Map.of("Fn::GetAtt", List.of(refreshQueueId(), "Arn"))));
        // ... and the API sends nothing
        assertThat(SynthesizedStack.actions(
                        synthesized.statements(synthesized.stack().api())))
                .noneMatch(action -> action.toString().startsWith("sqs:"));
    }

    @Test
    void workerRole_shouldReadWithoutScan_andWriteDuplicatesAndJobs() {
        // GIVEN the worker's role
        List<Object> statements = synthesized.statements(synthesized.stack().refreshWorker());
        // WHEN its table statements are read
        // THEN it reads like the fan-out and writes duplicate and job partitions, never Scans, and batches writes in
        // one statement only, the erase's
        assertThat(SynthesizedStack.actions(statements)).doesNotContain("dynamodb:Scan", "dynamodb:*");
        assertThat(statements)
                .filteredOn(statement ->
                        String.valueOf(((Map<?, ?>) statement).get("Action")).contains(TableAccess.BATCH_WRITE_ACTION))
                .extracting(statement -> (Object) ((Map<?, ?>) statement).get("Sid"))
                .containsExactly("EraseBatchTombstonesAndLines");
        assertThat(SynthesizedStack.statement(statements, "ReadTableAndIndexes"))
                .containsEntry("Action", TableAccess.READ_ACTIONS);
        assertThat(SynthesizedStack.statement(statements, "WriteOwnPartitionsOnly"))
                .containsEntry("Action", TableAccess.WRITE_ACTIONS)
                .containsEntry(
                        "Condition",
                        Map.of(
                                "ForAllValues:StringLike",
                                Map.of(
                                        TableAccess.LEADING_KEYS,
                                        List.of(TableAccess.DUPLICATE_PARTITION, TableAccess.JOB_PARTITION))));
        assertThat(TableAccess.JOB_PARTITION).isEqualTo(Keys.refreshJobId("*"));
    }

    @Test
    void workerRole_shouldUpdateCoreItemsOnlyThroughTheNamedAttributes_returningNothing() {
        // GIVEN the worker's role
        List<Object> statements = synthesized.statements(synthesized.stack().refreshWorker());
        // WHEN its one core-write statement is read
        Map<String, Object> statement = SynthesizedStack.statement(statements, "RemoveStoreFromCustomer");
        // THEN it is UpdateItem on the table, whose expressions may touch exactly the key, storeIds, version,
        // updatedAt and the request id the version before named (removed, as no request asked for the unlink), must
        // name storeIds (so a request naming no attribute, which ForAllValues alone allows, is not),
        // which returns no values, and only in core partitions
        assertThat(statement)
                .containsEntry("Effect", "Allow")
                .containsEntry("Action", "dynamodb:UpdateItem")
                .containsEntry("Resource", Map.of("Fn::GetAtt", List.of(tableId(), "Arn")))
                .containsEntry(
                        "Condition",
                        Map.of(
                                "ForAllValues:StringEquals",
                                Map.of(
                                        TableAccess.ATTRIBUTES,
                                        List.of(
                                                Attributes.ID,
                                                Attributes.TYPE,
                                                Attributes.STORE_IDS,
                                                Attributes.VERSION,
                                                Attributes.UPDATED_AT,
                                                Attributes.CORRELATION_ID)),
                                "ForAnyValue:StringEquals",
                                Map.of(TableAccess.ATTRIBUTES, List.of(Attributes.STORE_IDS)),
                                "Null",
                                Map.of(TableAccess.ATTRIBUTES, "false", TableAccess.LEADING_KEYS, "false"),
                                "StringEqualsIfExists",
                                Map.of(TableAccess.RETURN_VALUES, List.of("NONE")),
                                "ForAllValues:StringNotLike",
                                Map.of(TableAccess.LEADING_KEYS, List.of(TableAccess.DUPLICATE_PARTITION))));
    }

    @Test
    void workerRole_shouldEraseOnlyInCorePartitions_puttingTombstonesBatchingAndCountingThroughTheirAttributesOnly() {
        // GIVEN the worker's role
        List<Object> statements = synthesized.statements(synthesized.stack().refreshWorker());
        Map<String, Object> coreOnly = Map.of(TableAccess.LEADING_KEYS, List.of(TableAccess.DUPLICATE_PARTITION));

        // WHEN its erase statements are read
        Map<String, Object> deletes = SynthesizedStack.statement(statements, "EraseDeleteCoreItems");
        Map<String, Object> tombstones = SynthesizedStack.statement(statements, "ErasePutTombstones");
        Map<String, Object> counters = SynthesizedStack.statement(statements, "EraseUncountChildren");
        Map<String, Object> batches = SynthesizedStack.statement(statements, "EraseBatchTombstonesAndLines");

        // THEN deletes are held to core partitions; a put may name only a tombstone's attributes and an update only a
        // counter's, each returning nothing, in core partitions only; a batch is held as the put is, so its deletes
        // name their key alone and its puts are tombstones
        assertThat(deletes)
                .containsEntry("Action", "dynamodb:DeleteItem")
                .containsEntry(
                        "Condition",
                        Map.of(
                                "Null",
                                Map.of(TableAccess.LEADING_KEYS, "false"),
                                "ForAllValues:StringNotLike",
                                coreOnly));
        assertThat(tombstones).containsEntry("Action", "dynamodb:PutItem");
        assertThat(batches).containsEntry("Action", TableAccess.BATCH_WRITE_ACTION);
        assertThat(batches.get("Condition")).isEqualTo(tombstones.get("Condition"));
        assertThat(counters).containsEntry("Action", "dynamodb:UpdateItem");
        for (var statement : List.of(tombstones, counters)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> condition = (Map<String, Object>) statement.get("Condition");
            assertThat(condition)
                    .containsEntry("Null", Map.of(TableAccess.ATTRIBUTES, "false", TableAccess.LEADING_KEYS, "false"))
                    .containsEntry("StringEqualsIfExists", Map.of(TableAccess.RETURN_VALUES, List.of("NONE")))
                    .containsEntry("ForAllValues:StringNotLike", coreOnly);
        }
        assertThat(tombstones.get("Condition"))
                .isEqualTo(Map.of(
                        "ForAllValues:StringEquals",
                        Map.of(
                                TableAccess.ATTRIBUTES,
                                List.of(Attributes.ID, Attributes.TYPE, Attributes.KIND, Attributes.VERSION)),
                        "Null",
                        Map.of(TableAccess.ATTRIBUTES, "false", TableAccess.LEADING_KEYS, "false"),
                        "StringEqualsIfExists",
                        Map.of(TableAccess.RETURN_VALUES, List.of("NONE")),
                        "ForAllValues:StringNotLike",
                        coreOnly));
        assertThat(((Map<?, ?>) counters.get("Condition")).get("ForAllValues:StringEquals"))
                .isEqualTo(Map.of(
                        TableAccess.ATTRIBUTES, List.of(Attributes.ID, Attributes.TYPE, Attributes.CHILD_COUNT)));
        // and the erase's job item is in a job partition, which the worker may write as the fan-out may
        assertThat(Keys.eraseJobId(Ids.newId())).endsWith(Keys.refreshJobId(""));
    }

    @Test
    void partitionPatterns_shouldLetTheApiAndTheFanoutWriteJobs_andKeepCoreItemsFromTheFanout() {
        // GIVEN a job partition, a core partition and a duplicate partition
        String id = Ids.newId();
        String job = Keys.refreshJobId(id);
        String duplicate = Keys.tagPartition(Ids.newId(), "vip");
        // WHEN the synthesized write conditions of the API and the fan-out are applied to them
        List<String> apiDenied = writePatterns(synthesized.stack().api(), "ForAllValues:StringNotLike");
        List<String> fanoutAllowed = writePatterns(synthesized.stack().fanout(), "ForAllValues:StringLike");
        // THEN the API may write the job (it asks for one when it deletes a store with links) and the core item, but
        // no duplicate
        assertThat(matchesAny(apiDenied, job)).isFalse();
        assertThat(matchesAny(apiDenied, id)).isFalse();
        assertThat(matchesAny(apiDenied, duplicate)).isTrue();
        // ... and the fan-out may write the job and the duplicate, but not the core item
        assertThat(matchesAny(fanoutAllowed, job)).isTrue();
        assertThat(matchesAny(fanoutAllowed, duplicate)).isTrue();
        assertThat(matchesAny(fanoutAllowed, id)).isFalse();
    }

    @Test
    void alarms_shouldWatchRefreshDeadLettersTheOldestSegmentAndWorkerErrors_onTheDashboard() {
        // GIVEN the stack
        // WHEN it is synthesized
        Map<String, Map<String, Object>> alarms = synthesized.resources("AWS::CloudWatch::Alarm");
        // THEN anything in the refresh dead-letter queue alarms
        Map<String, Object> deadLetters = alarmOn(alarms, "ApproximateNumberOfMessagesVisible", refreshDlqId());
        assertThat(deadLetters).containsEntry("ComparisonOperator", "GreaterThanOrEqualToThreshold");
        assertThat(((Number) deadLetters.get("Threshold")).doubleValue()).isEqualTo(1);
        // ... and so does a segment older than the time after which a job shows as stopped
        Map<String, Object> age = alarmOn(alarms, "ApproximateAgeOfOldestMessage", refreshQueueId());
        assertThat(((Number) age.get("Threshold")).longValue())
                .isEqualTo(RefreshJob.STOPPED_AFTER.toSeconds())
                .isEqualTo(
                        EntityTableMonitoring.REFRESH_AGE_THRESHOLD.toSeconds().longValue());
        // ... and worker errors, with no action anywhere
        String workerId =
                synthesized.logicalId(synthesized.stack().refreshWorker().function());
        assertThat(alarms.values().stream()
                        .map(Json::properties)
                        .filter(alarm -> "Errors".equals(alarm.get("MetricName")))
                        .map(alarm -> list(alarm, "Dimensions").toString()))
                .anyMatch(dimensions -> dimensions.contains(workerId));
        assertThat(alarms.values())
                .allSatisfy(alarm -> assertThat(properties(alarm)).doesNotContainKey("AlarmActions"));
        // ... and the dashboard shows the worker and the refresh queue
        String body = properties(synthesized.only("AWS::CloudWatch::Dashboard").getValue())
                .get("DashboardBody")
                .toString();
        assertThat(body)
                .contains("ApproximateAgeOfOldestMessage")
                .contains(refreshQueueId())
                .contains(refreshDlqId())
                .contains(workerId);
    }

    @Test
    void outputs_shouldNameBothRefreshQueues() {
        // GIVEN the stack
        // WHEN it is synthesized
        Map<String, Map<String, Object>> outputs = outputs();
        // THEN the refresh queue's and its dead-letter queue's URLs are outputs
        assertThat(outputs.get(EntityTableStack.Output.REFRESH_QUEUE_URL.id))
                .containsEntry("Value", Map.of("Ref", refreshQueueId()));
        assertThat(outputs.get(EntityTableStack.Output.REFRESH_DEAD_LETTER_QUEUE_URL.id))
                .containsEntry("Value", Map.of("Ref", refreshDlqId()));
    }

    private static Map<String, Object> queue(software.amazon.awscdk.services.sqs.Queue queue) {
        return properties(synthesized.resources("AWS::SQS::Queue").get(synthesized.logicalId(queue)));
    }

    private static Map<String, Object> function(QuarkusLambda function) {
        return properties(
                synthesized.resources("AWS::Lambda::Function").get(synthesized.logicalId(function.function())));
    }

    private static Map<String, Object> sqsMapping() {
        List<Map<String, Object>> mappings = synthesized.resources("AWS::Lambda::EventSourceMapping").values().stream()
                .map(Json::properties)
                .filter(mapping -> !mapping.containsKey("StartingPosition"))
                .toList();
        assertThat(mappings).hasSize(1);
        return mappings.get(0);
    }

    private static Map<String, Object> alarmOn(
            Map<String, Map<String, Object>> alarms, String metricName, String queueId) {
        List<Map<String, Object>> found = alarms.values().stream()
                .map(Json::properties)
                .filter(alarm -> metricName.equals(alarm.get("MetricName")))
                .filter(alarm -> list(alarm, "Dimensions").toString().contains(queueId))
                .toList();
        assertThat(found).as(metricName + " alarm on " + queueId).hasSize(1);
        return found.get(0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> outputs() {
        return (Map<String, Map<String, Object>>)
                (Map<String, ?>) synthesized.template().findOutputs("*");
    }

    @SuppressWarnings("unchecked")
    private static List<String> writePatterns(QuarkusLambda function, String operator) {
        Object patterns = map(
                        SynthesizedStack.statement(synthesized.statements(function), "WriteOwnPartitionsOnly"),
                        "Condition",
                        operator)
                .get(TableAccess.LEADING_KEYS);
        return patterns instanceof List<?> many ? (List<String>) many : List.of((String) patterns);
    }

    /** IAM's StringLike: {@code *} is any run of characters, {@code ?} any one character. */
    private static boolean matchesAny(List<String> patterns, String value) {
        return patterns.stream().anyMatch(pattern -> Pattern.compile(
                        Pattern.quote(pattern).replace("*", "\\E.*\\Q").replace("?", "\\E.\\Q"))
                .matcher(value)
                .matches());
    }

    private static String refreshQueueId() {
        return synthesized.logicalId(synthesized.stack().refreshQueue().queue());
    }

    private static String refreshDlqId() {
        return synthesized.logicalId(synthesized.stack().refreshQueue().deadLetterQueue());
    }

    private static String tableId() {
        return synthesized.logicalId(synthesized.stack().table().table());
    }

    private static int number(Map<String, Object> properties, String key) {
        return ((Number) properties.get(key)).intValue();
    }
}
