package io.entitytable.infra;

import io.entitytable.deployment.FunctionDefinition;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.events.Rule;
import software.amazon.awscdk.services.events.Schedule;
import software.amazon.awscdk.services.events.targets.LambdaFunction;
import software.constructs.Construct;

/**
 * A function that only an EventBridge schedule invokes: the function ({@code Function}, at its definition's defaults)
 * and its rule ({@code Schedule}), which invokes its alias without retries: the next scheduled run is the retry.
 */
abstract class ScheduledFunction extends Construct {
    private final QuarkusLambda function;
    private final Rule schedule;

    /**
     * @param what the function's description
     * @param rate how often the rule invokes it
     * @param runs the rule's description
     */
    ScheduledFunction(
            Construct scope,
            String id,
            StackConfig config,
            FunctionDefinition definition,
            Map<String, String> environment,
            String what,
            Duration rate,
            String runs) {
        super(scope, id);
        this.function = new QuarkusLambda(
                this,
                "Function",
                config,
                new QuarkusLambda.Props(
                        definition, StackConfig.FunctionSize.defaultsOf(definition), environment, what));
        this.schedule = Rule.Builder.create(this, "Schedule")
                .description(runs)
                .schedule(Schedule.rate(rate))
                .targets(List.of(LambdaFunction.Builder.create(function.alias())
                        .retryAttempts(0)
                        .build()))
                .build();
    }

    public QuarkusLambda function() {
        return function;
    }

    public Rule schedule() {
        return schedule;
    }
}
