package io.entitytable.verify;

import io.entitytable.checks.DriftFinding;
import io.entitytable.checks.DriftFindings;
import io.entitytable.checks.DriftKind;
import io.entitytable.verify.archive.ArchiveFinding;
import io.entitytable.verify.archive.ArchiveRepairResult;
import io.entitytable.verify.archive.ArchiveReport;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** Findings and repair failures for people, on stderr; stdout carries only the JSON summary. */
final class FindingsLog {
    /** Enough to see the pattern; the JSON summary has the counts (and up to {@link JsonSummary#MAX_FINDINGS}). */
    static final int LINES_PER_CLASS = 20;

    private final PrintStream err;

    FindingsLog(PrintStream err) {
        this.err = err;
    }

    /** The findings of either comparison, {@link #LINES_PER_CLASS} of each class at the most. */
    <C extends Enum<C> & DriftKind> void findings(DriftFindings<C, ?> report) {
        for (C driftClass : report.driftClasses().getEnumConstants()) {
            List<? extends DriftFinding<C>> findings = report.findingsOf(driftClass);
            findings.stream().limit(LINES_PER_CLASS).forEach(finding -> err.println(finding.describe()));
            if (findings.size() > LINES_PER_CLASS) {
                err.println("... and " + (findings.size() - LINES_PER_CLASS) + " more "
                        + driftClass.traits().label() + "(s)");
            }
        }
    }

    /** The order archive's findings, {@link #LINES_PER_CLASS} of each kind at the most. */
    void findings(ArchiveReport report) {
        for (ArchiveFinding.Kind kind : ArchiveFinding.Kind.values()) {
            List<ArchiveFinding> ofKind = report.findings().stream()
                    .filter(finding -> finding.kind() == kind)
                    .toList();
            ofKind.stream().limit(LINES_PER_CLASS).forEach(finding -> err.println(describe(finding)));
            if (ofKind.size() > LINES_PER_CLASS) {
                err.println("... and " + (ofKind.size() - LINES_PER_CLASS) + " more " + kind.label() + "(s)");
            }
        }
    }

    void archiveRepairs(ArchiveRepairResult result) {
        result.attempts().stream()
                .filter(attempt -> attempt.outcome() != ArchiveRepairResult.Outcome.REPAIRED)
                .limit(LINES_PER_CLASS * 5L)
                .forEach(attempt -> err.println("archive repair "
                        + attempt.outcome().name().toLowerCase() + "  " + describe(attempt.finding()) + ": "
                        + attempt.detail()));
        err.println("archive repair: " + result.count(ArchiveRepairResult.Outcome.REPAIRED) + " repaired, "
                + result.count(ArchiveRepairResult.Outcome.SKIPPED) + " skipped, "
                + result.count(ArchiveRepairResult.Outcome.FAILED) + " failed");
    }

    private static String describe(ArchiveFinding finding) {
        return "archive " + finding.kind().label() + "  business " + finding.businessId()
                + (finding.orderId() == null ? "" : " order " + finding.orderId()) + ": " + finding.detail();
    }

    void indexRepairs(IndexRepairResult result) {
        result.attempts().stream()
                .filter(attempt -> attempt.outcome() != IndexRepairResult.Outcome.REPAIRED)
                .limit(LINES_PER_CLASS * 5L)
                .forEach(attempt -> err.println("index repair "
                        + attempt.outcome().name().toLowerCase() + "  "
                        + attempt.finding().type() + " "
                        + attempt.finding().id() + ": " + attempt.message()));
        err.println("index repair: " + result.count(IndexRepairResult.Outcome.REPAIRED) + " repaired, "
                + result.skipped() + " skipped, " + result.count(IndexRepairResult.Outcome.FAILED) + " failed, "
                + result.notRepairable() + " not repairable");
    }

    /** One line per stopped refresh job and erase: like drift, an operator must act on it (repair restarts it). */
    void stoppedJobs(JobsReport jobs) {
        jobs.stopped()
                .forEach(job -> err.println("stopped refresh job  " + job.subjectRef() + ": "
                        + job.status().value()
                        + ", pass " + job.pass() + ", copies " + job.copiesDone() + "/" + job.copiesTotal()
                        + ", segments " + job.doneSegments() + "/" + job.segments() + ", no progress since "
                        + job.updatedAt()));
        jobs.stoppedErases()
                .forEach(erase -> err.println("stopped erase job  " + JobsReport.subjectOf(erase) + ": "
                        + erase.status().value()
                        + ", round " + erase.round() + ", phase "
                        + erase.phase().value() + ", segments "
                        + erase.doneSegments() + "/" + erase.segments() + ", " + erase.itemsDeleted()
                        + " items deleted, no progress since " + erase.updatedAt()));
    }

    void restarts(JobRestarts restarts) {
        restarts.restarted().stream()
                .sorted()
                .forEach(subject -> err.println("restarted " + jobLabel(subject) + "  " + subject));
        restarts.notRestarted().entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(
                        entry -> err.println(jobLabel(entry.getKey()) + " " + entry.getKey() + " " + entry.getValue()));
    }

    private static String jobLabel(String subject) {
        return JobsReport.isEraseSubject(subject) ? "erase job" : "refresh job";
    }

    void repairs(RepairResult result) {
        result.attempts().stream()
                .filter(attempt -> attempt.outcome() != RepairOutcome.REPAIRED)
                .limit(LINES_PER_CLASS * 5L)
                .forEach(attempt ->
                        err.println("repair " + attempt.outcome().name().toLowerCase() + "  "
                                + attempt.finding().key() + ": " + attempt.message()));
        err.println("repair: " + result.count(RepairOutcome.REPAIRED) + " repaired, " + result.skipped()
                + " skipped, " + result.count(RepairOutcome.FAILED) + " failed, " + result.notRepairable()
                + " not repairable");
    }
}
