package io.entitytable.infra;

import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.assertions.Match;

/** X-Ray active tracing on every function, its permissions, and the context switch that turns it off. */
class TracingStackTest {
    private static final List<String> TRACE_ACTIONS = List.of("xray:PutTraceSegments", "xray:PutTelemetryRecords");

    @Test
    void everyFunction_shouldTraceActively_andMaySendItsSegments() {
        // GIVEN the default stack
        SynthesizedStack synthesized = SynthesizedStack.defaults();
        List<QuarkusLambda> functions = List.of(
                synthesized.stack().api(),
                synthesized.stack().fanout(),
                synthesized.stack().refreshWorker(),
                synthesized.stack().searchIndexing().orElseThrow().indexer());

        // WHEN it is synthesized
        Map<String, Map<String, Object>> all = synthesized.resources("AWS::Lambda::Function");

        // THEN every function in the template traces actively (none is left out, whoever builds it) ...
        assertThat(all).hasSizeGreaterThanOrEqualTo(functions.size());
        assertThat(all.values()).allSatisfy(function -> assertThat(properties(function))
                .containsEntry("TracingConfig", Map.of("Mode", "Active")));
        // ... and each function's role may send segments and telemetry
        for (QuarkusLambda function : functions) {
            assertThat(SynthesizedStack.actions(synthesized.statements(function)))
                    .as(function.getNode().getPath())
                    .containsAll(TRACE_ACTIONS);
        }
    }

    @Test
    void tracingFalse_shouldLeaveEveryFunctionUntraced_withoutTracePermissions() {
        // GIVEN context tracing=false
        SynthesizedStack synthesized = SynthesizedStack.synthesize(Map.of("tracing", "false", "search", "false"));

        // WHEN it is synthesized
        Map<String, Map<String, Object>> all = synthesized.resources("AWS::Lambda::Function");

        // THEN no function has a tracing config, no role may write to X-Ray, and cdk-nag warns of each function
        assertThat(all).isNotEmpty();
        assertThat(all.values())
                .allSatisfy(function -> assertThat(properties(function)).doesNotContainKey("TracingConfig"));
        assertThat(synthesized.template().toJSON().toString()).doesNotContain("xray:");
        assertThat(synthesized.annotations().findWarning("*", Match.stringLikeRegexp("Serverless-LambdaTracing.*")))
                .hasSize(all.size());
    }
}
