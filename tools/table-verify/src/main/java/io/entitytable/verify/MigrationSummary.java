package io.entitytable.verify;

import io.entitytable.checks.DriftClass;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The machine-readable result of {@code migrate} on stdout, one JSON object: what each copy pass did with the items it
 * read, the counters set, the copies and unique values' markers repair built, and the final verification of the target (the same counts as {@code
 * verify}'s). tools/table-verify/README.md shows an example.
 */
final class MigrationSummary {
    private MigrationSummary() {}

    static String of(MigrationResult result) {
        MigrateOptions options = result.options();
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("command", "migrate");
        summary.put("from", options.from());
        summary.put("to", options.to());
        summary.put("inPlace", options.inPlace());
        summary.put("target", options.where());
        summary.put("sourceLayout", result.sourceLayout());
        summary.put("exitCode", result.exitCode());
        if (result.nothingToMigrate()) {
            summary.put("nothingToMigrate", true);
        } else {
            summary.put("clean", result.exitCode() == CommandResult.CLEAN);
            summary.put("copy", tally(result.copy()));
            if (result.copyBack() != null) {
                summary.put("copyBack", tally(result.copyBack()));
            }
            summary.put("counters", SummaryJson.fields(result.counters()));
            summary.put("copies", copies(result));
            summary.put("uniqueMarkers", uniqueMarkers(result));
            Map<String, Object> verify = new LinkedHashMap<>();
            verify.put("clean", result.after().clean());
            verify.put("itemsScanned", result.after().table().itemsScanned());
            verify.put("coreItems", result.after().table().coreItems());
            verify.put("duplicates", (long) result.after().table().duplicates().size());
            SummaryJson.putDrift(verify, result.after());
            summary.put("verify", verify);
            summary.put("layoutDifferences", result.layoutDifferences());
        }
        summary.put("durationMillis", result.duration().toMillis());
        return SummaryJson.write(summary);
    }

    private static Map<String, Object> tally(CopyTally tally) {
        return SummaryJson.fields(tally == null ? CopyTally.NONE : tally);
    }

    /** The repair on the target: how many copies it built (missing copies put), and the rest of its outcome. */
    private static Map<String, Object> copies(MigrationResult result) {
        RepairResult repair = result.repair();
        Map<String, Object> copies = new LinkedHashMap<>();
        copies.put("expectedMissing", result.found().count(DriftClass.MISSING_COPY));
        copies.put(
                "built",
                repair.attempts().stream()
                        .filter(attempt -> attempt.outcome() == RepairOutcome.REPAIRED
                                && attempt.finding().driftClass() == DriftClass.MISSING_COPY)
                        .count());
        copies.put(
                "otherRepairs",
                repair.attempts().stream()
                        .filter(attempt -> attempt.outcome() == RepairOutcome.REPAIRED
                                && attempt.finding().driftClass() != DriftClass.MISSING_COPY
                                && attempt.finding().driftClass() != DriftClass.MISSING_UNIQUE_MARKER)
                        .count());
        copies.put("skipped", repair.skipped());
        copies.put("failed", repair.count(RepairOutcome.FAILED));
        copies.put("consumedWriteCapacityUnits", repair.consumedWriteCapacity());
        return copies;
    }

    /** The markers of unique values repair put on the target (the copy passes skip them, as they skip copies). */
    private static Map<String, Object> uniqueMarkers(MigrationResult result) {
        Map<String, Object> markers = new LinkedHashMap<>();
        markers.put("expectedMissing", result.found().count(DriftClass.MISSING_UNIQUE_MARKER));
        markers.put(
                "built",
                result.repair().attempts().stream()
                        .filter(attempt -> attempt.outcome() == RepairOutcome.REPAIRED
                                && attempt.finding().driftClass() == DriftClass.MISSING_UNIQUE_MARKER)
                        .count());
        return markers;
    }
}
