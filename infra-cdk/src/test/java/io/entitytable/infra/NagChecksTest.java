package io.entitytable.infra;

import static io.entitytable.infra.Json.list;
import static io.entitytable.infra.Json.map;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.assertions.Match;

/** cdk-nag's AwsSolutions and Serverless packs, applied by the app itself, find nothing that is not explained. */
class NagChecksTest {
    @Test
    void awsSolutionsAndServerless_shouldReportNoUnsuppressedError() {
        // GIVEN the default stack with both packs applied (as cdk synth applies them)
        SynthesizedStack synthesized = SynthesizedStack.defaults();
        // WHEN the annotations are read
        // THEN no error of either pack remains
        assertThat(synthesized.annotations().findError("*", Match.stringLikeRegexp("AwsSolutions-.*")))
                .extracting(NagChecksTest::describe)
                .isEmpty();
        assertThat(synthesized.annotations().findError("*", Match.stringLikeRegexp("Serverless-.*")))
                .extracting(NagChecksTest::describe)
                .isEmpty();
        assertThat(synthesized.annotations().findError("*", Match.anyValue()))
                .extracting(NagChecksTest::describe)
                .isEmpty();
        // ... nor a warning: the last one, Serverless-LambdaTracing, went with active tracing (TracingStackTest shows
        // that the packs do run and report it when tracing is off)
        assertThat(synthesized.annotations().findWarning("*", Match.stringLikeRegexp("(AwsSolutions|Serverless)-.*")))
                .extracting(NagChecksTest::describe)
                .isEmpty();
    }

    @Test
    void everySuppression_shouldCarryAReason() {
        // GIVEN the default stack
        SynthesizedStack synthesized = SynthesizedStack.defaults();
        // WHEN every cdk-nag suppression in the template is collected
        List<Map<String, Object>> suppressions = synthesized.template().toJSON().entrySet().stream()
                .filter(entry -> entry.getKey().equals("Resources"))
                .flatMap(entry -> map(entry.getValue()).values().stream())
                .map(resource -> map(resource, "Metadata", "cdk_nag"))
                .filter(java.util.Objects::nonNull)
                .flatMap(nag -> list(nag, "rules_to_suppress").stream())
                .map(Json::map)
                .toList();
        // THEN there are some, and each names a rule and says why in a sentence
        assertThat(suppressions).isNotEmpty().allSatisfy(suppression -> {
            assertThat((String) suppression.get("id")).matches("(AwsSolutions|Serverless)-\\w+");
            assertThat((String) suppression.get("reason")).hasSizeGreaterThan(30);
        });
    }

    @Test
    void jwtAuthorizer_shouldSatisfyApig4WithoutSuppression() {
        // GIVEN a stack with a JWT issuer and audience
        SynthesizedStack synthesized = StackConfigVariantsTest.withJwt();
        // WHEN the annotations and suppressions are read
        // THEN there is no error and no APIG4 suppression: the routes are authorized
        assertThat(synthesized.annotations().findError("*", Match.anyValue()))
                .extracting(NagChecksTest::describe)
                .isEmpty();
        assertThat(synthesized.template().toJSON().toString()).doesNotContain("AwsSolutions-APIG4");
    }

    /** Where and what, so a failure names the finding. */
    private static String describe(software.amazon.awscdk.cxapi.SynthesisMessage message) {
        return message.getId() + ": " + message.getEntry().getData();
    }
}
