package io.entitytable.infra;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.events.Rule;
import software.amazon.awscdk.services.events.Schedule;
import software.amazon.awscdk.services.events.targets.LambdaFunction;
import software.constructs.Construct;

/**
 * The scheduled verify: table-verify's sampled check ({@code ScheduledVerifyHandler}) on an EventBridge schedule,
 * once an hour, each run checking one segment of the table in turn, so {@link StackConfig#verifySegments} runs cover it
 * once (docs/design.md §8, "Scheduled verify"). It may read the table (Scan, Query, GetItem) and write nothing; its
 * metrics ({@code DriftFound}, {@code RefreshJobsStopped}) are what the stack alarms on.
 */
public final class ScheduledVerify extends Construct {
    /** How often it runs: the segment changes every hour ({@code SampledVerify.segmentAt}). */
    public static final Duration RATE = Duration.hours(1);

    /**
     * The most items a run reads from its segment. A run's time goes mostly to the sampled items' neighbours, read one
     * request at a time (about three per item, a few milliseconds each): 50,000 items leave room in 15 minutes.
     */
    public static final int MAX_ITEMS_PER_RUN = 50_000;

    private final QuarkusLambda function;
    private final Rule schedule;

    /**
     * @param table the table it checks
     * @param config the stack's config: the zip ({@code tools/table-verify/target/function.zip}), the Scan segments it
     *     walks through (one per run) and the tracing mode
     */
    public ScheduledVerify(Construct scope, String id, EntityDynamoTable table, StackConfig config) {
        super(scope, id);
        this.function = new QuarkusLambda(
                this,
                "Function",
                config,
                new QuarkusLambda.Props(
                        FunctionDefinition.SCHEDULED_VERIFY,
                        StackConfig.FunctionSize.defaultsOf(FunctionDefinition.SCHEDULED_VERIFY),
                        Map.of(
                                EnvironmentVariable.TABLE_NAME.variable(),
                                table.table().getTableName(),
                                EnvironmentVariable.VERIFY_SEGMENTS.variable(),
                                Integer.toString(config.verifySegments()),
                                EnvironmentVariable.VERIFY_MAX_ITEMS.variable(),
                                Integer.toString(MAX_ITEMS_PER_RUN)),
                        "Entity Table scheduled verify: checks one segment of the table each hour"));
        TableAccess.grantScheduledVerify(function.role(), table);
        this.schedule = Rule.Builder.create(this, "Schedule")
                .description("Runs the Entity Table scheduled verify")
                .schedule(Schedule.rate(RATE))
                // A missed hour is only a segment checked later: no retry, so a failing run is not repeated at once.
                .targets(java.util.List.of(LambdaFunction.Builder.create(function.alias())
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
