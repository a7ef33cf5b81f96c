package io.entitytable.verify;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** One run of {@code verify} (Scan, detect) or {@code repair} (Scan, detect, repair, Scan, detect). */
record VerifyCommand(DynamoDbClient dynamo, VerifyOptions options, ProgressIndicator progress, FindingsLog log) {
    CommandResult run() {
        long started = System.nanoTime();
        DriftReport found = verify("scan");
        log.findings(found);
        if (options.command() == VerifyOptions.Command.VERIFY) {
            return new CommandResult(options, null, null, found, elapsed(started));
        }
        RepairResult repair = repair(found);
        log.repairs(repair);
        DriftReport after = verify("re-verify");
        log.findings(after);
        return new CommandResult(options, found, repair, after, elapsed(started));
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
