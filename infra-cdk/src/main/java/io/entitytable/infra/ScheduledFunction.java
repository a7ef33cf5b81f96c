package io.entitytable.infra;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.events.Rule;
import software.amazon.awscdk.services.events.Schedule;
import software.amazon.awscdk.services.events.targets.LambdaFunction;
import software.constructs.Construct;

/**
 * A function that only an EventBridge schedule invokes: the function ({@code Function}, at its definition's defaults)
 * and its rule ({@code Schedule}), which invokes its alias without retries: the next scheduled run is the retry. Every
 * scheduled job works on the table, so each function is told the table's name.
 */
abstract class ScheduledFunction extends Construct {
    private final QuarkusLambda function;
    private final Rule schedule;

    /**
     * @param table the table the job works on, named in the function's environment
     * @param environment the rest of the function's environment
     * @param what the function's description
     * @param rate how often the rule invokes it
     * @param runs the rule's description
     */
    ScheduledFunction(
            Construct scope,
            String id,
            StackConfig config,
            FunctionDefinition definition,
            EntityDynamoTable table,
            Map<String, String> environment,
            String what,
            Duration rate,
            String runs) {
        super(scope, id);
        Map<String, String> tableEnvironment = new HashMap<>(environment);
        tableEnvironment.put(
                EnvironmentVariable.TABLE_NAME.variable(), table.table().getTableName());
        this.function = new QuarkusLambda(
                this,
                "Function",
                config,
                new QuarkusLambda.Props(
                        definition, StackConfig.FunctionSize.defaultsOf(definition), tableEnvironment, what));
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
