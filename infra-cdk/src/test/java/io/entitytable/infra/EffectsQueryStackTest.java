package io.entitytable.infra;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.logs.LogField;
import io.entitytable.deployment.logs.LogQueries;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The saved Logs Insights query that finds every effect of one write, over every function's log group. */
class EffectsQueryStackTest {

    @Test
    void stack_shouldSaveTheEffectsQuery_overTheLogGroupsOfEveryFunctionThatLogsAWrite() {
        // GIVEN the default stack, with search
        SynthesizedStack synthesized = SynthesizedStack.defaults();
        EntityTableStack stack = synthesized.stack();

        // WHEN it is synthesized
        Map<String, Object> query =
                Json.properties(synthesized.only("AWS::Logs::QueryDefinition").getValue());

        // THEN the query is named under the stack, matches a request id anywhere in a line, shows the lines' effects,
        // and
        // reads the log groups of the API, the fan-out, the refresh worker and the indexer
        assertThat(query.get("Name"))
                .isEqualTo(synthesized.config().stackName() + "/" + LogQueries.EFFECTS_OF_A_WRITE_NAME);
        String text = (String) query.get("QueryString");
        assertThat(text)
                .contains("filter @message like \"" + LogQueries.REQUEST_ID_PLACEHOLDER + "\"")
                .contains("mdc." + LogField.EFFECTS.key())
                .contains("sort @timestamp asc");
        assertThat(Json.list(query, "LogGroupNames"))
                .containsExactlyInAnyOrder(
                        refOf(synthesized, stack.api()),
                        refOf(synthesized, stack.fanout()),
                        refOf(synthesized, stack.refreshWorker()),
                        refOf(synthesized, stack.searchIndexing().orElseThrow().indexer()));
    }

    @Test
    void stackWithoutSearch_shouldQueryTheThreeFunctionsItHas() {
        // GIVEN a stack without search
        SynthesizedStack synthesized = SynthesizedStack.synthesize(Map.of("search", "false"));

        // WHEN it is synthesized
        Map<String, Object> query =
                Json.properties(synthesized.only("AWS::Logs::QueryDefinition").getValue());

        // THEN the query reads the log groups of the three functions there are
        List<Object> groups = Json.list(query, "LogGroupNames");
        assertThat(groups)
                .containsExactlyInAnyOrder(
                        refOf(synthesized, synthesized.stack().api()),
                        refOf(synthesized, synthesized.stack().fanout()),
                        refOf(synthesized, synthesized.stack().refreshWorker()));
    }

    private static Object refOf(SynthesizedStack synthesized, QuarkusLambda function) {
        return Map.of("Ref", synthesized.stack().getLogicalId((software.amazon.awscdk.CfnElement)
                function.logGroup().getNode().getDefaultChild()));
    }
}
