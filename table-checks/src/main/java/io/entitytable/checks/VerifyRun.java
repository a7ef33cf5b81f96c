package io.entitytable.checks;

import io.entitytable.deployment.SearchIndex;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * One {@code verify} as the local console runs it on demand: a {@link DriftCheck} of the table (and of the search index
 * behind the alias, when an engine is given), kept as plain values that serialise to JSON as they are. Nothing is
 * repaired; {@code table-verify repair} is the fix.
 *
 * @param coreItems core items the Scan read
 * @param duplicates duplicate items (edges and tag copies) the Scan read
 * @param countsByClass findings by class, every class listed (zero included), named as verify's summary names them
 * @param findings the first {@link #FINDINGS_KEPT} findings, one line each as verify prints them
 * @param totalFindings all the findings, kept or not
 * @param index the search index's comparison; null when no engine was given
 * @param tookMs how long the whole run took
 */
public record VerifyRun(
        long coreItems,
        long duplicates,
        Map<String, Long> countsByClass,
        List<String> findings,
        int totalFindings,
        IndexRun index,
        long tookMs) {

    /** Findings kept per comparison: a page's worth; the counts still cover them all. */
    public static final int FINDINGS_KEPT = 200;

    /**
     * The search index compared with the same Scan.
     *
     * @param name the index or alias read
     * @param documentsRead documents (tombstones included) the index held
     * @param countsByClass findings by class, every class listed (zero included)
     * @param findings the first {@link #FINDINGS_KEPT} findings, one line each as verify prints them
     * @param totalFindings all the findings, kept or not
     */
    public record IndexRun(
            String name,
            long documentsRead,
            Map<String, Long> countsByClass,
            List<String> findings,
            int totalFindings) {}

    /**
     * Scans {@code tableName} once and compares its duplicates with its core items, and, when {@code search} is not
     * null, the index behind {@code SearchIndex.ALIAS} with the same Scan.
     *
     * @param search the search engine, or null when there is none to check
     */
    public static VerifyRun run(DynamoDbClient dynamo, String tableName, OpenSearchClient search) {
        long start = System.nanoTime();
        DriftCheck check = DriftCheck.of(dynamo, tableName);
        IndexRun index = null;
        if (search != null) {
            check = check.withSearch(search, SearchIndex.ALIAS);
            List<String> found = check.indexFindings();
            index = new IndexRun(
                    SearchIndex.ALIAS,
                    check.indexDocumentsRead(),
                    check.indexCountsByClass(),
                    kept(found),
                    found.size());
        }
        List<String> found = check.findings();
        return new VerifyRun(
                check.coreItems(),
                check.duplicates().size(),
                check.countsByClass(),
                kept(found),
                found.size(),
                index,
                Duration.ofNanos(System.nanoTime() - start).toMillis());
    }

    private static List<String> kept(List<String> findings) {
        return List.copyOf(findings.subList(0, Math.min(FINDINGS_KEPT, findings.size())));
    }
}
