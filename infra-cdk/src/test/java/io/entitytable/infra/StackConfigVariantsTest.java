package io.entitytable.infra;

import static io.entitytable.infra.Json.map;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.model.TableLayout;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.App;
import software.amazon.awscdk.RemovalPolicy;

/** What the context config change: JWT authorizer, removal policy, shard count, sizes, names. */
class StackConfigVariantsTest {
    static final String ISSUER = "https://issuer.example.com/";
    static final List<String> AUDIENCE = List.of("entity-table-api");

    static final String MOVE_TARGET = "Entity-dev-next";

    private static SynthesizedStack withJwt;

    /** One customized stack, shared by this class and the nag test. */
    static synchronized SynthesizedStack withJwt() {
        if (withJwt == null) {
            withJwt = SynthesizedStack.synthesize(Map.ofEntries(
                    Map.entry("jwtIssuer", ISSUER),
                    Map.entry("jwtAudience", String.join(",", AUDIENCE)),
                    Map.entry("removalPolicy", "destroy"),
                    Map.entry("moveTargetTable", MOVE_TARGET)));
        }
        return withJwt;
    }

    @Test
    void jwtIssuer_shouldPutAJwtAuthorizerOnEveryRoute() {
        // GIVEN config with a JWT issuer and audience
        SynthesizedStack synthesized = withJwt();
        // WHEN the stack is synthesized
        Map.Entry<String, Map<String, Object>> authorizer = synthesized.only("AWS::ApiGatewayV2::Authorizer");
        // THEN one JWT authorizer with that issuer and audience guards every route
        assertThat(properties(authorizer.getValue())).containsEntry("AuthorizerType", "JWT");
        assertThat(map(properties(authorizer.getValue()), "JwtConfiguration"))
                .containsEntry("Issuer", ISSUER)
                .containsEntry("Audience", AUDIENCE);
        assertThat(synthesized.resources("AWS::ApiGatewayV2::Route").values())
                .isNotEmpty()
                .allSatisfy(route -> assertThat(properties(route))
                        .containsEntry("AuthorizationType", "JWT")
                        .containsEntry("AuthorizerId", Map.of("Ref", authorizer.getKey())));
    }

    @Test
    void moveTargetTable_shouldGiveTheApiTheTargetWithTheAccessItHasToItsOwnTable() {
        // GIVEN config with an online move's target (docs/design.md §2, "Moving a table online")
        SynthesizedStack synthesized = withJwt();
        // WHEN the stack is synthesized
        List<Object> api = synthesized.statements(synthesized.stack().api());
        // THEN the API is told the target, reads it and its indexes, and writes only its core partitions there
        assertThat(synthesized.environment(synthesized.stack().api()))
                .containsEntry(EnvironmentVariable.MOVE_TARGET_TABLE.variable(), MOVE_TARGET);
        String read = Json.map(SynthesizedStack.statement(api, "ReadMoveTargetAndIndexes"))
                .get("Resource")
                .toString();
        assertThat(read).contains("table/" + MOVE_TARGET);
        TableLayout.ENTITY.indexes().forEach(index -> assertThat(read)
                .contains("table/" + MOVE_TARGET + "/index/" + index.name()));
        Map<String, Object> write = SynthesizedStack.statement(api, "WriteMoveTargetOwnPartitionsOnly");
        assertThat(write.get("Action")).isEqualTo(TableAccess.WRITE_ACTIONS);
        assertThat(String.valueOf(
                        map(write, "Condition", "ForAllValues:StringNotLike").get(TableAccess.LEADING_KEYS)))
                .contains(TableAccess.DUPLICATE_PARTITION);
        // ... and a stack without a move names none
        assertThat(SynthesizedStack.defaults()
                        .environment(SynthesizedStack.defaults().stack().api()))
                .doesNotContainKey(EnvironmentVariable.MOVE_TARGET_TABLE.variable());
    }

    @Test
    void existingTableStreamArn_shouldUseThatTableAsItIs_withItsStreamFeedingTheConsumers() {
        // GIVEN an online move's target, the home table retired (docs/design.md §2, "Retiring the home table")
        String stream =
                "arn:aws:dynamodb:us-east-1:123456789012:table/" + MOVE_TARGET + "/stream/2026-11-29T00:00:00.000";
        SynthesizedStack synthesized =
                SynthesizedStack.synthesize(Map.of("tableName", MOVE_TARGET, "existingTableStreamArn", stream));
        // WHEN the stack is synthesized
        // THEN it creates no table
        assertThat(synthesized.resources("AWS::DynamoDB::GlobalTable")).isEmpty();
        assertThat(synthesized.resources("AWS::DynamoDB::Table")).isEmpty();
        // and its stream consumers read the table's stream, and the API serves the table
        assertThat(synthesized.resources("AWS::Lambda::EventSourceMapping").values().stream()
                        .map(Json::properties)
                        .filter(mapping -> mapping.containsKey("StartingPosition"))
                        .map(mapping -> mapping.get("EventSourceArn")))
                .hasSize(2)
                .allSatisfy(source -> assertThat(source).isEqualTo(stream));
        assertThat(synthesized.environment(synthesized.stack().api()))
                .containsEntry(EnvironmentVariable.TABLE_NAME.variable(), MOVE_TARGET);
        // ... and the stream of another table is refused
        assertThatThrownBy(() -> SynthesizedStack.synthesize(
                        Map.of("tableName", "Entity-dev-other", "existingTableStreamArn", stream)))
                .hasStackTraceContaining("must be the stream of the table Entity-dev-other");
    }

    @Test
    void removalPolicyDestroy_shouldDeleteTheTableAndTurnDeletionProtectionOff() {
        // GIVEN removalPolicy=destroy (a throwaway stage)
        SynthesizedStack synthesized = withJwt();
        // WHEN the stack is synthesized
        Map<String, Object> table =
                synthesized.only("AWS::DynamoDB::GlobalTable").getValue();
        // THEN CloudFormation deletes the table with the stack, which deletion protection would otherwise refuse
        assertThat(table).containsEntry("DeletionPolicy", "Delete");
        assertThat(map(Json.list(properties(table), "Replicas").get(0)))
                .containsEntry("DeletionProtectionEnabled", false);
    }

    @Test
    void fromContext_shouldReadEveryKey() {
        // GIVEN an app with context values as `cdk synth -c` passes them (strings)
        App app = App.Builder.create()
                .context(Map.ofEntries(
                        Map.entry("stage", "prod"),
                        Map.entry("region", "eu-west-1"),
                        Map.entry("tableName", "EntityProd"),
                        Map.entry("removalPolicy", "snapshot"),
                        Map.entry("artifactRoot", "/tmp/build"),
                        Map.entry("memoryMb." + FunctionDefinition.API.name(), "2048"),
                        Map.entry("timeoutSeconds." + FunctionDefinition.STREAM_FANOUT.name(), "300"),
                        Map.entry("memoryMb." + FunctionDefinition.REFRESH_WORKER.name(), "1536"),
                        Map.entry("parallelizationFactor", "4"),
                        Map.entry("jwtIssuer", ISSUER),
                        Map.entry("jwtAudience", "a, b"),
                        Map.entry("corsAllowOrigins", "https://app.example.com"),
                        Map.entry("throttleRateLimit", "50"),
                        Map.entry("throttleBurstLimit", "75"),
                        Map.entry("rateLimitPerBusiness", "5"),
                        Map.entry("rateLimitPerCaller", "0")))
                .build();
        // WHEN the config are read
        StackConfig config = StackConfig.fromContext(app.getNode());
        // THEN each key lands in its setting, and unset ones keep the FunctionDefinition defaults
        assertThat(config.stackName()).isEqualTo("EntityTable-prod");
        assertThat(config.region()).isEqualTo("eu-west-1");
        assertThat(config.tableName()).isEqualTo("EntityProd");
        assertThat(config.removalPolicy()).isEqualTo(RemovalPolicy.SNAPSHOT);
        assertThat(config.deletionProtection()).isTrue();
        assertThat(config.zipOf(FunctionDefinition.API).toString())
                .isEqualTo("/tmp/build/functions/target/function.zip");
        assertThat(config.api()).isEqualTo(new StackConfig.FunctionSize(2048, FunctionDefinition.API.timeoutSeconds()));
        assertThat(config.fanout())
                .isEqualTo(new StackConfig.FunctionSize(FunctionDefinition.STREAM_FANOUT.memoryMb(), 300));
        assertThat(config.refreshWorker())
                .isEqualTo(new StackConfig.FunctionSize(1536, FunctionDefinition.REFRESH_WORKER.timeoutSeconds()));
        assertThat(config.parallelizationFactor()).isEqualTo(4);
        assertThat(config.jwtIssuer()).contains(ISSUER);
        assertThat(config.jwtAudience()).containsExactly("a", "b");
        assertThat(config.corsAllowOrigins()).containsExactly("https://app.example.com");
        assertThat(config.throttleRateLimit()).isEqualTo(50);
        assertThat(config.throttleBurstLimit()).isEqualTo(75);
        assertThat(config.rateLimitPerBusiness()).isEqualTo(5);
        assertThat(config.rateLimitPerCaller()).isZero();
    }

    @Test
    void fromContext_shouldDefaultToADevStageWithARetainedTable() {
        // GIVEN an app without context
        App app = new App();
        // WHEN the config are read
        StackConfig config = StackConfig.fromContext(app.getNode());
        // THEN stage dev, table Entity-dev-layout<N>, RETAIN, zips and OpenAPI relative to the repository root (..)
        assertThat(config.stage()).isEqualTo(StackConfig.DEFAULT_STAGE);
        assertThat(config.tableName())
                .isEqualTo("Entity-" + StackConfig.DEFAULT_STAGE + "-layout" + TableLayout.ENTITY_VERSION);
        assertThat(config.removalPolicy()).isEqualTo(RemovalPolicy.RETAIN);
        assertThat(config.zipOf(FunctionDefinition.STREAM_FANOUT).toString())
                .isEqualTo("../" + FunctionDefinition.STREAM_FANOUT.zipPath());
        assertThat(config.openApi().toString()).isEqualTo("../functions/openapi.json");
        assertThat(config.jwtIssuer()).isEmpty();
    }

    @Test
    void refreshWorkerTimeout_beyondTheQueuesVisibilityTimeout_shouldBeRefused() {
        // GIVEN a worker timeout longer than the refresh queue hides a received message
        int visibility = RefreshQueueTrigger.DEFAULT.visibilityTimeoutSeconds();
        App app = App.Builder.create()
                .context(Map.of("timeoutSeconds." + FunctionDefinition.REFRESH_WORKER.name(), visibility + 1))
                .build();
        // WHEN the config is read
        // THEN it is refused: Lambda would reject the mapping at deploy time, after the stack began to change
        assertThatThrownBy(() -> StackConfig.fromContext(app.getNode()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("visibility timeout");
    }

    @Test
    void verifySegments_belowOne_shouldBeRefused() {
        // GIVEN a scheduled verify with no segment to walk through
        App app = App.Builder.create().context(Map.of("verifySegments", "0")).build();
        // WHEN the config is read
        // THEN it is refused
        assertThatThrownBy(() -> StackConfig.fromContext(app.getNode()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("verifySegments must be at least 1, was 0");
    }
}
