package io.entitytable.infra;

import static io.entitytable.infra.Json.list;
import static io.entitytable.infra.Json.map;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.deployment.StreamFilters;
import io.entitytable.deployment.StreamTrigger;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.services.sqs.Queue;

/**
 * Search: the OpenSearch Serverless collection and its three policies, the indexer with its stream mapping and queues,
 * the API's read access, alarms and outputs; and a stack with {@code search=false}, which has none of it.
 */
class SearchStackTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final StreamTrigger TRIGGER = StreamTrigger.SEARCH_INDEXER;

    private static SynthesizedStack synthesized;
    private static SynthesizedStack withoutSearch;
    private static SearchCollection collection;
    private static SearchIndexing indexing;

    @BeforeAll
    static void synthesize() {
        synthesized = SynthesizedStack.defaults();
        withoutSearch = SynthesizedStack.synthesize(Map.of("search", "false"));
        collection = synthesized.stack().searchCollection().orElseThrow();
        indexing = synthesized.stack().searchIndexing().orElseThrow();
    }

    @Test
    void collection_shouldBeASearchCollectionWithStandbyReplicas_createdAfterItsSecurityPolicies() {
        // GIVEN the default config
        // WHEN the stack is synthesized
        Map.Entry<String, Map<String, Object>> found = synthesized.only("AWS::OpenSearchServerless::Collection");
        // THEN there is one collection of type SEARCH, named after the stage, with standby replicas
        assertThat(properties(found.getValue()))
                .containsEntry("Type", "SEARCH")
                .containsEntry("Name", "entitytable-" + StackConfig.DEFAULT_STAGE)
                .containsEntry("StandbyReplicas", "ENABLED");
        // ... created only once its encryption and network policies exist
        assertThat(collection.securityPolicies()).hasSize(2);
        assertThat(list(found.getValue(), "DependsOn"))
                .containsAll(collection.securityPolicies().stream()
                        .map(synthesized.stack()::getLogicalId)
                        .toList());
        // ... and retained with the stack's default removal policy
        assertThat(found.getValue()).containsEntry("DeletionPolicy", "Retain");
    }

    @Test
    void encryptionPolicy_shouldUseAnAwsOwnedKey_forTheCollectionOnly() {
        // GIVEN the collection's encryption policy
        Map<String, Object> policy = securityPolicy("encryption");
        // WHEN its document is read
        Map<String, Object> document = Json.map(parse(policy.get("Policy")));
        // THEN it names the collection alone and an AWS-owned key
        assertThat(policy).containsEntry("Name", collection.name() + "-enc");
        assertThat(document).containsEntry("AWSOwnedKey", true).containsEntry("Rules", List.of(collectionRule()));
    }

    @Test
    void networkPolicy_shouldOpenThePublicEndpoint_ofTheCollectionOnly() {
        // GIVEN the collection's network policy
        Map<String, Object> policy = securityPolicy("network");
        // WHEN its document is read
        List<Object> document = Json.list(parse(policy.get("Policy")));
        // THEN one rule set opens the collection's endpoint (not its dashboards) to signed requests from anywhere
        assertThat(policy).containsEntry("Name", collection.name() + "-net");
        assertThat(document).containsExactly(Map.of("Rules", List.of(collectionRule()), "AllowFromPublic", true));
    }

    @Test
    void dataAccessPolicy_shouldLetTheIndexerWriteAndTheApiRead_andNobodyElse() {
        // GIVEN the one data-access policy
        Map<String, Object> policy = properties(
                synthesized.only("AWS::OpenSearchServerless::AccessPolicy").getValue());
        // WHEN its document is read, role ARNs rendered as <logical id>.Arn
        List<Map<String, Object>> rules =
                Json.list(parse(policy.get("Policy"))).stream().map(Json::map).toList();
        assertThat(policy).containsEntry("Type", "data").containsEntry("Name", collection.name() + "-data");
        // THEN there are exactly two principals: the indexer's role and the API's role
        String indexerRole = roleArn(indexing.indexer());
        String apiRole = roleArn(synthesized.stack().api());
        assertThat(rules.stream().flatMap(rule -> list(rule, "Principal").stream()))
                .containsExactlyInAnyOrder(indexerRole, apiRole);
        String indexes = "index/" + collection.name() + "/" + SearchIndex.ALIAS + "*";
        // ... the indexer may create, describe and update the index, write documents, and manage the alias
        assertThat(rulesOf(rules, indexerRole))
                .containsExactlyInAnyOrder(
                        Map.of(
                                "ResourceType",
                                "index",
                                "Resource",
                                List.of(indexes),
                                "Permission",
                                List.of(
                                        "aoss:CreateIndex",
                                        "aoss:DescribeIndex",
                                        "aoss:UpdateIndex",
                                        "aoss:WriteDocument")),
                        Map.of(
                                "ResourceType",
                                "collection",
                                "Resource",
                                List.of("collection/" + collection.name()),
                                "Permission",
                                List.of(
                                        "aoss:CreateCollectionItems",
                                        "aoss:DescribeCollectionItems",
                                        "aoss:UpdateCollectionItems")));
        // ... and the API may only read documents
        assertThat(rulesOf(rules, apiRole))
                .containsExactly(Map.of(
                        "ResourceType",
                        "index",
                        "Resource",
                        List.of(indexes),
                        "Permission",
                        List.of("aoss:ReadDocument")));
        // ... which covers the alias and the versioned index behind it, and nothing that can delete
        assertThat(SearchIndex.physicalName()).startsWith(SearchIndex.ALIAS);
        assertThat(policy.get("Policy").toString()).doesNotContain("Delete", "aoss:*");
    }

    @Test
    void indexerAndApiRoles_shouldReachTheCollectionsDataPlane_andTheOtherFunctionsShouldNot() {
        // GIVEN the collection's ARN
        Map<String, Object> arn = Map.of("Fn::GetAtt", List.of(collectionId(), "Arn"));
        for (QuarkusLambda function :
                List.of(indexing.indexer(), synthesized.stack().api())) {
            // WHEN a search role's statements are read
            // THEN it has aoss:APIAccessAll on this collection only
            assertThat(SynthesizedStack.statement(synthesized.statements(function), "SearchCollectionDataPlane"))
                    .containsEntry("Action", SearchCollection.API_ACCESS_ALL)
                    .containsEntry("Resource", arn);
        }
        // ... and the fan-out and the worker have no aoss action at all
        for (QuarkusLambda function :
                List.of(synthesized.stack().fanout(), synthesized.stack().refreshWorker())) {
            assertThat(SynthesizedStack.actions(synthesized.statements(function)))
                    .noneMatch(action -> action.toString().startsWith("aoss:"));
        }
    }

    @Test
    void indexer_shouldRunItsNamedHandler_withTheEndpointTableAndDeadLetterQueue() {
        // GIVEN the indexer's definition
        FunctionDefinition definition = FunctionDefinition.SEARCH_INDEXER;
        // WHEN the stack is synthesized
        Map<String, Object> function = properties(synthesized
                .resources("AWS::Lambda::Function")
                .get(synthesized.logicalId(indexing.indexer().function())));
        // THEN it runs the zip's @Named handler with the definition's size
        assertThat(function).containsEntry("Handler", definition.handler());
        assertThat(((Number) function.get("MemorySize")).intValue()).isEqualTo(definition.memoryMb());
        assertThat(((Number) function.get("Timeout")).intValue()).isEqualTo(definition.timeoutSeconds());
        // ... against the collection's endpoint (signed), the table, and the refused-records queue
        assertThat(synthesized.environment(indexing.indexer()))
                .containsEntry(EnvironmentVariable.QUARKUS_LAMBDA_HANDLER.variable(), definition.namedHandler())
                .containsEntry(EnvironmentVariable.SEARCH_ENDPOINT.variable(), endpoint())
                .containsEntry(EnvironmentVariable.SEARCH_SIGNING.variable(), "true")
                .containsEntry(EnvironmentVariable.TABLE_NAME.variable(), Map.of("Ref", tableId()))
                .containsEntry(
                        EnvironmentVariable.SEARCH_DEAD_LETTER_QUEUE_URL.variable(),
                        Map.of("Ref", synthesized.logicalId(indexing.deadLetterQueue())))
                .doesNotContainKeys(
                        EnvironmentVariable.CURSOR_SECRET.variable(), EnvironmentVariable.CURSOR_SECRET_ARN.variable());
    }

    @Test
    void indexerMapping_shouldUseTheSearchTriggerAndItsFiltersVerbatim_onTheIndexersAlias() {
        // GIVEN the indexer's trigger settings
        // WHEN the stack is synthesized
        Map<String, Object> mapping = streamMappings(synthesized).stream()
                .filter(candidate -> candidate.get("FunctionName").toString().contains(aliasId(indexing.indexer())))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no mapping on the indexer's alias"));
        // THEN the filters are exactly the table model's, and every trigger setting is deployed
        assertThat(list(mapping, "FilterCriteria", "Filters").stream()
                        .map(filter -> map(filter).get("Pattern"))
                        .toList())
                .containsExactlyElementsOf(TRIGGER.filterPatterns());
        assertThat(TRIGGER.filterPatterns()).isEqualTo(StreamFilters.PATTERNS);
        assertThat(mapping)
                .containsEntry("StartingPosition", TRIGGER.startingPosition())
                .containsEntry("BisectBatchOnFunctionError", TRIGGER.bisectBatchOnError())
                .containsEntry("FunctionResponseTypes", List.of("ReportBatchItemFailures"))
                .containsEntry("EventSourceArn", Map.of("Fn::GetAtt", List.of(tableId(), "StreamArn")));
        assertThat(TRIGGER.reportBatchItemFailures()).isTrue();
        assertThat(number(mapping, "BatchSize")).isEqualTo(TRIGGER.batchSize());
        assertThat(number(mapping, "MaximumBatchingWindowInSeconds")).isEqualTo(TRIGGER.maxBatchingWindowSeconds());
        assertThat(number(mapping, "MaximumRetryAttempts")).isEqualTo(TRIGGER.maxRetryAttempts());
        assertThat(number(mapping, "MaximumRecordAgeInSeconds")).isEqualTo(TRIGGER.maxRecordAgeSeconds());
        assertThat(number(mapping, "ParallelizationFactor")).isEqualTo(TRIGGER.parallelizationFactor());
        // ... and batches it gives up on go to its own on-failure queue
        assertThat(map(mapping, "DestinationConfig", "OnFailure", "Destination"))
                .isEqualTo(Map.of("Fn::GetAtt", List.of(streamDlqId(), "Arn")));
    }

    @Test
    void tableStream_shouldHaveExactlyTwoConsumers_theFanoutAndTheIndexer() {
        // GIVEN DynamoDB Streams' limit of two readers per shard
        // WHEN the stack is synthesized
        List<Map<String, Object>> mappings = streamMappings(synthesized);
        // THEN exactly two mappings read the stream: the fan-out's alias and the indexer's alias
        assertThat(mappings).hasSize(2);
        assertThat(mappings.stream().map(mapping -> mapping.get("FunctionName").toString()))
                .anySatisfy(name ->
                        assertThat(name).contains(aliasId(synthesized.stack().fanout())))
                .anySatisfy(name -> assertThat(name).contains(aliasId(indexing.indexer())));
    }

    @Test
    void searchQueues_shouldBeEncrypted_refuseRequestsWithoutTls_andKeepMessagesTwoWeeks() {
        for (Queue queue :
                List.of(indexing.deadLetterQueue(), indexing.trigger().deadLetterQueue())) {
            // GIVEN one of the search dead-letter queues
            // WHEN the stack is synthesized
            Map<String, Object> properties =
                    properties(synthesized.resources("AWS::SQS::Queue").get(synthesized.logicalId(queue)));
            // THEN it is SQS-managed encrypted, keeps messages for SQS's maximum, and redrives nowhere
            assertThat(properties).containsEntry("SqsManagedSseEnabled", true).doesNotContainKey("RedrivePolicy");
            assertThat(number(properties, "MessageRetentionPeriod"))
                    .isEqualTo(StreamFanoutTrigger.DLQ_RETENTION.toSeconds().intValue());
            // ... and its queue policy denies every request without TLS
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
    void indexerRole_shouldSendRefusedRecords_queryOrderLines_andReadTheStream_only() {
        // GIVEN the indexer's role
        List<Object> statements = synthesized.statements(indexing.indexer());
        // WHEN its statements are read
        // THEN it may send to the refused-records queue (SendMessage covers SendMessageBatch)
        assertThat(SynthesizedStack.statement(statements, "SendRefusedDocuments"))
                .containsEntry("Action", Queues.SEND_MESSAGE)
                .containsEntry(
                        "Resource",
                        Map.of("Fn::GetAtt", List.of(synthesized.logicalId(indexing.deadLetterQueue()), "Arn")));
        // ... its other SQS right is its mapping's on-failure queue
        assertThat(statements.stream()
                        .map(Json::map)
                        .filter(statement -> SynthesizedStack.actions(List.of(statement)).stream()
                                .anyMatch(action -> action.toString().startsWith("sqs:")))
                        .map(statement -> statement.get("Resource")))
                .containsExactlyInAnyOrder(
                        Map.of("Fn::GetAtt", List.of(synthesized.logicalId(indexing.deadLetterQueue()), "Arn")),
                        Map.of("Fn::GetAtt", List.of(streamDlqId(), "Arn")));
        // ... it reads the table only by Query, on the table itself, and writes nothing
        assertThat(SynthesizedStack.statement(statements, "QueryOrderLines"))
                .containsEntry("Action", TableAccess.SEARCH_INDEXER_READ_ACTION)
                .containsEntry("Resource", Map.of("Fn::GetAtt", List.of(tableId(), "Arn")));
        List<String> dynamoActions = SynthesizedStack.actions(statements).stream()
                .map(Object::toString)
                .filter(action -> action.startsWith("dynamodb:"))
                .toList();
        assertThat(dynamoActions)
                .contains("dynamodb:Query", "dynamodb:GetRecords", "dynamodb:GetShardIterator")
                .doesNotContain(
                        "dynamodb:PutItem",
                        "dynamodb:UpdateItem",
                        "dynamodb:DeleteItem",
                        "dynamodb:Scan",
                        "dynamodb:GetItem",
                        "dynamodb:BatchWriteItem");
    }

    @Test
    void api_shouldGetTheSearchEndpoint() {
        // GIVEN the default stack
        // WHEN the API's environment is read
        // THEN it reaches the same collection, signed
        assertThat(synthesized.environment(synthesized.stack().api()))
                .containsEntry(EnvironmentVariable.SEARCH_ENDPOINT.variable(), endpoint())
                .containsEntry(EnvironmentVariable.SEARCH_SIGNING.variable(), "true")
                .doesNotContainKey(EnvironmentVariable.SEARCH_DEAD_LETTER_QUEUE_URL.variable());
    }

    @Test
    void alarms_shouldWatchTheIndexersLagBothSearchQueuesErrorsAndThrottles_onTheDashboard() {
        // GIVEN the stack
        // WHEN it is synthesized
        List<Map<String, Object>> alarms = synthesized.resources("AWS::CloudWatch::Alarm").values().stream()
                .map(Json::properties)
                .toList();
        String indexerId = synthesized.logicalId(indexing.indexer().function());
        // THEN the indexer's iterator age alarms at the fan-out's threshold
        Map<String, Object> iteratorAge = alarmOn(alarms, "IteratorAge", indexerId);
        assertThat(((Number) iteratorAge.get("Threshold")).doubleValue())
                .isEqualTo(EntityTableMonitoring.ITERATOR_AGE_THRESHOLD
                        .toMilliseconds()
                        .doubleValue());
        // ... anything in either search queue alarms
        for (String queueId : List.of(synthesized.logicalId(indexing.deadLetterQueue()), streamDlqId())) {
            Map<String, Object> depth = alarmOn(alarms, "ApproximateNumberOfMessagesVisible", queueId);
            assertThat(((Number) depth.get("Threshold")).doubleValue()).isEqualTo(1);
            assertThat(depth).containsEntry("ComparisonOperator", "GreaterThanOrEqualToThreshold");
        }
        // ... and so do the indexer's errors and throttles
        alarmOn(alarms, "Errors", indexerId);
        alarmOn(alarms, "Throttles", indexerId);
        // ... all of which are on the dashboard
        String body = properties(synthesized.only("AWS::CloudWatch::Dashboard").getValue())
                .get("DashboardBody")
                .toString();
        assertThat(body)
                .contains("Search indexer")
                .contains(indexerId)
                .contains(synthesized.logicalId(indexing.deadLetterQueue()))
                .contains(streamDlqId());
    }

    @Test
    void outputs_shouldNameTheEndpointAndBothSearchQueues() {
        // GIVEN the stack
        // WHEN it is synthesized
        Map<String, Map<String, Object>> outputs = outputs(synthesized);
        // THEN the endpoint and the queue URLs are outputs
        assertThat(outputs.get(EntityTableStack.Output.SEARCH_ENDPOINT.id)).containsEntry("Value", endpoint());
        assertThat(outputs.get(EntityTableStack.Output.SEARCH_DEAD_LETTER_QUEUE_URL.id))
                .containsEntry("Value", Map.of("Ref", synthesized.logicalId(indexing.deadLetterQueue())));
        assertThat(outputs.get(EntityTableStack.Output.SEARCH_STREAM_DEAD_LETTER_QUEUE_URL.id))
                .containsEntry("Value", Map.of("Ref", streamDlqId()));
    }

    @Test
    void searchFalse_shouldLeaveSearchOutEntirely() {
        // GIVEN a stack synthesized with -c search=false
        // WHEN its resources are read
        // THEN there is no collection and no policy of OpenSearch Serverless
        assertThat(withoutSearch.stack().searchCollection()).isEmpty();
        assertThat(withoutSearch.stack().searchIndexing()).isEmpty();
        for (String type : List.of(
                "AWS::OpenSearchServerless::Collection",
                "AWS::OpenSearchServerless::SecurityPolicy",
                "AWS::OpenSearchServerless::AccessPolicy")) {
            assertThat(withoutSearch.resources(type)).as(type).isEmpty();
        }
        // ... no indexer and no mapping: the fan-out is the stream's only consumer
        assertThat(withoutSearch.resources("AWS::Lambda::Function")).hasSize(6);
        assertThat(streamMappings(withoutSearch)).hasSize(1);
        // ... no search queues (the fan-out's and the two refresh queues remain)
        assertThat(withoutSearch.resources("AWS::SQS::Queue")).hasSize(3);
        // ... no search endpoint for the API and no aoss permission anywhere
        assertThat(withoutSearch.environment(withoutSearch.stack().api()))
                .doesNotContainKey(EnvironmentVariable.SEARCH_ENDPOINT.variable())
                .doesNotContainKey(EnvironmentVariable.SEARCH_SIGNING.variable());
        assertThat(withoutSearch.template().toJSON().toString()).doesNotContain("aoss:");
        // ... no search alarms (iterator age, both queues, errors, throttles, index lag) or outputs
        assertThat(outputs(withoutSearch))
                .doesNotContainKeys(
                        EntityTableStack.Output.SEARCH_ENDPOINT.id,
                        EntityTableStack.Output.SEARCH_DEAD_LETTER_QUEUE_URL.id,
                        EntityTableStack.Output.SEARCH_STREAM_DEAD_LETTER_QUEUE_URL.id);
        assertThat(withoutSearch.resources("AWS::CloudWatch::Alarm"))
                .hasSize(synthesized.resources("AWS::CloudWatch::Alarm").size() - 6);
        // ... and cdk-nag still finds nothing unexplained
        assertThat(withoutSearch.annotations().findError("*", Match.anyValue())).isEmpty();
    }

    @Test
    void searchStandbyReplicasFalse_andAnUnusualStage_shouldGiveAValidCollectionWithoutStandbys() {
        // GIVEN a long stage name with capitals, and standby replicas off (a test stage)
        SynthesizedStack variant = SynthesizedStack.synthesize(
                Map.of("stage", "QA-Feature-Branch-With-A-Long-Name", "searchStandbyReplicas", "false"));
        // WHEN the stack is synthesized
        Map<String, Object> found =
                properties(variant.only("AWS::OpenSearchServerless::Collection").getValue());
        // THEN the collection has no standby replicas, and its name and its policies' names are valid
        assertThat(found).containsEntry("StandbyReplicas", "DISABLED");
        String name = (String) found.get("Name");
        assertThat(name).isEqualTo("entitytable-qa-feature-bran").matches("[a-z][a-z0-9-]{2,31}");
        assertThat(variant.resources("AWS::OpenSearchServerless::SecurityPolicy").values().stream()
                        .map(policy -> (String) properties(policy).get("Name")))
                .allSatisfy(policyName -> assertThat(policyName).matches("[a-z][a-z0-9-]{2,31}"));
    }

    // --- helpers

    private static Map<String, Object> collectionRule() {
        return Map.of("ResourceType", "collection", "Resource", List.of("collection/" + collection.name()));
    }

    private static Map<String, Object> securityPolicy(String type) {
        List<Map<String, Object>> found =
                synthesized.resources("AWS::OpenSearchServerless::SecurityPolicy").values().stream()
                        .map(Json::properties)
                        .filter(policy -> type.equals(policy.get("Type")))
                        .toList();
        assertThat(found).as(type + " policies").hasSize(1);
        return found.get(0);
    }

    /** The policy document: a plain string, or an Fn::Join whose references are rendered as {@code <id>.<attr>}. */
    private static Object parse(Object policy) {
        try {
            return JSON.readValue(render(policy), Object.class);
        } catch (JsonProcessingException e) {
            throw new AssertionError("policy is not JSON: " + policy, e);
        }
    }

    private static String render(Object value) {
        if (value instanceof String text) {
            return text;
        }
        Map<String, Object> intrinsic = Json.map(value);
        if (intrinsic.containsKey("Fn::Join")) {
            List<Object> join = list(intrinsic, "Fn::Join");
            return Json.list(join.get(1)).stream().map(SearchStackTest::render).collect(Collectors.joining((String)
                    join.get(0)));
        }
        if (intrinsic.containsKey("Fn::GetAtt")) {
            List<Object> attribute = list(intrinsic, "Fn::GetAtt");
            return attribute.get(0) + "." + attribute.get(1);
        }
        throw new AssertionError("unexpected intrinsic in a policy: " + value);
    }

    private static List<Object> rulesOf(List<Map<String, Object>> policies, String principal) {
        return policies.stream()
                .filter(policy -> list(policy, "Principal").equals(List.of(principal)))
                .flatMap(policy -> list(policy, "Rules").stream())
                .toList();
    }

    private static String roleArn(QuarkusLambda function) {
        return synthesized.logicalId(function.role()) + ".Arn";
    }

    private static List<Map<String, Object>> streamMappings(SynthesizedStack stack) {
        return stack.resources("AWS::Lambda::EventSourceMapping").values().stream()
                .map(Json::properties)
                .filter(mapping -> mapping.get("EventSourceArn").toString().contains("StreamArn"))
                .toList();
    }

    private static Map<String, Object> alarmOn(List<Map<String, Object>> alarms, String metricName, String dimension) {
        List<Map<String, Object>> found = alarms.stream()
                .filter(alarm -> metricName.equals(alarm.get("MetricName")))
                .filter(alarm -> list(alarm, "Dimensions").toString().contains(dimension))
                .toList();
        assertThat(found).as(metricName + " alarm on " + dimension).hasSize(1);
        return found.get(0);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> outputs(SynthesizedStack stack) {
        return (Map<String, Map<String, Object>>)
                (Map<String, ?>) stack.template().findOutputs("*");
    }

    private static Map<String, Object> endpoint() {
        return Map.of("Fn::GetAtt", List.of(collectionId(), "CollectionEndpoint"));
    }

    private static String collectionId() {
        return synthesized.stack().getLogicalId(collection.collection());
    }

    private static String aliasId(QuarkusLambda function) {
        return synthesized.logicalId(function.alias());
    }

    private static String streamDlqId() {
        return synthesized.logicalId(indexing.trigger().deadLetterQueue());
    }

    private static String tableId() {
        return synthesized.logicalId(synthesized.stack().table().table());
    }

    private static int number(Map<String, Object> properties, String key) {
        return ((Number) properties.get(key)).intValue();
    }
}
