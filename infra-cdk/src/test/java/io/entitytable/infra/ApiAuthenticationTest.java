package io.entitytable.infra;

import static io.entitytable.infra.Json.map;
import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.AuthGroups;
import io.entitytable.deployment.EnvironmentVariable;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.assertions.Match;

/** Authenticated by default: the stack's own user pool, an external issuer, or an open API only when asked loudly. */
class ApiAuthenticationTest {
    @Test
    void defaults_shouldCreateAUserPoolAndAuthorizeEveryRouteWithIt() {
        // GIVEN the default config
        SynthesizedStack synthesized = SynthesizedStack.defaults();
        // WHEN the stack is synthesized
        Map.Entry<String, Map<String, Object>> authorizer = synthesized.only("AWS::ApiGatewayV2::Authorizer");
        Map.Entry<String, Map<String, Object>> pool = synthesized.only("AWS::Cognito::UserPool");
        Map.Entry<String, Map<String, Object>> client = synthesized.only("AWS::Cognito::UserPoolClient");
        // THEN a user pool without self sign-up issues the tokens one JWT authorizer checks on every route
        assertThat(map(properties(pool.getValue()), "AdminCreateUserConfig"))
                .containsEntry("AllowAdminCreateUserOnly", true);
        assertThat(properties(authorizer.getValue())).containsEntry("AuthorizerType", "JWT");
        Map<String, Object> jwt = map(properties(authorizer.getValue()), "JwtConfiguration");
        assertThat(jwt.get("Audience").toString()).contains(client.getKey());
        assertThat(jwt.get("Issuer").toString()).contains(pool.getKey()).contains("cognito-idp");
        assertThat(synthesized.resources("AWS::ApiGatewayV2::Route").values())
                .isNotEmpty()
                .allSatisfy(route -> assertThat(properties(route))
                        .containsEntry("AuthorizationType", "JWT")
                        .containsEntry("AuthorizerId", Map.of("Ref", authorizer.getKey())));
    }

    @Test
    void defaults_shouldCreateTheOperatorsGroupAndOutputThePoolClientAndIssuer() {
        // GIVEN the default config
        SynthesizedStack synthesized = SynthesizedStack.defaults();
        // WHEN the groups and outputs are read
        // THEN the operators group exists and a deployer finds the pool, the client and the issuer in the outputs
        synthesized
                .template()
                .hasResourceProperties("AWS::Cognito::UserPoolGroup", Map.of("GroupName", AuthGroups.OPERATORS));
        synthesized.template().hasOutput(EntityTableStack.Output.USER_POOL_ID.id, Match.anyValue());
        synthesized.template().hasOutput(EntityTableStack.Output.USER_POOL_CLIENT_ID.id, Match.anyValue());
        synthesized.template().hasOutput(EntityTableStack.Output.ISSUER_URL.id, Match.anyValue());
    }

    @Test
    void externalIssuer_shouldReplaceTheUserPool() {
        // GIVEN config with an external issuer
        SynthesizedStack synthesized = StackConfigVariantsTest.withJwt();
        // WHEN the stack is synthesized
        // THEN there is no user pool and the authorizer trusts the external issuer
        assertThat(synthesized.resources("AWS::Cognito::UserPool")).isEmpty();
        assertThat(map(
                        properties(synthesized
                                .only("AWS::ApiGatewayV2::Authorizer")
                                .getValue()),
                        "JwtConfiguration"))
                .containsEntry("Issuer", StackConfigVariantsTest.ISSUER);
    }

    @Test
    void allowUnauthenticatedApi_shouldDropTheAuthorizerAndLetCdkNagReportIt() {
        // GIVEN the loudly named flag
        SynthesizedStack synthesized = SynthesizedStack.synthesize(Map.of("allowUnauthenticatedApi", "true"));
        // WHEN the stack is synthesized
        // THEN no authorizer and no pool exist, and cdk-nag's APIG4 finding is reported, not suppressed
        assertThat(synthesized.resources("AWS::ApiGatewayV2::Authorizer")).isEmpty();
        assertThat(synthesized.resources("AWS::Cognito::UserPool")).isEmpty();
        assertThat(synthesized.annotations().findError("*", Match.stringLikeRegexp("AwsSolutions-APIG4.*")))
                .isNotEmpty();
        assertThat(synthesized.template().toJSON().toString()).doesNotContain("AwsSolutions-APIG4");
        // AND the function is told there is no authorizer, so it lets every caller act as an operator
        Map<String, Object> variables = map(
                properties(synthesized
                        .resources("AWS::Lambda::Function")
                        .get(synthesized.logicalId(synthesized.stack().api().function()))),
                "Environment",
                "Variables");
        assertThat(variables).containsEntry(EnvironmentVariable.ALLOW_UNAUTHENTICATED.variable(), "true");
    }
}
