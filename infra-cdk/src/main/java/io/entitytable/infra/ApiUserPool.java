package io.entitytable.infra;

import io.entitytable.deployment.AuthGroups;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.services.cognito.AccountRecovery;
import software.amazon.awscdk.services.cognito.AuthFlow;
import software.amazon.awscdk.services.cognito.CfnUserPoolGroup;
import software.amazon.awscdk.services.cognito.Mfa;
import software.amazon.awscdk.services.cognito.MfaSecondFactor;
import software.amazon.awscdk.services.cognito.PasswordPolicy;
import software.amazon.awscdk.services.cognito.UserPool;
import software.amazon.awscdk.services.cognito.UserPoolClient;
import software.constructs.Construct;

/**
 * The stack's own identity provider, used when the deployer names no external issuer: a Cognito user pool whose users
 * only an administrator creates, an {@code operators} group, and one app client whose id is the tokens' audience.
 * Business members are users in a {@code business-<businessId>} group, created per business by an administrator; the
 * groups arrive in the {@code cognito:groups} claim.
 */
public final class ApiUserPool extends Construct {
    private final UserPool pool;
    private final UserPoolClient client;

    public ApiUserPool(Construct scope, String id, RemovalPolicy removalPolicy) {
        super(scope, id);
        this.pool = UserPool.Builder.create(this, "Pool")
                .selfSignUpEnabled(false)
                .signInAliases(software.amazon.awscdk.services.cognito.SignInAliases.builder()
                        .username(true)
                        .email(true)
                        .build())
                .passwordPolicy(PasswordPolicy.builder()
                        .minLength(12)
                        .requireLowercase(true)
                        .requireUppercase(true)
                        .requireDigits(true)
                        .requireSymbols(true)
                        .tempPasswordValidity(Duration.days(3))
                        .build())
                // A stolen password alone must not open an operator's account; TOTP needs no SMS role.
                .mfa(Mfa.REQUIRED)
                .mfaSecondFactor(MfaSecondFactor.builder().otp(true).sms(false).build())
                .accountRecovery(AccountRecovery.EMAIL_ONLY)
                .removalPolicy(removalPolicy)
                .build();
        CfnUserPoolGroup.Builder.create(this, "OperatorsGroup")
                .userPoolId(pool.getUserPoolId())
                .groupName(AuthGroups.OPERATORS)
                .description("May do everything in the Entity Table API")
                .build();
        this.client = pool.addClient(
                "ApiClient",
                software.amazon.awscdk.services.cognito.UserPoolClientOptions.builder()
                        .generateSecret(false)
                        .authFlows(AuthFlow.builder().userSrp(true).build())
                        .preventUserExistenceErrors(true)
                        .idTokenValidity(Duration.hours(1))
                        .accessTokenValidity(Duration.hours(1))
                        .build());
    }

    public UserPool pool() {
        return pool;
    }

    public String clientId() {
        return client.getUserPoolClientId();
    }

    /** The {@code iss} of the pool's tokens, which is also where API Gateway finds its signing keys. */
    public String issuerUrl() {
        return "https://cognito-idp." + Stack.of(this).getRegion() + ".amazonaws.com/" + pool.getUserPoolId();
    }
}
