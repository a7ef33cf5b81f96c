package io.entitytable.verify;

import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON object {@code purge-tombstones} prints on stdout. */
final class PurgeSummary {
    private PurgeSummary() {}

    static String toJson(String searchEndpoint, TombstonePurge.Result result) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("command", "purge-tombstones");
        summary.put("searchEndpoint", searchEndpoint);
        summary.put("deletedBefore", result.cutoff().toString());
        summary.put("tombstonesFound", result.found());
        summary.put("deleted", result.deleted());
        summary.put("keptNewer", result.kept());
        summary.put("failed", result.failed());
        summary.put("durationMillis", result.duration().toMillis());
        return SummaryJson.write(summary);
    }
}
