package io.entitytable.verify.move;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.EnvironmentVariable;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.lambda.model.EnvironmentResponse;
import software.amazon.awssdk.services.lambda.model.GetAliasResponse;
import software.amazon.awssdk.services.lambda.model.GetFunctionConfigurationResponse;
import software.amazon.awssdk.services.lambda.model.LastUpdateStatus;
import software.amazon.awssdk.services.lambda.model.State;

/** What the move makes of the API's alias and the configuration of its version before a cut-over. */
class ApiRoutingTest {
    private static final String TARGET = "EntityNext";
    private static final String VARIABLE = EnvironmentVariable.MOVE_TARGET_TABLE.variable();

    @Test
    void aVersionRunningWithTheTarget_routes_afterItsTimeout() {
        ApiRouting.Verdict verdict = ApiRouting.judge("Api", TARGET, alias(), configuration(Map.of(VARIABLE, TARGET)));

        assertThat(verdict.routes()).isTrue();
        assertThat(verdict.version()).isEqualTo("7");
        assertThat(verdict.drain()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aVersionWithoutTheTarget_orWithAnother_doesNot() {
        assertThat(ApiRouting.judge("Api", TARGET, alias(), configuration(Map.of())))
                .satisfies(verdict -> assertThat(verdict.routes()).isFalse())
                .satisfies(verdict -> assertThat(verdict.reason()).contains("runs with no " + VARIABLE));
        assertThat(ApiRouting.judge("Api", TARGET, alias(), configuration(Map.of(VARIABLE, "Other"))))
                .satisfies(verdict -> assertThat(verdict.routes()).isFalse())
                .satisfies(verdict -> assertThat(verdict.reason()).contains(VARIABLE + "=Other"));
    }

    @Test
    void anAliasSendingSomeRequestsToAnotherVersion_doesNot() {
        GetAliasResponse weighted = alias().toBuilder()
                .routingConfig(routing -> routing.additionalVersionWeights(Map.of("6", 0.1)))
                .build();

        ApiRouting.Verdict verdict = ApiRouting.judge("Api", TARGET, weighted, configuration(Map.of(VARIABLE, TARGET)));

        assertThat(verdict.routes()).isFalse();
        assertThat(verdict.reason()).contains("version(s) [6]");
    }

    @Test
    void aVersionStillBeingUpdated_doesNot() {
        GetFunctionConfigurationResponse updating = configuration(Map.of(VARIABLE, TARGET)).toBuilder()
                .lastUpdateStatus(LastUpdateStatus.IN_PROGRESS)
                .build();

        assertThat(ApiRouting.judge("Api", TARGET, alias(), updating).routes()).isFalse();
    }

    private static GetAliasResponse alias() {
        return GetAliasResponse.builder().name("live").functionVersion("7").build();
    }

    private static GetFunctionConfigurationResponse configuration(Map<String, String> variables) {
        return GetFunctionConfigurationResponse.builder()
                .functionName("Api")
                .version("7")
                .timeout(30)
                .state(State.ACTIVE)
                .lastUpdateStatus(LastUpdateStatus.SUCCESSFUL)
                .environment(EnvironmentResponse.builder().variables(variables).build())
                .build();
    }
}
