package io.entitytable.verify.move;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.lambda.model.AliasRoutingConfiguration;
import software.amazon.awssdk.services.lambda.model.GetAliasResponse;
import software.amazon.awssdk.services.lambda.model.GetFunctionConfigurationResponse;
import software.amazon.awssdk.services.lambda.model.LastUpdateStatus;
import software.amazon.awssdk.services.lambda.model.State;

/**
 * Whether the deployed API routes each business as its route says: a write of an API instance that runs without the
 * move's target lands in the home table even for a business the target serves, where neither direction carries it.
 * Every caller invokes the API through its alias ({@link FunctionDefinition#ALIAS}), and Lambda sends no invocation of
 * an alias to an environment of another version, so the alias's version decides: it must run with {@code
 * MOVE_TARGET_TABLE} naming the target, be fully updated, and be the alias's only version (a weighted alias would send
 * some requests to another). Requests the previous version began may still run for up to its timeout, so a cut-over
 * waits that long after the version was first seen routing (see {@link OnlineMoveCommand}).
 */
public interface ApiRouting {

    /** What the check found: routing (with the version seen, and how long its predecessor's requests may run) or not. */
    record Verdict(boolean routes, String version, Duration drain, String reason) {
        static Verdict routing(String version, Duration drain) {
            return new Verdict(true, version, drain, "");
        }

        static Verdict not(String reason) {
            return new Verdict(false, "", Duration.ZERO, reason);
        }
    }

    /** Reads the API's deployment now. */
    Verdict check(String target);

    /** Whether there is a deployment to check; without one, the operator vouches that the API routes. */
    default boolean checked() {
        return true;
    }

    /** No check: the local runtime started with {@code --move-to} runs its API with the target. */
    ApiRouting UNCHECKED = new ApiRouting() {
        @Override
        public Verdict check(String target) {
            return Verdict.routing("local", Duration.ZERO);
        }

        @Override
        public boolean checked() {
            return false;
        }
    };

    /** The API function {@code function}, read through Lambda's GetAlias and GetFunctionConfiguration. */
    static ApiRouting of(LambdaClient lambda, String function) {
        return target -> {
            GetAliasResponse alias =
                    lambda.getAlias(request -> request.functionName(function).name(FunctionDefinition.ALIAS));
            GetFunctionConfigurationResponse configuration = lambda.getFunctionConfiguration(
                    request -> request.functionName(function).qualifier(FunctionDefinition.ALIAS));
            return judge(function, target, alias, configuration);
        };
    }

    /** The verdict on what Lambda answered of {@code function}'s alias and the configuration of its version. */
    static Verdict judge(
            String function, String target, GetAliasResponse alias, GetFunctionConfigurationResponse configuration) {
        String name = function + ":" + FunctionDefinition.ALIAS;
        AliasRoutingConfiguration weights = alias.routingConfig();
        if (weights != null
                && weights.hasAdditionalVersionWeights()
                && !weights.additionalVersionWeights().isEmpty()) {
            return Verdict.not(name + " sends some requests to version(s) "
                    + weights.additionalVersionWeights().keySet() + " besides " + alias.functionVersion()
                    + ": finish that deployment first");
        }
        String variable = EnvironmentVariable.MOVE_TARGET_TABLE.variable();
        Map<String, String> environment = Optional.ofNullable(configuration.environment())
                .filter(e -> e.hasVariables())
                .map(e -> e.variables())
                .orElse(Map.of());
        String routesTo = environment.get(variable);
        if (!target.equals(routesTo)) {
            return Verdict.not(name + " (version " + configuration.version() + ") runs with "
                    + (routesTo == null ? "no " + variable : variable + "=" + routesTo)
                    + ": deploy the stack with -c moveTargetTable=" + target + " first");
        }
        if (configuration.state() != null && configuration.state() != State.ACTIVE) {
            return Verdict.not(name + " is " + configuration.stateAsString() + ", not Active");
        }
        if (configuration.lastUpdateStatus() != null
                && configuration.lastUpdateStatus() != LastUpdateStatus.SUCCESSFUL) {
            return Verdict.not(name + "'s last update is " + configuration.lastUpdateStatusAsString());
        }
        int timeout = configuration.timeout() == null ? 0 : configuration.timeout();
        return Verdict.routing(configuration.version(), Duration.ofSeconds(timeout));
    }
}
