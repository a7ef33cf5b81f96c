package io.entitytable.infra;

import static io.entitytable.infra.Json.map;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.deployment.logs.RequestLines;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.CfnElement;

/** The at-scale observability profile: what it turns off, and that every metric and alarm stays. */
class ObservabilityStackTest {
    private static final Map<String, Object> QUIET_PLATFORM =
            Map.of("LogFormat", "JSON", "SystemLogLevel", "WARN", "ApplicationLogLevel", "INFO");

    @Test
    void scale_shouldDropTracesRequestLinesAndLambdasOwnLines_andKeepEveryAlarm() {
        // GIVEN the default stack and one at scale
        SynthesizedStack full = SynthesizedStack.defaults();

        // WHEN
        SynthesizedStack scale = SynthesizedStack.synthesize(Map.of("observability", "scale"));

        // THEN every function is untraced and filters Lambda's START, END and REPORT lines, keeping INFO (EMF) lines
        Map<String, Map<String, Object>> functions = scale.resources("AWS::Lambda::Function");
        assertThat(functions).hasSameSizeAs(full.resources("AWS::Lambda::Function"));
        assertThat(functions.values()).allSatisfy(function -> {
            assertThat(properties(function)).doesNotContainKey("TracingConfig");
            assertThat(map(function, "Properties", "LoggingConfig")).containsAllEntriesOf(QUIET_PLATFORM);
        });
        // ... the API writes no line per request
        assertThat(apiEnvironment(scale)).containsEntry(RequestLines.levelVariable(), "WARN");
        // ... the access log keeps five fields
        assertThat(accessLogFormat(scale)).isEqualTo(EntityHttpApi.SLIM_ACCESS_LOG_JSON);
        assertThat(EntityHttpApi.SLIM_ACCESS_LOG_JSON).contains("$context.requestId", "$context.status");
        // ... and the metrics' alarms and dashboard are the default stack's
        assertThat(scale.resources("AWS::CloudWatch::Alarm").keySet())
                .isEqualTo(full.resources("AWS::CloudWatch::Alarm").keySet());
        assertThat(scale.resources("AWS::CloudWatch::Dashboard"))
                .hasSameSizeAs(full.resources("AWS::CloudWatch::Dashboard"));
    }

    @Test
    void full_shouldBeTheDefault_withEveryLineAndTrace() {
        SynthesizedStack full = SynthesizedStack.defaults();

        assertThat(full.config().observability()).isEqualTo(Observability.FULL);
        assertThat(full.resources("AWS::Lambda::Function").values())
                .allSatisfy(function -> assertThat(map(function, "Properties", "LoggingConfig"))
                        .doesNotContainKeys("LogFormat", "SystemLogLevel", "ApplicationLogLevel"));
        assertThat(apiEnvironment(full)).doesNotContainKey(RequestLines.levelVariable());
        assertThat(accessLogFormat(full)).isEqualTo(EntityHttpApi.ACCESS_LOG_JSON);
    }

    @Test
    void anotherProfile_shouldBeRefusedByName() {
        assertThatThrownBy(() -> Observability.of("quiet"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("full or scale");
    }

    private static Map<String, Object> apiEnvironment(SynthesizedStack synthesized) {
        String api = synthesized.stack().getLogicalId((CfnElement)
                synthesized.stack().api().function().getNode().getDefaultChild());
        return map(synthesized.resources("AWS::Lambda::Function").get(api), "Properties", "Environment", "Variables");
    }

    private static Object accessLogFormat(SynthesizedStack synthesized) {
        Map<String, Map<String, Object>> stages = synthesized.resources("AWS::ApiGatewayV2::Stage");
        assertThat(stages).hasSize(1);
        return map(stages.values().iterator().next(), "Properties", "AccessLogSettings")
                .get("Format");
    }
}
