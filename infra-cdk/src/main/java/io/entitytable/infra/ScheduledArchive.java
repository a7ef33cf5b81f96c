package io.entitytable.infra;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import java.util.Map;
import software.amazon.awscdk.Duration;
import software.constructs.Construct;

/**
 * The scheduled archive: table-verify's {@code ScheduledArchiveHandler} on an EventBridge schedule, every 15 minutes.
 * Each run takes the businesses whose archive schedules are due (the fan-out keeps them as orders finish and
 * retentions change) and moves their finished orders past their retention from the table to the archive bucket,
 * paced, until none is due or a minute before the function's timeout (docs/design.md §2, "Lifecycle"). Its role may do
 * exactly what the job calls ({@link TableAccess#grantScheduledArchive}, {@link OrderArchive#grantMoveOrders}); its
 * metric ({@code ArchiveMoves} per outcome) is graphed on the dashboard.
 */
public final class ScheduledArchive extends ScheduledFunction {
    /**
     * How often it runs. A retention is a day at least, so a quarter of an hour more before an order leaves is nothing
     * to its business; a run lasts up to the function's timeout while a backlog is moved, so runs rarely overlap (they
     * may: each schedule is taken by one run only); and a run with nothing due costs one Query per due partition, 16,
     * which a shorter rate would only repeat.
     */
    public static final Duration RATE = Duration.minutes(15);

    public ScheduledArchive(
            Construct scope, String id, EntityDynamoTable table, OrderArchive archive, StackConfig config) {
        // No retry: the next run is at most a quarter of an hour away, and a move a failed run stopped half way is
        // finished by a later one once its lease ends.
        super(
                scope,
                id,
                config,
                FunctionDefinition.SCHEDULED_ARCHIVE,
                table,
                Map.of(
                        EnvironmentVariable.ARCHIVE_BUCKET.variable(),
                        archive.bucket().getBucketName()),
                "Entity Table scheduled archive: moves finished orders past their retention to the archive",
                RATE,
                "Runs the Entity Table archive job");
        TableAccess.grantScheduledArchive(function().role(), table);
        archive.grantMoveOrders(function().role());
    }
}
