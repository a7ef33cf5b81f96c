package io.entitytable.verify;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One run of {@code verify} (Scan, detect, stopped jobs) or {@code repair} (Scan, detect, repair, restart the stopped
 * jobs on {@code refreshQueue} when there is one, Scan, detect).
 */
record VerifyCommand(
        DynamoDbClient dynamo,
        VerifyOptions options,
        ProgressIndicator progress,
        FindingsLog log,
        RefreshQueue refreshQueue,
        Clock clock) {

    /** Without a refresh queue: repair only lists the stopped jobs. */
    VerifyCommand(DynamoDbClient dynamo, VerifyOptions options, ProgressIndicator progress, FindingsLog log) {
        this(dynamo, options, progress, log, null, Clock.systemUTC());
    }

    CommandResult run() {
        long started = System.nanoTime();
        DriftReport found = verify("scan");
        log.findings(found);
        JobsReport jobs = JobsReport.of(found.table(), clock.instant());
        log.stoppedJobs(jobs);
        if (options.command() == VerifyOptions.Command.VERIFY) {
            return new CommandResult(options, null, null, found, jobs, null, elapsed(started));
        }
        RepairResult repair = repair(found);
        log.repairs(repair);
        JobRestarts restarts = refreshQueue == null
                ? JobRestarts.withoutQueue(jobs.stopped())
                : JobRestarts.send(jobs.stopped(), refreshQueue);
        log.restarts(restarts);
        DriftReport after = verify("re-verify");
        log.findings(after);
        return new CommandResult(options, found, repair, after, jobs, restarts, elapsed(started));
    }

    DriftReport verify(String phase) {
        ScanProgress scan = new ScanProgress(options.segments());
        ScannedTable table;
        try (ProgressIndicator.Phase ignored = progress.start(() -> "[%s] %s: %,d items read, %d/%d segments done"
                .formatted(phase, options.table(), scan.items(), scan.segmentsDone(), scan.segments()))) {
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
