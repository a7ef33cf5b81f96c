package io.entitytable.verify;

import io.entitytable.checks.DriftReport;
import io.entitytable.checks.IndexReport;
import io.entitytable.verify.archive.ArchiveResult;
import java.time.Duration;

/**
 * What a run found and did. {@code after} is the last verification: the only one for {@code verify}, the re-verify for
 * {@code repair} (whose first verification is {@code before}). {@code jobs} are the refresh jobs and erases of the first Scan (the
 * ones {@code repair} acts on: the worker restarts a job asynchronously, so the re-verify may still see it stopped);
 * {@code restarts} what repair did with the stopped ones (null for verify). With a search index, {@code indexAfter} is
 * the last comparison of the index with the table, {@code indexBefore} and {@code indexRepair} repair's first
 * comparison and fixes (all null without one; the first two null for verify). With the order archive, {@code archive}
 * is its check and, for repair, its fixes (null without one).
 */
record CommandResult(
        VerifyOptions options,
        DriftReport before,
        RepairResult repair,
        DriftReport after,
        JobsReport jobs,
        JobRestarts restarts,
        Duration duration,
        IndexReport indexBefore,
        IndexRepairResult indexRepair,
        IndexReport indexAfter,
        ArchiveResult archive) {

    /**
     * No drift in the last verification (of the copies and, when checked, of the search index and the archive) and no stopped refresh
     * job or erase left: for verify none found, for repair every one found was restarted.
     */
    boolean clean() {
        return after.clean()
                && (indexAfter == null || indexAfter.clean())
                && (archive == null || archive.clean())
                && stoppedJobsLeft() == 0;
    }

    long stoppedJobsLeft() {
        return restarts == null ? jobs.stoppedCount() : restarts.notRestarted().size();
    }

    // The exit codes of every command (README.md).
    static final int CLEAN = 0;
    static final int DRIFT = 1;
    static final int USAGE = 2;
    static final int COULD_NOT_FINISH = 3;

    /** 0 when {@link #clean()} (for repair: everything repairable was repaired or restarted), else 1. */
    int exitCode() {
        return clean() ? CLEAN : DRIFT;
    }
}
