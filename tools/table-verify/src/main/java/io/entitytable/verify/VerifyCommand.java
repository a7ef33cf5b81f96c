package io.entitytable.verify;

import io.entitytable.checks.DriftDetector;
import io.entitytable.checks.DriftReport;
import io.entitytable.checks.IndexReport;
import io.entitytable.checks.ScanProgress;
import io.entitytable.checks.ScannedTable;
import io.entitytable.checks.TableScan;
import io.entitytable.verify.archive.ArchiveRepairResult;
import io.entitytable.verify.archive.ArchiveReport;
import io.entitytable.verify.archive.ArchiveResult;
import io.entitytable.verify.archive.ArchiveTarget;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One run of {@code verify} (Scan, detect, stopped refresh jobs and erases; with a search index, compare it with the Scan) or {@code
 * repair} (Scan, detect, repair the copies and the index, restart the stopped jobs on {@code refreshQueue} when there
 * is one, Scan, detect).
 *
 * @param searchIndex the search index to compare with the table; null: not checked
 * @param archive the order archive to check against the table; null: not checked
 */
record VerifyCommand(
        DynamoDbClient dynamo,
        VerifyOptions options,
        ProgressIndicator progress,
        FindingsLog log,
        RefreshQueue refreshQueue,
        Clock clock,
        IndexTarget searchIndex,
        ArchiveTarget archive) {

    /** Without a refresh queue: repair only lists the stopped jobs. */
    VerifyCommand(DynamoDbClient dynamo, VerifyOptions options, ProgressIndicator progress, FindingsLog log) {
        this(dynamo, options, progress, log, null, Clock.systemUTC());
    }

    /** Without a search index. */
    VerifyCommand(
            DynamoDbClient dynamo,
            VerifyOptions options,
            ProgressIndicator progress,
            FindingsLog log,
            RefreshQueue refreshQueue,
            Clock clock) {
        this(dynamo, options, progress, log, refreshQueue, clock, null, null);
    }

    CommandResult run() {
        long started = System.nanoTime();
        DriftReport found = verify("scan");
        log.findings(found);
        IndexReport indexFound = verifyIndex("index", found.table());
        JobsReport jobs = JobsReport.of(found.table(), clock.instant());
        log.stoppedJobs(jobs);
        ArchiveReport archiveFound = verifyArchive("archive", found.table());
        if (options.command() == VerifyOptions.Command.VERIFY) {
            return new CommandResult(
                    options,
                    null,
                    null,
                    found,
                    jobs,
                    null,
                    elapsed(started),
                    null,
                    null,
                    indexFound,
                    archiveFound == null ? null : new ArchiveResult(null, null, archiveFound));
        }
        RepairResult repair = repair(found);
        log.repairs(repair);
        IndexRepairResult indexRepair = repairIndex(indexFound);
        ArchiveRepairResult archiveRepair = repairArchive(archiveFound);
        JobRestarts restarts = refreshQueue == null
                ? JobRestarts.withoutQueue(jobs.stoppedSubjects())
                : JobRestarts.send(jobs.stoppedSubjects(), refreshQueue);
        log.restarts(restarts);
        DriftReport after = verify("re-verify");
        log.findings(after);
        IndexReport indexAfter = verifyIndex("index re-verify", after.table());
        ArchiveReport archiveAfter = verifyArchive("archive re-verify", after.table());
        return new CommandResult(
                options,
                found,
                repair,
                after,
                jobs,
                restarts,
                elapsed(started),
                indexFound,
                indexRepair,
                indexAfter,
                archiveAfter == null ? null : new ArchiveResult(archiveFound, archiveRepair, archiveAfter));
    }

    /** The order archive checked against this Scan; null without an archive. */
    private ArchiveReport verifyArchive(String phase, ScannedTable table) {
        if (archive == null) {
            return null;
        }
        AtomicLong checked = new AtomicLong();
        return shownAndLogged(
                () -> "[%s] %s: %,d archived orders checked".formatted(phase, archive.bucket(), checked.get()),
                () -> archive.verify(table, dynamo, options.table(), clock, checked),
                log::findings);
    }

    private ArchiveRepairResult repairArchive(ArchiveReport found) {
        if (found == null) {
            return null;
        }
        return shownAndLogged(
                () -> "[archive repair] %,d findings"
                        .formatted(found.repairable().size()),
                () -> archive.repair(found, dynamo, options.table(), clock),
                log::archiveRepairs);
    }

    /** The search index compared with this Scan; null without a search index. */
    IndexReport verifyIndex(String phase, ScannedTable table) {
        if (searchIndex == null) {
            return null;
        }
        AtomicLong read = new AtomicLong();
        return shownAndLogged(
                () -> "[%s] %s: %,d documents read".formatted(phase, searchIndex.index(), read.get()),
                () -> searchIndex.verify(table, read),
                log::findings);
    }

    private IndexRepairResult repairIndex(IndexReport found) {
        if (found == null) {
            return null;
        }
        return shownAndLogged(
                () -> "[index repair] %,d findings".formatted(found.repairable().size()),
                () -> searchIndex.repair(found, dynamo, options.table(), clock),
                log::indexRepairs);
    }

    /** Runs {@code step} while {@code status} is shown, then logs what it found or did. */
    private <R> R shownAndLogged(Supplier<String> status, Supplier<R> step, Consumer<R> logged) {
        R result;
        try (ProgressIndicator.Phase ignored = progress.start(status)) {
            result = step.get();
        }
        logged.accept(result);
        return result;
    }

    DriftReport verify(String phase) {
        ScanProgress scan = new ScanProgress(options.segments());
        ScannedTable table;
        try (ProgressIndicator.Phase ignored =
                progress.start(() -> "[%s] %s: %s".formatted(phase, options.table(), scan.status()))) {
            table = new TableScan(dynamo, options.table(), options.segments()).run(scan);
        }
        return DriftDetector.detect(table);
    }

    RepairResult repair(DriftReport found) {
        AtomicLong done = new AtomicLong();
        long total = found.repairable().size();
        try (ProgressIndicator.Phase ignored =
                progress.start(() -> "[repair] %,d/%,d findings repaired or skipped".formatted(done.get(), total))) {
            return new CopyRepair(dynamo, options.table(), options.segments()).repair(found, done);
        }
    }

    private static Duration elapsed(long started) {
        return Duration.ofNanos(System.nanoTime() - started);
    }
}
