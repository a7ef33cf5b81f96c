package io.entitytable.infra;

import static io.entitytable.infra.Json.list;
import static io.entitytable.infra.Json.map;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.StreamFilters;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.model.Attributes;
import io.entitytable.model.Keys;
import io.entitytable.model.RequestLimits;
import io.entitytable.model.ShardCount;
import io.entitytable.model.ShardGrowth;
import io.entitytable.model.WriteRates;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.assertions.Match;

/** The default stack, synthesized once: functions, stream trigger, HTTP API, roles, alarms and outputs. */
class EntityTableStackTest {
    private static SynthesizedStack synthesized;

    @BeforeAll
    static void synthesize() {
        synthesized = SynthesizedStack.defaults();
    }

    @Test
    void functions_shouldRunJava21OnArm64WithSnapStart_andSizesFromFunctionDefinition() {
        Map<QuarkusLambda, FunctionDefinition> functions = Map.of(
                synthesized.stack().api(), FunctionDefinition.API,
                synthesized.stack().fanout(), FunctionDefinition.STREAM_FANOUT,
                synthesized.stack().refreshWorker(), FunctionDefinition.REFRESH_WORKER,
                synthesized.stack().searchIndexing().orElseThrow().indexer(), FunctionDefinition.SEARCH_INDEXER);
        for (Map.Entry<QuarkusLambda, FunctionDefinition> entry : functions.entrySet()) {
            // GIVEN a function of the stack and its definition
            QuarkusLambda function = entry.getKey();
            FunctionDefinition definition = entry.getValue();
            // WHEN the stack is synthesized
            Map<String, Object> properties = properties(
                    synthesized.resources("AWS::Lambda::Function").get(synthesized.logicalId(function.function())));
            // THEN runtime, architecture, handler, SnapStart and the default memory and timeout are as defined
            assertThat(properties)
                    .containsEntry("Runtime", "java21")
                    .containsEntry("Architectures", List.of("arm64"))
                    .containsEntry("Handler", definition.handler())
                    .containsEntry("SnapStart", Map.of("ApplyOn", "PublishedVersions"));
            assertThat(((Number) properties.get("MemorySize")).intValue()).isEqualTo(definition.memoryMb());
            assertThat(((Number) properties.get("Timeout")).intValue()).isEqualTo(definition.timeoutSeconds());
            assertThat(map(properties, "Environment", "Variables"))
                    .containsEntry(QuarkusLambda.JAVA_TOOL_OPTIONS, QuarkusLambda.JAVA_OPTIONS)
                    .containsEntry(EnvironmentVariable.TABLE_NAME.variable(), Map.of("Ref", tableId()));
        }
    }

    @Test
    void functions_shouldBeInvokedThroughTheirLiveAlias_onAPublishedVersion() {
        // GIVEN the stack
        // WHEN it is synthesized
        // THEN each of the seven functions has an alias "live" on its current published version
        Map<String, Map<String, Object>> aliases = synthesized.resources("AWS::Lambda::Alias");
        assertThat(aliases).hasSize(7);
        aliases.values().forEach(alias -> {
            assertThat(properties(alias)).containsEntry("Name", QuarkusLambda.ALIAS);
            assertThat(map(properties(alias), "FunctionVersion")).containsKey("Fn::GetAtt");
        });
        assertThat(synthesized.resources("AWS::Lambda::Version")).hasSize(7);
    }

    @Test
    void apiEnvironment_shouldNameTheCursorSecretByArn_neverCarryItsValue_andNoHandlerName() throws Exception {
        // GIVEN the default config
        // WHEN the stack is synthesized
        Map<String, Object> variables = environment(synthesized.stack().api());
        // THEN the API is told which secret holds the cursor keys, by ARN (a secret's Ref), and nothing in the
        // function's
        // configuration or the template resolves the secret's value (no dynamic reference); the API's zip holds one
        // handler
        String secretId = synthesized.only("AWS::SecretsManager::Secret").getKey();
        assertThat(variables)
                .containsEntry(EnvironmentVariable.CURSOR_SECRET_ARN.variable(), Map.of("Ref", secretId))
                .doesNotContainKey(EnvironmentVariable.CURSOR_SECRET.variable());
        assertThat(new ObjectMapper().writeValueAsString(synthesized.template().toJSON()))
                .contains(EnvironmentVariable.CURSOR_SECRET_ARN.variable())
                .doesNotContain("{{resolve:");
        assertThat(variables)
                .doesNotContainKeys(
                        EnvironmentVariable.QUARKUS_LAMBDA_HANDLER.variable(),
                        EnvironmentVariable.ALLOW_UNAUTHENTICATED.variable())
                .containsEntry(EnvironmentVariable.AUTH_GROUPS_CLAIM.variable(), "cognito:groups");
    }

    @Test
    void cursorSecret_shouldBeReadableByTheApiAlone_andOnlyThatSecret() {
        // GIVEN the stack's one secret
        String secretId = synthesized.only("AWS::SecretsManager::Secret").getKey();
        // WHEN the stack is synthesized
        List<Object> api = statements(synthesized.stack().api());
        // THEN the API may GetSecretValue on that secret and nothing more of Secrets Manager
        assertThat(statement(api, "ReadCursorSecret"))
                .containsEntry("Action", EntityTableStack.READ_CURSOR_SECRET_ACTION)
                .containsEntry("Effect", "Allow")
                .containsEntry("Resource", Map.of("Ref", secretId));
        assertThat(actions(api).stream().map(String::valueOf).filter(action -> action.startsWith("secretsmanager:")))
                .containsExactly(EntityTableStack.READ_CURSOR_SECRET_ACTION);
        // ... and no other role of the stack may touch any secret
        long secretStatementsOfAnyRole = synthesized.resources("AWS::IAM::Policy").values().stream()
                .flatMap(policy -> list(properties(policy), "PolicyDocument", "Statement").stream())
                .filter(statement ->
                        String.valueOf(map(statement).get("Action")).contains("secretsmanager:"))
                .count();
        assertThat(secretStatementsOfAnyRole).isEqualTo(1);
    }

    @Test
    void requestLimits_shouldBeTheFunctionsShareOfAStageWhoseThrottleIsTheSystemsCeiling() {
        // GIVEN the default config
        StackConfig config = synthesized.config();
        // WHEN the stack is synthesized
        Map<String, Object> variables = environment(synthesized.stack().api());
        Map<String, Object> routeSettings =
                map(properties(synthesized.only("AWS::ApiGatewayV2::Stage").getValue()), "DefaultRouteSettings");
        // THEN the API function charges each business and caller its share, and no other function is told of it
        assertThat(variables)
                .containsEntry(
                        EnvironmentVariable.RATE_LIMIT_PER_BUSINESS.variable(),
                        Integer.toString(RequestLimits.PER_BUSINESS_PER_SECOND))
                .containsEntry(
                        EnvironmentVariable.RATE_LIMIT_PER_CALLER.variable(),
                        Integer.toString(RequestLimits.PER_CALLER_PER_SECOND));
        assertThat(environment(synthesized.stack().fanout()))
                .doesNotContainKeys(
                        EnvironmentVariable.RATE_LIMIT_PER_BUSINESS.variable(),
                        EnvironmentVariable.RATE_LIMIT_PER_CALLER.variable());
        // AND the stage's throttle is the ceiling of twenty businesses at their whole share, with two seconds of burst
        assertThat(number(routeSettings, "ThrottlingRateLimit"))
                .isEqualTo(config.throttleRateLimit())
                .isEqualTo(RequestLimits.STAGE_RATE_PER_SECOND)
                .isEqualTo(20 * config.rateLimitPerBusiness());
        assertThat(number(routeSettings, "ThrottlingBurstLimit"))
                .isEqualTo(RequestLimits.STAGE_BURST)
                .isEqualTo(2 * config.throttleRateLimit());
    }

    @Test
    void fanoutEnvironment_shouldNameItsHandler_andNotSeeTheCursorSecret() {
        // GIVEN the fan-out function, one of several handlers in its zip
        // WHEN the stack is synthesized
        Map<String, Object> variables = environment(synthesized.stack().fanout());
        // THEN Quarkus is told which @Named handler to run, and the API's secret is not shared with it
        assertThat(variables)
                .containsEntry(
                        EnvironmentVariable.QUARKUS_LAMBDA_HANDLER.variable(),
                        FunctionDefinition.STREAM_FANOUT.namedHandler())
                .doesNotContainKeys(
                        EnvironmentVariable.CURSOR_SECRET.variable(), EnvironmentVariable.CURSOR_SECRET_ARN.variable());
    }

    @Test
    void shardGrowth_shouldBeTheFanoutsSettings_withTheApisShardCountCacheFromOneValue() {
        // GIVEN the default config
        StackConfig config = synthesized.config();
        // WHEN the stack is synthesized
        Map<String, Object> api = environment(synthesized.stack().api());
        Map<String, Object> fanout = environment(synthesized.stack().fanout());
        Map<String, Object> worker = environment(synthesized.stack().refreshWorker());
        // THEN the API and the fan-out trust a shard count for the same time, the default both would take
        assertThat(config.shardCountCache()).isEqualTo(ShardCount.CACHE_DEFAULT);
        assertThat(api).containsEntry(EnvironmentVariable.SHARD_COUNT_CACHE.variable(), config.shardCountCache());
        assertThat(fanout).containsEntry(EnvironmentVariable.SHARD_COUNT_CACHE.variable(), config.shardCountCache());
        // AND the fan-out measures with the model's defaults; the API and the refresh worker are told nothing of it
        assertThat(fanout)
                .containsEntry(
                        EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable(),
                        Double.toString(ShardGrowth.DEFAULT_THRESHOLD))
                .containsEntry(
                        EnvironmentVariable.SHARD_GROWTH_WINDOW.variable(), WriteRates.DEFAULT_WINDOW.toSeconds() + "s")
                .containsEntry(
                        EnvironmentVariable.SHARD_GROWTH_SAMPLE_ONE_IN.variable(),
                        Integer.toString(WriteRates.DEFAULT_SAMPLE_ONE_IN));
        assertThat(api).doesNotContainKeys(EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable());
        assertThat(worker)
                .doesNotContainKeys(
                        EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable(),
                        EnvironmentVariable.SHARD_COUNT_CACHE.variable());
    }

    @Test
    void fanoutRole_shouldCountWriteRatesAndGrowCounts_throughTheirAttributesOnly() {
        // GIVEN the fan-out's and the worker's roles
        List<Object> statements = statements(synthesized.stack().fanout());
        // WHEN the stack is synthesized
        // THEN the window counts: UpdateItem of <B>.writes partitions, naming only a window's attributes
        assertThat(statement(statements, "CountWriteRates"))
                .containsEntry("Action", "dynamodb:UpdateItem")
                .extracting(found -> found.get("Condition"))
                .asString()
                .contains(TableAccess.WRITE_RATE_PARTITION)
                .contains(Attributes.RATE_COUNT)
                .doesNotContain(Attributes.SHARDS);
        assertThat(TableAccess.WRITE_RATE_PARTITION).isEqualTo(Keys.writeRateId("*"));
        // AND the growth: an UpdateItem of the count attributes, returning nothing, and puts of new counters only
        assertThat(statement(statements, "GrowShardCounts"))
                .containsEntry("Action", "dynamodb:UpdateItem")
                .extracting(found -> found.get("Condition"))
                .asString()
                .contains(Attributes.SHARDS_FROM, "NONE")
                .doesNotContain(Attributes.VERSION, Attributes.NAME);
        assertThat(statement(statements, "AddChildCounters"))
                .containsEntry("Action", "dynamodb:PutItem")
                .extracting(found -> found.get("Condition"))
                .asString()
                .contains(TableAccess.CHILD_COUNTER_PARTITION, Attributes.CHILD_COUNT);
        assertThat(TableAccess.CHILD_COUNTER_PARTITION).isEqualTo("*.children.*");
        // AND the refresh worker, which grows nothing, is not given them
        assertThat(statements(synthesized.stack().refreshWorker()).toString())
                .doesNotContain("CountWriteRates", "GrowShardCounts", "AddChildCounters");
    }

    @Test
    void eventSourceMapping_shouldUseTheSharedFilterPatternsVerbatim_andTheTriggerSettings() {
        // GIVEN the shared stream filter patterns and trigger config
        StreamTrigger trigger = StreamTrigger.DEFAULT;
        // WHEN the stack is synthesized
        Map<String, Object> mapping = streamMapping();
        // THEN the filters are exactly StreamFilters.PATTERNS, and every trigger setting is deployed
        List<Object> patterns = list(mapping, "FilterCriteria", "Filters").stream()
                .map(filter -> map(filter).get("Pattern"))
                .toList();
        assertThat(patterns).containsExactlyElementsOf(StreamFilters.PATTERNS);
        assertThat(trigger.filterPatterns()).isEqualTo(StreamFilters.PATTERNS);
        assertThat(mapping)
                .containsEntry("StartingPosition", trigger.startingPosition())
                .containsEntry("BisectBatchOnFunctionError", trigger.bisectBatchOnError())
                .containsEntry("FunctionResponseTypes", List.of("ReportBatchItemFailures"))
                .containsEntry("EventSourceArn", Map.of("Fn::GetAtt", List.of(tableId(), "StreamArn")));
        assertThat(trigger.reportBatchItemFailures()).isTrue();
        assertThat(number(mapping, "BatchSize")).isEqualTo(trigger.batchSize());
        assertThat(number(mapping, "MaximumBatchingWindowInSeconds")).isEqualTo(trigger.maxBatchingWindowSeconds());
        // ... with no batching window and one batch per shard at a time: a change's copies are written at the
        // mapping's next poll (docs/design.md §5 says why and what it costs)
        assertThat(number(mapping, "MaximumBatchingWindowInSeconds")).isZero();
        assertThat(number(mapping, "BatchSize")).isEqualTo(100);
        assertThat(number(mapping, "MaximumRetryAttempts")).isEqualTo(trigger.maxRetryAttempts());
        assertThat(number(mapping, "MaximumRecordAgeInSeconds")).isEqualTo(trigger.maxRecordAgeSeconds());
        assertThat(number(mapping, "ParallelizationFactor")).isEqualTo(trigger.parallelizationFactor());
        assertThat(map(mapping, "DestinationConfig", "OnFailure", "Destination"))
                .isEqualTo(Map.of("Fn::GetAtt", List.of(dlqId(), "Arn")));
        // ... and it invokes the fan-out's alias, where SnapStart applies
        assertThat(mapping.get("FunctionName").toString()).contains(QuarkusLambda.ALIAS);
    }

    @Test
    void deadLetterQueue_shouldBeEncryptedAndRefuseRequestsWithoutTls() {
        // GIVEN the fan-out dead-letter queue
        // WHEN the stack is synthesized
        // THEN it is SQS-managed encrypted and its policy denies any request without TLS
        assertThat(properties(synthesized.resources("AWS::SQS::Queue").get(dlqId())))
                .containsEntry("SqsManagedSseEnabled", true);
        synthesized
                .template()
                .hasResourceProperties(
                        "AWS::SQS::QueuePolicy",
                        Map.of(
                                "PolicyDocument",
                                Map.of(
                                        "Statement",
                                        Match.arrayWith(List.of(Match.objectLike(Map.of(
                                                "Effect",
                                                "Deny",
                                                "Condition",
                                                Map.of("Bool", Map.of("aws:SecureTransport", "false")))))))));
    }

    @Test
    void httpApi_shouldIntegrateTheApiAliasWithPayload2() {
        // GIVEN the HTTP API
        // WHEN the stack is synthesized
        Map<String, Object> integration =
                properties(synthesized.only("AWS::ApiGatewayV2::Integration").getValue());
        // THEN its one integration is a Lambda proxy with payload format 2.0 on the API function's alias
        assertThat(integration)
                .containsEntry("IntegrationType", "AWS_PROXY")
                .containsEntry("PayloadFormatVersion", "2.0")
                .containsEntry(
                        "IntegrationUri",
                        Map.of(
                                "Ref",
                                synthesized.logicalId(synthesized.stack().api().alias())));
        // ... with one invoke permission for the API's routes instead of one per route
        List<Map<String, Object>> permissions = synthesized.resources("AWS::Lambda::Permission").values().stream()
                .map(Json::properties)
                .filter(permission -> "apigateway.amazonaws.com".equals(permission.get("Principal")))
                .toList();
        assertThat(permissions).hasSize(1);
    }

    @Test
    void defaultStage_shouldThrottleAndWriteJsonAccessLogs() throws Exception {
        // GIVEN the default config
        StackConfig config = synthesized.config();
        // WHEN the stack is synthesized
        Map<String, Object> stage =
                properties(synthesized.only("AWS::ApiGatewayV2::Stage").getValue());
        // THEN the $default stage auto-deploys, is throttled, and logs one JSON object per request to its log group
        assertThat(stage)
                .containsEntry("StageName", EntityHttpApi.DEFAULT_STAGE)
                .containsEntry("AutoDeploy", true);
        assertThat(number(map(stage, "DefaultRouteSettings"), "ThrottlingRateLimit"))
                .isEqualTo(config.throttleRateLimit());
        assertThat(number(map(stage, "DefaultRouteSettings"), "ThrottlingBurstLimit"))
                .isEqualTo(config.throttleBurstLimit());
        assertThat(map(stage, "AccessLogSettings", "DestinationArn"))
                .isEqualTo(Map.of(
                        "Fn::GetAtt",
                        List.of(
                                synthesized.logicalId(
                                        synthesized.stack().httpApi().accessLogs()),
                                "Arn")));
        JsonNode format = new ObjectMapper()
                .readTree((String) map(stage, "AccessLogSettings").get("Format"));
        assertThat(format.path("requestId").asText()).isEqualTo("$context.requestId");
        assertThat(format.path("routeKey").asText()).isEqualTo("$context.routeKey");
        assertThat(format.path("status").asText()).isEqualTo("$context.status");
    }

    @Test
    void httpApi_shouldAllowCorsForTheApisMethodsAndHeaders() {
        // GIVEN the default config
        // WHEN the stack is synthesized
        Map<String, Object> api =
                properties(synthesized.only("AWS::ApiGatewayV2::Api").getValue());
        // THEN CORS allows the API's methods and headers (If-Match, ETag, Authorization)
        Map<String, Object> cors = map(api, "CorsConfiguration");
        assertThat(list(cors, "AllowMethods"))
                .containsExactlyInAnyOrderElementsOf(
                        ApiRoutes.read(synthesized.config().openApi()).stream()
                                .map(ApiRoutes.Route::method)
                                .distinct()
                                .toList());
        assertThat(list(cors, "AllowHeaders")).containsAll(EntityHttpApi.CORS_ALLOW_HEADERS);
        assertThat(list(cors, "ExposeHeaders")).containsAll(EntityHttpApi.CORS_EXPOSE_HEADERS);
        assertThat(list(cors, "AllowOrigins"))
                .isEqualTo(List.copyOf(synthesized.config().corsAllowOrigins()));
        // AND never credentials: a bearer token is a header the caller sends, so any origin (even *) is safe
        assertThat(cors.get("AllowCredentials")).isNotEqualTo(true);
        assertThat(list(cors, "AllowHeaders")).contains("authorization");
    }

    @Test
    void apiRole_shouldReadWithoutScan_andWriteCorePartitionsOnly() {
        // GIVEN the API function's role
        // WHEN the stack is synthesized
        List<Object> statements = statements(synthesized.stack().api());
        // THEN it never gets Scan or batch writes, reads table and named indexes, and writes only partitions without
        // the key separator (core items)
        assertThat(actions(statements)).doesNotContain("dynamodb:Scan", "dynamodb:BatchWriteItem", "dynamodb:*");
        assertThat(statement(statements, "ReadTableAndIndexes")).containsEntry("Action", TableAccess.READ_ACTIONS);
        assertThat(list(statement(statements, "ReadTableAndIndexes"), "Resource"))
                .hasSize(1 + io.entitytable.model.TableLayout.ENTITY.indexes().size());
        assertThat(statement(statements, "WriteOwnPartitionsOnly"))
                .containsEntry("Action", TableAccess.WRITE_ACTIONS)
                .containsEntry(
                        "Condition",
                        Map.of(
                                "ForAllValues:StringNotLike",
                                Map.of(TableAccess.LEADING_KEYS, List.of(TableAccess.DUPLICATE_PARTITION))));
        assertThat(TableAccess.DUPLICATE_PARTITION).isEqualTo("*" + io.entitytable.model.Keys.SEPARATOR + "*");
    }

    @Test
    void fanoutRole_shouldReadTheStream_andWriteDuplicatePartitionsOnly() {
        // GIVEN the fan-out function's role
        // WHEN the stack is synthesized
        List<Object> statements = statements(synthesized.stack().fanout());
        // THEN it reads this table's stream, writes only partitions with the separator (duplicates), never Scans
        assertThat(actions(statements))
                .contains("dynamodb:GetRecords", "dynamodb:GetShardIterator", "dynamodb:DescribeStream")
                .contains("sqs:SendMessage")
                .doesNotContain("dynamodb:Scan", "dynamodb:BatchWriteItem", "dynamodb:*");
        assertThat(statement(statements, "WriteOwnPartitionsOnly"))
                .containsEntry(
                        "Condition",
                        Map.of(
                                "ForAllValues:StringLike",
                                Map.of(
                                        TableAccess.LEADING_KEYS,
                                        List.of(TableAccess.DUPLICATE_PARTITION, TableAccess.JOB_PARTITION))));
    }

    @Test
    void roles_shouldHaveNoManagedPolicies() {
        // GIVEN the stack's roles
        // WHEN it is synthesized
        // THEN no role carries an AWS managed policy: each has exactly the inline statements it needs
        synthesized.resources("AWS::IAM::Role").values().forEach(role -> assertThat(properties(role))
                .doesNotContainKey("ManagedPolicyArns"));
    }

    @Test
    void alarms_shouldWatchDeadLettersIteratorAgeErrorsAndThrottles_andADashboardExists() {
        // GIVEN the stack
        // WHEN it is synthesized
        List<String> metrics = synthesized.resources("AWS::CloudWatch::Alarm").values().stream()
                .map(alarm -> (String) properties(alarm).get("MetricName"))
                .sorted()
                .toList();
        // THEN there is an alarm on the depth of all four dead-letter queues, the iterator age of both stream
        // consumers, the copy and index lag, the age of the oldest refresh segment, the scheduled verify's drift,
        // stopped jobs and missing runs, the readiness of each backfilled pattern (14 and 15), errors and throttles of
        // the seven functions,
        // and the fan-out's failures to count write rates
        assertThat(metrics)
                .containsExactly(
                        "ApproximateAgeOfOldestMessage",
                        "ApproximateNumberOfMessagesVisible",
                        "ApproximateNumberOfMessagesVisible",
                        "ApproximateNumberOfMessagesVisible",
                        "ApproximateNumberOfMessagesVisible",
                        "CopyLag",
                        "DriftFound",
                        "Errors",
                        "Errors",
                        "Errors",
                        "Errors",
                        "Errors",
                        "Errors",
                        "Errors",
                        "IndexLag",
                        "ItemsVerified",
                        "IteratorAge",
                        "IteratorAge",
                        "PatternReady",
                        "PatternReady",
                        "RefreshJobsStopped",
                        "Throttles",
                        "Throttles",
                        "Throttles",
                        "Throttles",
                        "Throttles",
                        "Throttles",
                        "Throttles",
                        "WriteRateFailures");
        assertThat(synthesized.resources("AWS::CloudWatch::Dashboard")).hasSize(1);
    }

    @Test
    void outputs_shouldNameApiUrlTableStreamDeadLetterQueueAndTheUserPool() {
        // GIVEN the stack
        // WHEN it is synthesized
        // THEN the outputs a user needs after deploy exist
        assertThat(synthesized.template().findOutputs("*").keySet())
                .containsExactlyInAnyOrderElementsOf(Arrays.stream(EntityTableStack.Output.values())
                        .map(output -> output.id)
                        .toList());
        assertThat(synthesized.stack().getStackName()).isEqualTo("EntityTable-" + StackConfig.DEFAULT_STAGE);
    }

    private static String tableId() {
        return synthesized.logicalId(synthesized.stack().table().table());
    }

    private static String dlqId() {
        return synthesized.logicalId(synthesized.stack().trigger().deadLetterQueue());
    }

    /** The fan-out's stream mapping (the search indexer has the other one). */
    private static Map<String, Object> streamMapping() {
        String fanoutAlias = synthesized.logicalId(synthesized.stack().fanout().alias());
        return synthesized.resources("AWS::Lambda::EventSourceMapping").values().stream()
                .map(Json::properties)
                .filter(mapping -> mapping.containsKey("StartingPosition"))
                .filter(mapping -> mapping.get("FunctionName").toString().contains(fanoutAlias))
                .reduce((one, other) -> {
                    throw new AssertionError("more than one fan-out stream mapping");
                })
                .orElseThrow(() -> new AssertionError("no fan-out stream mapping"));
    }

    private static Map<String, Object> environment(QuarkusLambda function) {
        return synthesized.environment(function);
    }

    private static List<Object> statements(QuarkusLambda function) {
        return synthesized.statements(function);
    }

    private static List<Object> actions(List<Object> statements) {
        return SynthesizedStack.actions(statements);
    }

    private static Map<String, Object> statement(List<Object> statements, String sid) {
        return SynthesizedStack.statement(statements, sid);
    }

    private static int number(Map<String, Object> properties, String key) {
        return ((Number) properties.get(key)).intValue();
    }
}
