package io.entitytable.verify;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a reindex did.
 *
 * @param mode {@code rebuild} (a new index filled, then the alias swapped) or {@code backfill} (no alias existed: the
 *     first index was created and filled in place)
 * @param previousIndex the index the alias pointed at before (null for a backfill)
 * @param index the index the alias points at now
 * @param resumed a stopped rebuild's next index was filled again instead of a new one
 * @param previousDeleted the previous index was deleted after the swap
 * @param itemsScanned every item the Scan read (core items, copies, lines, counters, jobs)
 * @param documents search documents built (customers, stores, orders)
 * @param written documents the index took
 * @param conflicts documents the index already held at that version or a newer one (the indexer's dual write)
 * @param refused documents the index refused for their content
 * @param linesQueried orders whose lines were queried because the Scan had not yet seen them all
 * @param duration from the first request to the swap (or the backfill's last write)
 */
public record ReindexSummary(
        String mode,
        String previousIndex,
        String index,
        boolean resumed,
        boolean previousDeleted,
        long itemsScanned,
        long documents,
        long written,
        long conflicts,
        long refused,
        long linesQueried,
        double consumedReadCapacityUnits,
        Duration duration) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Items scanned per second of the whole run. */
    public double itemsPerSecond() {
        double seconds = duration.toNanos() / 1e9;
        return seconds <= 0 ? 0 : itemsScanned / seconds;
    }

    String toJson(String command, String table, String target, String searchEndpoint) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("command", command);
        summary.put("table", table);
        summary.put("target", target);
        summary.put("searchEndpoint", searchEndpoint);
        summary.put("mode", mode);
        summary.put("previousIndex", previousIndex);
        summary.put("index", index);
        summary.put("resumed", resumed);
        summary.put("previousDeleted", previousDeleted);
        summary.put("itemsScanned", itemsScanned);
        summary.put("documents", documents);
        summary.put("documentsWritten", written);
        summary.put("conflicts", conflicts);
        summary.put("refused", refused);
        summary.put("linesQueried", linesQueried);
        summary.put("consumedReadCapacityUnits", consumedReadCapacityUnits);
        summary.put("itemsPerSecond", Math.round(itemsPerSecond() * 10) / 10.0);
        summary.put("durationMillis", duration.toMillis());
        try {
            return JSON.writeValueAsString(summary);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("summary not serialisable", e);
        }
    }
}
