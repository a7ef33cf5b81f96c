package io.entitytable.infra;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.events.Rule;
import software.amazon.awscdk.services.events.Schedule;
import software.amazon.awscdk.services.events.targets.LambdaFunction;
import software.constructs.Construct;

/**
 * The scheduled backfill: table-verify's {@code ScheduledBackfillHandler} on an EventBridge schedule, every 15
 * minutes. Deployed over a table written before an access pattern, it gives the table's items what the pattern reads,
 * paced, each run resuming where the last one saved, until the pattern is ready; on a table created with the patterns
 * (or once ready) a run reads the progress items and ends (docs/design.md §2, "Adding an access pattern"). Its metrics
 * ({@code PatternReady}, {@code BackfillPercent}) are what the stack alarms and graphs on.
 */
public final class ScheduledBackfill extends Construct {
    /** How often it runs: a run takes up to the function's timeout, so at most one runs at a time in the steady state. */
    public static final Duration RATE = Duration.minutes(15);

    private final QuarkusLambda function;
    private final Rule schedule;

    public ScheduledBackfill(Construct scope, String id, EntityDynamoTable table, StackConfig config) {
        super(scope, id);
        this.function = new QuarkusLambda(
                this,
                "Function",
                config,
                new QuarkusLambda.Props(
                        FunctionDefinition.SCHEDULED_BACKFILL,
                        StackConfig.FunctionSize.defaultsOf(FunctionDefinition.SCHEDULED_BACKFILL),
                        Map.of(
                                EnvironmentVariable.TABLE_NAME.variable(),
                                table.table().getTableName()),
                        "Entity Table scheduled backfill: gives items written before an access pattern what it reads"));
        TableAccess.grantScheduledBackfill(function.role(), table);
        this.schedule = Rule.Builder.create(this, "Schedule")
                .description("Runs the Entity Table index backfills")
                .schedule(Schedule.rate(RATE))
                // A failed run is resumed by the next one from its last saved page: no retry.
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
