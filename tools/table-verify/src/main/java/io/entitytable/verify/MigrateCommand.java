package io.entitytable.verify;

import io.entitytable.checks.DriftReport;
import io.entitytable.checks.ScanProgress;
import io.entitytable.model.EraseJob;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.TableLayout;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * One run of {@code migrate}: the phases of {@link MigrationPhase} from the one the checkpoint names, then the
 * checkpoint is deleted. Writes to the source must be stopped while it runs (docs/design.md, "Moving a table to a new
 * layout"): the Scan is not a snapshot, and the counters are counted once.
 *
 * <p>A table this command creates (the target, the re-created table, the temporary table) is created without a stream,
 * which is turned on at the end of {@link MigrationPhase#FINISH}: so none of the migration's writes is a stream record
 * the fan-out would replay later (the local runtime's pump reads a new stream from its beginning). A target that exists
 * keeps its stream; its fan-out then sees the migrated core items, which its conditional writes make harmless.
 */
record MigrateCommand(
        DynamoDbClient dynamo,
        MigrateOptions options,
        ProgressIndicator progress,
        PrintStream err,
        Interruptions interruptions) {
    /** Where tests stop a run as a kill would; nothing in production. */
    interface Interruptions {
        Interruptions NONE = new Interruptions() {};

        /** A page of {@code pass} was written and checkpointed. */
        default void pageCheckpointed(MigrationPhase pass) {}

        /** The checkpoint moved to {@code phase}. */
        default void phaseReached(MigrationPhase phase) {}
    }

    static final String CURRENT = "current";
    static final String FIRST = "1";

    MigrationResult run() {
        long started = System.nanoTime();
        MigrationCheckpoint checkpoint = MigrationCheckpoint.openOrStart(options);
        if (!checkpoint.resumed()) {
            return migrate(checkpoint, started);
        }
        err.println("migrate: resuming at " + phaseName(checkpoint.phase()) + " from " + options.checkpoint()
                + (checkpoint.segments() != options.segments()
                        ? " with its " + checkpoint.segments() + " segments"
                        : ""));
        // The rest of the run, its summary included, goes by the segments the checkpoint was written with.
        return new MigrateCommand(dynamo, options.withSegments(checkpoint.segments()), progress, err, interruptions)
                .migrate(checkpoint, started);
    }

    private MigrationResult migrate(MigrationCheckpoint checkpoint, long started) {
        String from = options.from();
        String to = options.to();
        String temporary = options.temporaryTable();

        if (checkpoint.phase() == MigrationPhase.COPY) {
            TableDescription source = describe(from);
            if (source == null) {
                throw new UsageException("table '" + from + "' not found at " + options.where()
                        + (options.inPlace() && describe(temporary) != null
                                ? "; " + temporary + " exists: an in-place migration stopped after deleting it. Rerun"
                                        + " it with its --checkpoint, or without one: migrate --from " + temporary
                                        + " --to " + from + " (same --endpoint or --data), then delete " + temporary
                                : ""));
            }
            String layout = layoutOf(from, source);
            if (!checkpoint.resumed()) {
                refuseUnfinishedJobs(from);
            }
            if (options.inPlace() && layout.equals(CURRENT) && !checkpoint.resumed()) {
                if (describe(temporary) != null) {
                    // An in-place run stopped after re-creating the table, and its checkpoint is gone: the data is in
                    // the temporary table, and the copy back is a migration from it.
                    throw new UsageException(temporary + " exists: an in-place migration of " + from + " stopped"
                            + " and its checkpoint is gone; finish it with migrate --from " + temporary + " --to "
                            + from + " (same --endpoint or --data), then delete " + temporary);
                }
                if (hasStream(source)) {
                    err.println("migrate: " + from + " already has this layout; nothing to migrate");
                    return MigrationResult.nothingToMigrate(options, elapsed(started));
                }
                // Re-created by a migration that stopped before its finish: counters, copies, stream.
                checkpoint.sourceLayout(layout);
                advance(checkpoint, MigrationPhase.FINISH);
            } else {
                checkpoint.sourceLayout(layout);
            }
        }
        if (checkpoint.phase() == MigrationPhase.COPY) {
            String copyTarget = options.inPlace() ? temporary : to;
            prepareTarget(copyTarget);
            copy(checkpoint, MigrationPhase.COPY, from, copyTarget);
            advance(checkpoint, options.inPlace() ? MigrationPhase.REPLACE_SOURCE : MigrationPhase.FINISH);
        }
        if (checkpoint.phase() == MigrationPhase.REPLACE_SOURCE) {
            err.println("migrate: deleting " + from + " and creating it in this layout");
            deleteIfExists(from);
            createWithoutStream(from);
            advance(checkpoint, MigrationPhase.COPY_BACK);
        }
        if (checkpoint.phase() == MigrationPhase.COPY_BACK) {
            copy(checkpoint, MigrationPhase.COPY_BACK, temporary, to);
            advance(checkpoint, MigrationPhase.FINISH);
        }
        Finish finish = null;
        if (checkpoint.phase() == MigrationPhase.FINISH) {
            finish = finish(to);
            if (options.inPlace()) {
                advance(checkpoint, MigrationPhase.DROP_TEMPORARY);
            }
        }
        if (checkpoint.phase() == MigrationPhase.DROP_TEMPORARY) {
            err.println("migrate: deleting " + temporary);
            deleteIfExists(temporary);
            if (finish == null) {
                finish = finish(to);
            }
        }
        checkpoint.delete();
        return new MigrationResult(
                options,
                false,
                checkpoint.sourceLayout(),
                checkpoint.tally(MigrationPhase.COPY),
                checkpoint.tally(MigrationPhase.COPY_BACK),
                finish.counters(),
                finish.found(),
                finish.repair(),
                finish.after(),
                TableLayout.ENTITY.differencesFrom(describe(to)),
                elapsed(started));
    }

    /** What the finish phase did on the target. */
    private record Finish(CounterRebuild.Result counters, DriftReport found, RepairResult repair, DriftReport after) {}

    /**
     * Counters from a Scan of the target, every copy built by repair (the verify tool's own detector and conditional
     * writes, from the catalogue), verified again, then the stream on.
     */
    private Finish finish(String table) {
        err.println("migrate: counting children and links, building copies, verifying " + table);
        VerifyOptions verifyOptions = new VerifyOptions(
                VerifyOptions.Command.REPAIR,
                options.target().endpoint(),
                table,
                options.target().region(),
                options.segments());
        FindingsLog log = new FindingsLog(err);
        VerifyCommand verify = new VerifyCommand(dynamo, verifyOptions, progress, log);
        DriftReport found = verify.verify("scan");
        CounterRebuild.Result counters;
        try (ProgressIndicator.Phase ignored = progress.start(() -> "[counters] " + table)) {
            counters = new CounterRebuild(dynamo, table, options.segments()).run(found.table());
        }
        RepairResult repair = verify.repair(found);
        DriftReport after = verify.verify("re-verify");
        log.findings(after);
        turnStreamOn(table);
        return new Finish(counters, found, repair, after);
    }

    private void copy(MigrationCheckpoint checkpoint, MigrationPhase pass, String source, String target) {
        err.println("migrate: " + phaseName(pass) + " " + source + " -> " + target);
        ScanProgress scan = new ScanProgress(checkpoint.segments());
        try (ProgressIndicator.Phase ignored =
                progress.start(() -> "[%s] %s -> %s: %s".formatted(phaseName(pass), source, target, scan.status()))) {
            new TableCopy(dynamo, source, target, pass, checkpoint, scan, interruptions).run();
        }
    }

    /**
     * A refresh job that is not done still owes customers the removal of a deleted store from their {@code storeIds},
     * and copies a new version: the migration copies neither job items nor copies, so what the job had left to do would
     * be lost on the new table (customers naming a store that is gone). An erase that is not done has a business half
     * deleted, which the new table would keep half. So every job must be done first.
     */
    private void refuseUnfinishedJobs(String table) {
        JobsScan.Jobs jobs = new JobsScan(dynamo, table).jobsAndErases();
        List<String> unfinished = Stream.concat(
                        jobs.refreshJobs().stream()
                                .filter(job -> job.status() != RefreshJob.Status.DONE)
                                .map(job ->
                                        job.subjectRef() + " (" + job.status().value() + ")"),
                        jobs.erases().stream()
                                .filter(erase -> erase.status() != EraseJob.Status.DONE)
                                .map(erase -> JobsReport.subjectOf(erase) + " (erase "
                                        + erase.status().value() + ")"))
                .sorted()
                .toList();
        if (!unfinished.isEmpty()) {
            throw new UsageException(table + " has " + unfinished.size() + " job(s) not done: "
                    + String.join(", ", unfinished.subList(0, Math.min(5, unfinished.size())))
                    + (unfinished.size() > 5 ? ", …" : "")
                    + ". Let them finish before migrating (the API stopped, the fan-out and refresh worker running:"
                    + " table-verify jobs lists them, repair --refresh-queue restarts a stopped one), then run migrate"
                    + " again");
        }
    }

    private void advance(MigrationCheckpoint checkpoint, MigrationPhase next) {
        checkpoint.phase(next);
        interruptions.phaseReached(next);
    }

    /** {@code 1} or {@code current}; any other table is refused before anything is written. */
    private static String layoutOf(String name, TableDescription table) {
        List<String> differences = TableLayout.ENTITY.differencesFrom(withLayoutStream(table));
        if (differences.isEmpty()) {
            return CURRENT;
        }
        if (FirstLayout.matches(table)) {
            return FIRST;
        }
        throw new UsageException(
                "table '" + name + "' has neither layout 1 nor this layout: " + String.join("; ", differences));
    }

    /** Uses a target that has this layout (its stream aside), or creates it; refuses one of any other layout. */
    private void prepareTarget(String name) {
        TableDescription existing = describe(name);
        if (existing == null) {
            createWithoutStream(name);
            return;
        }
        List<String> differences = TableLayout.ENTITY.differencesFrom(withLayoutStream(existing));
        if (!differences.isEmpty()) {
            throw new UsageException(
                    "the target table '" + name + "' exists with another layout: " + String.join("; ", differences));
        }
    }

    private void createWithoutStream(String name) {
        if (describe(name) != null) {
            return;
        }
        CreateTableRequest request = TableLayout.ENTITY.createTableRequest(name).toBuilder()
                .streamSpecification((StreamSpecification) null)
                .build();
        dynamo.createTable(request);
        dynamo.waiter()
                .waitUntilTableExists(
                        DescribeTableRequest.builder().tableName(name).build());
    }

    private static boolean hasStream(TableDescription table) {
        StreamSpecification stream = table.streamSpecification();
        return stream != null && Boolean.TRUE.equals(stream.streamEnabled());
    }

    private void turnStreamOn(String name) {
        if (hasStream(describe(name))) {
            return;
        }
        dynamo.updateTable(request -> request.tableName(name).streamSpecification(layoutStream()));
        dynamo.waiter()
                .waitUntilTableExists(
                        DescribeTableRequest.builder().tableName(name).build());
    }

    private void deleteIfExists(String name) {
        if (describe(name) == null) {
            return;
        }
        dynamo.deleteTable(request -> request.tableName(name));
        dynamo.waiter()
                .waitUntilTableNotExists(
                        DescribeTableRequest.builder().tableName(name).build());
    }

    private TableDescription describe(String name) {
        try {
            return dynamo.describeTable(request -> request.tableName(name)).table();
        } catch (ResourceNotFoundException e) {
            return null;
        }
    }

    /** The table as if its stream were the layout's: a table this command created has none until the end. */
    private static TableDescription withLayoutStream(TableDescription table) {
        return table.toBuilder().streamSpecification(layoutStream()).build();
    }

    private static StreamSpecification layoutStream() {
        return StreamSpecification.builder()
                .streamEnabled(true)
                .streamViewType(TableLayout.ENTITY.streamView())
                .build();
    }

    private static String phaseName(MigrationPhase phase) {
        return phase.name().toLowerCase().replace('_', '-');
    }

    private static Duration elapsed(long started) {
        return Duration.ofNanos(System.nanoTime() - started);
    }
}
