package io.entitytable.infra;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.constructs.Construct;

/**
 * The scheduled verify: table-verify's sampled check ({@code ScheduledVerifyHandler}) on an EventBridge schedule,
 * once an hour, each run checking one segment of the table in turn, so {@link StackConfig#verifySegments} runs cover it
 * once (docs/design.md §8, "Scheduled verify"). It may read the table (Scan, Query, GetItem) and write nothing; its
 * metrics ({@code DriftFound}, {@code RefreshJobsStopped}) are what the stack alarms on.
 */
public final class ScheduledVerify extends ScheduledFunction {
    /** How often it runs: the segment changes every hour ({@code SampledVerify.segmentAt}). */
    public static final Duration RATE = Duration.hours(1);

    /**
     * The most items a run reads from its segment. A run's time goes mostly to the sampled items' neighbours, read one
     * request at a time (about three per item, a few milliseconds each): 50,000 items leave room in 15 minutes.
     */
    public static final int MAX_ITEMS_PER_RUN = 50_000;

    /**
     * @param table the table it checks
     * @param config the stack's config: the zip ({@code tools/table-verify/target/function.zip}), the Scan segments it
     *     walks through (one per run) and the tracing mode
     */
    public ScheduledVerify(Construct scope, String id, EntityDynamoTable table, StackConfig config) {
        // A missed hour is only a segment checked later, so a failing run is not repeated at once.
        super(
                scope,
                id,
                config,
                FunctionDefinition.SCHEDULED_VERIFY,
                table,
                Map.of(
                        EnvironmentVariable.VERIFY_SEGMENTS.variable(),
                        Integer.toString(config.verifySegments()),
                        EnvironmentVariable.VERIFY_MAX_ITEMS.variable(),
                        Integer.toString(MAX_ITEMS_PER_RUN)),
                "Entity Table scheduled verify: checks one segment of the table each hour",
                RATE,
                "Runs the Entity Table scheduled verify");
        TableAccess.grantScheduledVerify(function().role(), table);
    }
}
