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
        ArchiveReport report;
        try (ProgressIndicator.Phase ignored = progress.start(
                () -> "[%s] %s: %,d archived orders checked".formatted(phase, archive.bucket(), checked.get()))) {
            report = archive.verify(table, dynamo, options.table(), clock, checked);
        }
        log.findings(report);
        return report;
    }

    private ArchiveRepairResult repairArchive(ArchiveReport found) {
        if (found == null) {
            return null;
        }
        ArchiveRepairResult result;
        try (ProgressIndicator.Phase ignored = progress.start(() ->
                "[archive repair] %,d findings".formatted(found.repairable().size()))) {
            result = archive.repair(found, dynamo, options.table(), clock);
        }
        log.archiveRepairs(result);
        return result;
    }

    /** The search index compared with this Scan; null without a search index. */
    IndexReport verifyIndex(String phase, ScannedTable table) {
        if (searchIndex == null) {
            return null;
        }
        AtomicLong read = new AtomicLong();
        IndexReport report;
        try (ProgressIndicator.Phase ignored =
                progress.start(() -> "[%s] %s: %,d documents read".formatted(phase, searchIndex.index(), read.get()))) {
            report = searchIndex.verify(table, read);
        }
        log.findings(report);
        return report;
    }

    private IndexRepairResult repairIndex(IndexReport found) {
        if (found == null) {
            return null;
        }
        IndexRepairResult result;
        try (ProgressIndicator.Phase ignored = progress.start(
                () -> "[index repair] %,d findings".formatted(found.repairable().size()))) {
            result = searchIndex.repair(found, dynamo, options.table(), clock);
        }
        log.indexRepairs(result);
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
