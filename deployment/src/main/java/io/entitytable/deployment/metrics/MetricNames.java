package io.entitytable.deployment.metrics;

import io.entitytable.model.Entity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The custom metrics the functions write (as Embedded Metric Format log lines, {@link MetricsRecorder}) and the CDK app
 * alarms and graphs on: one namespace, and names and dimensions spelled once for both.
 *
 * <p>Every dimension takes values from a fixed, small set (a function, an entity, a kind of copy, an API operation, a
 * status class): CloudWatch bills each combination as a metric of its own, so no id, key or name from the data is ever
 * a dimension.
 */
public final class MetricNames {
    /** Every custom metric of the project. */
    public static final String NAMESPACE = "EntityTable";

    // ---- dimensions ------------------------------------------------------------------------------------------

    /** The function that wrote the metric ({@code AWS_LAMBDA_FUNCTION_NAME}): one per function and stage. */
    public static final String FUNCTION = "Function";
    /** The kind of copy: {@link #TAG_COPY} or an {@link #edgeCopy}. */
    public static final String COPY_KIND = "CopyKind";
    /** The entity of a search document ({@link #searchEntities}). */
    public static final String ENTITY = "Entity";
    /** The API operation (its operationId, or {@link #UNMATCHED_ROUTE}). */
    public static final String ROUTE = "Route";
    /** The class of an HTTP status: {@code 2xx}, {@code 4xx}, {@code 5xx}. */
    public static final String STATUS_CLASS = "StatusClass";

    /** What one move of an order to the archive did: {@link #archiveOutcome} of the archive job's move outcomes. */
    public static final String OUTCOME = "Outcome";

    /** The route of a request that matched no operation of the API. */
    public static final String UNMATCHED_ROUTE = "unmatched";

    // ---- fan-out and refresh worker, per CopyKind -------------------------------------------------------------

    /** Copies put. */
    public static final String COPIES_WRITTEN = "CopiesWritten";
    /** Copies deleted. */
    public static final String COPIES_DELETED = "CopiesDeleted";
    /** Copies not written because the copy found was already at the change's version. */
    public static final String COPIES_CURRENT = "CopiesAlreadyCurrent";
    /** Copy writes refused by their {@code sourceVersion} condition: the copy was as new or newer (a stale record). */
    public static final String COPIES_REFUSED = "CopiesRefused";
    /**
     * Milliseconds from the change a copy follows (its source's {@code updatedAt}; for a new link, the later of the
     * linked subject's and the linking owner's) to the copy's write.
     */
    public static final String COPY_LAG = "CopyLag";

    // ---- fan-out and refresh worker, per Function -------------------------------------------------------------

    /** Stream records that needed no copy work: not a core item, or a change of internal counters only. */
    public static final String RECORDS_SKIPPED = "RecordsSkipped";
    /** DynamoDB calls repeated after a throttle or a transient error. */
    public static final String RETRIES = "Retries";
    /** Copy writes of the refresh worker (puts, deletes and refused writes): per second, its pace. */
    public static final String REFRESH_COPIES = "RefreshCopies";
    /** Refresh-job passes that ended (every segment done). */
    public static final String REFRESH_PASSES_ENDED = "RefreshPassesEnded";

    /** Shard counts the fan-out grew: businesses whose measured write rate was above the growth threshold. */
    public static final String SHARD_GROWTHS = "ShardGrowths";
    /** Businesses whose write-rate count or growth check of a batch failed (the batch itself is not failed for it). */
    public static final String WRITE_RATE_FAILURES = "WriteRateFailures";

    // ---- search indexer, per Entity ---------------------------------------------------------------------------

    /** Documents the index took (a live document). */
    public static final String DOCUMENTS_INDEXED = "DocumentsIndexed";
    /** Tombstones the index took (a deleted subject). */
    public static final String DOCUMENTS_DELETED = "DocumentsDeleted";
    /** Documents the index refused as older than the one it holds (a redelivered or reordered record). */
    public static final String DOCUMENTS_STALE = "DocumentsStale";
    /** Documents the index refused for their content (sent to the dead-letter queue). */
    public static final String DOCUMENTS_REFUSED = "DocumentsRefused";
    /**
     * Milliseconds from the change (the subject's {@code updatedAt}; for a delete, the stream record's creation time)
     * to the bulk response that took the document.
     */
    public static final String INDEX_LAG = "IndexLag";

    // ---- search indexer, per Function -------------------------------------------------------------------------

    /** Bulk requests sent again for documents throttled, failed with a 5xx, or unreachable. */
    public static final String BULK_RETRIES = "BulkRetries";

    // ---- API, per Route and StatusClass -----------------------------------------------------------------------

    /** Requests answered. */
    public static final String REQUESTS = "Requests";

    // ---- API, per Function ------------------------------------------------------------------------------------

    /** Attempts of a write repeated after it met another transaction or another writer (ConflictRetry). */
    public static final String CONFLICTS_RETRIED = "ConflictsRetried";
    /** Requests refused with a 429: their business or caller spent its share of the second. */
    public static final String REQUESTS_THROTTLED = "RequestsThrottled";

    // ---- scheduled verify, per Function --------------------------------------------------------------------------

    /**
     * Findings of one run over its segment: duplicates that drifted from their core items (missing, stale, orphaned,
     * ahead of their source, leaking an index attribute) and dangling references, as {@code table-verify verify}
     * classifies them.
     */
    public static final String DRIFT_FOUND = "DriftFound";
    /** Refresh jobs in the run's segment that stopped: not done, and no progress for {@code RefreshJob.STOPPED_AFTER}. */
    public static final String REFRESH_JOBS_STOPPED = "RefreshJobsStopped";
    /** Items the run read in its segment (its sample's size, so a run that read nothing is told from a clean one). */
    public static final String ITEMS_VERIFIED = "ItemsVerified";

    // ---- scheduled backfill, per Function and Backfill ------------------------------------------------------------

    /** The index backfill a metric is about: its name ({@code IndexBackfill.name}), from the fixed set the code declares. */
    public static final String BACKFILL = "Backfill";
    /**
     * 1 when a run found the backfill's pattern ready (it answers), 0 when the backfill still runs (the pattern answers
     * 503): one value per backfill and run.
     */
    public static final String PATTERN_READY = "PatternReady";
    /** How far the backfill's running pass is through the table, 0 to 100, at the end of a run. */
    public static final String BACKFILL_PERCENT = "BackfillPercent";

    // ---- scheduled archive, per Function and Outcome ---------------------------------------------------------------

    /**
     * Orders a run of the archive job tried to move, by what the move did ({@link #OUTCOME}): moved to the archive, not
     * due yet, held by another mover, changed while it moved, gone. Every outcome is written each run, zero included.
     */
    public static final String ARCHIVE_MOVES = "ArchiveMoves";

    /**
     * The {@link #OUTCOME} of a move: the archive job's outcome ({@code OrderMove.Outcome}) in lower case, {@code moved},
     * {@code not_due}, … (this module cannot name that type: the archive module depends on this one).
     */
    public static String archiveOutcome(Enum<?> outcome) {
        return outcome.name().toLowerCase(Locale.ROOT);
    }

    /**
     * The most values of a distribution (a lag) a function writes per minute and group of dimensions: a uniform sample
     * of them ({@link Sample}). EMF allows 100 values per metric and line, so the sample is one line.
     */
    public static final int MAX_SAMPLES_PER_MINUTE = 100;

    /** The {@link #COPY_KIND} of a tag copy. */
    public static final String TAG_COPY = "tag";

    public static final String SKU_COPY = "sku";

    /** The {@link #COPY_KIND} of an edge that copies a subject of {@code source} (a store into its customer's partition). */
    public static String edgeCopy(Entity source) {
        return source.keyName() + "-edge";
    }

    /** Every {@link #COPY_KIND}: tags, and both sides of every link between the entities. */
    public static List<String> copyKinds() {
        List<String> kinds = new ArrayList<>(List.of(TAG_COPY));
        for (Entity entity : Entity.all()) {
            entity.link().ifPresent(link -> {
                kinds.add(edgeCopy(link.target()));
                kinds.add(edgeCopy(link.owner()));
            });
        }
        return List.copyOf(kinds);
    }

    /** Every {@link #ENTITY}: the entities the search index holds. */
    public static List<String> searchEntities() {
        return Entity.searchable().stream().map(Entity::keyName).toList();
    }

    private MetricNames() {}
}
