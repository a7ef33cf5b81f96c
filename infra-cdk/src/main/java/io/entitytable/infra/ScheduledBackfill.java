package io.entitytable.infra;

import io.entitytable.deployment.FunctionDefinition;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.constructs.Construct;

/**
 * The scheduled backfill: table-verify's {@code ScheduledBackfillHandler} on an EventBridge schedule, every 15
 * minutes. Deployed over a table written before an access pattern, it gives the table's items what the pattern reads,
 * paced, each run resuming where the last one saved, until the pattern is ready; on a table created with the patterns
 * (or once ready) a run reads the progress items and ends (docs/design.md §2, "Adding an access pattern"). Its metrics
 * ({@code PatternReady}, {@code BackfillPercent}) are what the stack alarms and graphs on.
 */
public final class ScheduledBackfill extends ScheduledFunction {
    /** How often it runs: a run takes up to the function's timeout, so at most one runs at a time in the steady state. */
    public static final Duration RATE = Duration.minutes(15);

    public ScheduledBackfill(Construct scope, String id, EntityDynamoTable table, StackConfig config) {
        // A failed run is resumed by the next one from its last saved page.
        super(
                scope,
                id,
                config,
                FunctionDefinition.SCHEDULED_BACKFILL,
                table,
                Map.of(),
                "Entity Table scheduled backfill: gives items written before an access pattern what it reads",
                RATE,
                "Runs the Entity Table index backfills");
        TableAccess.grantScheduledBackfill(function().role(), table);
    }
}
