package io.entitytable.verify;

import io.entitytable.checks.DriftKind;
import io.entitytable.checks.DriftReport;
import io.entitytable.checks.IndexReport;
import io.entitytable.model.EraseJob;
import io.entitytable.model.IsoInstants;
import io.entitytable.model.RefreshJob;
import io.entitytable.verify.archive.ArchiveRepairResult;
import io.entitytable.verify.archive.ArchiveReport;
import io.entitytable.verify.archive.ArchiveResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The machine-readable result on stdout, one JSON object. Its top-level counts describe the last verification (for
 * {@code repair}, the re-verify); {@code repair} adds {@code found} (the first verification's drift) and {@code
 * repairs}. Every drift class is always present, zero included; {@code jobs} counts the refresh jobs by status and
 * lists the stopped ones ({@code jobs.erases} the same for the businesses' erase jobs); {@code search}, with a search
 * endpoint, the same for the search index. The README shows an example.
 */
final class JsonSummary {
    /** Findings listed in the JSON; the counts are always complete. */
    static final int MAX_FINDINGS = 1000;

    private JsonSummary() {}

    static String of(CommandResult result) {
        Map<String, Object> summary = new LinkedHashMap<>();
        VerifyOptions options = result.options();
        DriftReport after = result.after();
        summary.put("command", options.command().name().toLowerCase());
        summary.put("table", options.table());
        summary.put("target", options.target());
        summary.put("clean", result.clean());
        summary.put("exitCode", result.exitCode());
        summary.put("itemsScanned", after.table().itemsScanned());
        summary.put("coreItems", after.table().coreItems());
        summary.put("duplicates", (long) after.table().duplicates().size());
        summary.put("uniqueMarkers", (long) after.table().uniqueMarkers().size());
        summary.put(
                "copyAges",
                CopyAges.of(after.table().duplicates().values(), Instant.now()).toJson());
        summary.put("otherItems", after.table().otherItems());
        summary.put("segments", options.segments());
        SummaryJson.putDrift(summary, after);
        if (result.repair() != null) {
            Map<String, Object> found = new LinkedHashMap<>();
            found.put("itemsScanned", result.before().table().itemsScanned());
            SummaryJson.putDrift(found, result.before());
            summary.put("found", found);
            summary.put("repairs", repairs(result.repair()));
        }
        summary.put("jobs", jobs(result));
        if (result.indexAfter() != null) {
            summary.put("search", search(result));
        }
        if (result.archive() != null) {
            summary.put("archive", archive(result.archive()));
        }
        // The copies' findings first, then the search index's.
        Stream<Map<String, String>> findings = after.findings().stream()
                .map(finding -> finding(
                        finding.driftClass(), finding.key().id(), finding.key().type(), finding.detail()));
        long total = after.findings().size();
        if (result.indexAfter() != null) {
            findings = Stream.concat(
                    findings,
                    result.indexAfter().findings().stream()
                            .map(finding ->
                                    finding(finding.driftClass(), finding.id(), finding.type(), finding.detail())));
            total += result.indexAfter().findings().size();
        }
        summary.put("findings", findings.limit(MAX_FINDINGS).toList());
        summary.put("findingsOmitted", Math.max(0, total - MAX_FINDINGS));
        summary.put("consumedReadCapacityUnits", readCapacity(result));
        summary.put("durationMillis", result.duration().toMillis());
        return SummaryJson.write(summary);
    }

    /** The search index's last comparison; for repair also the first one and the repairs. */
    private static Map<String, Object> search(CommandResult result) {
        IndexReport after = result.indexAfter();
        Map<String, Object> search = new LinkedHashMap<>();
        search.put("endpoint", result.options().searchEndpoint().toString());
        search.put("index", after.index());
        search.put("signed", result.options().searchSigned());
        search.put("documentsRead", after.documentsRead());
        search.put("expectedDocuments", after.expectedDocuments());
        SummaryJson.putDrift(search, after);
        if (result.indexRepair() != null) {
            IndexReport before = result.indexBefore();
            Map<String, Object> found = new LinkedHashMap<>();
            found.put("documentsRead", before.documentsRead());
            SummaryJson.putDrift(found, before);
            search.put("found", found);
            IndexRepairResult repair = result.indexRepair();
            Map<String, Object> repairs = new LinkedHashMap<>();
            repairs.put("attempted", (long) repair.attempts().size());
            repairs.put("repaired", repair.count(IndexRepairResult.Outcome.REPAIRED));
            repairs.put("skipped", repair.skipped());
            repairs.put("failed", repair.count(IndexRepairResult.Outcome.FAILED));
            repairs.put("notRepairable", repair.notRepairable());
            search.put("repairs", repairs);
        }
        return search;
    }

    /** The order archive's last check, its findings by kind and the first of them; for repair also the first check. */
    private static Map<String, Object> archive(ArchiveResult result) {
        Map<String, Object> archive = new LinkedHashMap<>();
        ArchiveReport after = result.after();
        archive.put("bucket", after.bucket());
        archive.put("businesses", after.businesses());
        archive.put("orders", after.orders());
        archive.put("clean", after.clean());
        archive.put("findingsByKind", byKind(after));
        archive.put(
                "findings",
                after.findings().stream()
                        .limit(MAX_FINDINGS)
                        .map(finding -> {
                            Map<String, String> entry = new LinkedHashMap<>();
                            entry.put("kind", finding.kind().label());
                            entry.put("businessId", finding.businessId());
                            if (finding.orderId() != null) {
                                entry.put("orderId", finding.orderId());
                            }
                            entry.put("detail", finding.detail());
                            return entry;
                        })
                        .toList());
        if (result.repair() != null) {
            Map<String, Object> found = new LinkedHashMap<>();
            found.put("orders", result.before().orders());
            found.put("findingsByKind", byKind(result.before()));
            archive.put("found", found);
            Map<String, Object> repairs = new LinkedHashMap<>();
            for (ArchiveRepairResult.Outcome outcome : ArchiveRepairResult.Outcome.values()) {
                repairs.put(
                        outcome.name().toLowerCase(java.util.Locale.ROOT),
                        result.repair().count(outcome));
            }
            archive.put("repairs", repairs);
        }
        return archive;
    }

    private static Map<String, Long> byKind(ArchiveReport report) {
        Map<String, Long> counts = new LinkedHashMap<>();
        report.byKind().forEach((kind, count) -> counts.put(kind.label(), count));
        return counts;
    }

    private static Map<String, Object> repairs(RepairResult repair) {
        Map<String, Object> repairs = new LinkedHashMap<>();
        repairs.put("attempted", (long) repair.attempts().size());
        repairs.put("repaired", repair.count(RepairOutcome.REPAIRED));
        repairs.put("skipped", repair.skipped());
        repairs.put("failed", repair.count(RepairOutcome.FAILED));
        repairs.put("notRepairable", repair.notRepairable());
        repairs.put("consumedWriteCapacityUnits", repair.consumedWriteCapacity());
        return repairs;
    }

    /** Counts by status and the stopped jobs, then the erases; for repair, whether each was restarted. */
    private static Map<String, Object> jobs(CommandResult result) {
        JobsReport report = result.jobs();
        JobRestarts restarts = result.restarts();
        Map<String, Object> jobs = new LinkedHashMap<>();
        for (RefreshJob.Status status : RefreshJob.Status.values()) {
            jobs.put(status.value(), report.count(status));
        }
        List<Map<String, Object>> stopped = new ArrayList<>();
        for (RefreshJob job : report.stopped()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("subject", job.subjectRef());
            entry.put("status", job.status().value());
            entry.put("pass", job.pass());
            entry.put("copiesDone", job.copiesDone());
            entry.put("copiesTotal", job.copiesTotal());
            entry.put("doneSegments", job.doneSegments());
            entry.put("segments", job.segments());
            entry.put("updatedAt", job.updatedAt() == null ? null : IsoInstants.format(job.updatedAt()));
            putRestart(entry, job.subjectRef(), restarts);
            stopped.add(entry);
        }
        jobs.put("stopped", stopped);
        jobs.put("erases", erases(report, restarts));
        // Both kinds: each stopped refresh job and erase is one restart message.
        if (restarts != null) {
            jobs.put("restarted", (long) restarts.restarted().size());
            jobs.put("notRestarted", (long) restarts.notRestarted().size());
        }
        return jobs;
    }

    /** The erase jobs: counts by status and the stopped ones, as for the refresh jobs. */
    private static Map<String, Object> erases(JobsReport report, JobRestarts restarts) {
        Map<String, Object> erases = new LinkedHashMap<>();
        for (EraseJob.Status status : EraseJob.Status.values()) {
            erases.put(status.value(), report.count(status));
        }
        List<Map<String, Object>> stopped = new ArrayList<>();
        for (EraseJob erase : report.stoppedErases()) {
            String subject = JobsReport.subjectOf(erase);
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("subject", subject);
            entry.put("status", erase.status().value());
            entry.put("round", erase.round());
            entry.put("phase", erase.phase().value());
            entry.put("doneSegments", erase.doneSegments());
            entry.put("segments", erase.segments());
            entry.put("itemsDeleted", erase.itemsDeleted());
            entry.put("updatedAt", erase.updatedAt() == null ? null : IsoInstants.format(erase.updatedAt()));
            putRestart(entry, subject, restarts);
            stopped.add(entry);
        }
        erases.put("stopped", stopped);
        return erases;
    }

    /** For repair: whether the subject's restart message was sent, and why not. */
    private static void putRestart(Map<String, Object> entry, String subject, JobRestarts restarts) {
        if (restarts != null) {
            boolean restarted = restarts.restarted().contains(subject);
            entry.put("restarted", restarted);
            if (!restarted) {
                entry.put("reason", restarts.notRestarted().get(subject));
            }
        }
    }

    private static Map<String, String> finding(DriftKind driftClass, String id, String type, String detail) {
        Map<String, String> entry = new LinkedHashMap<>();
        entry.put("class", driftClass.traits().jsonName());
        entry.put("id", id);
        entry.put("type", type);
        entry.put("detail", detail);
        return entry;
    }

    private static double readCapacity(CommandResult result) {
        double units = result.after().table().consumedReadCapacity();
        return result.before() == null ? units : units + result.before().table().consumedReadCapacity();
    }
}
