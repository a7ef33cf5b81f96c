package io.entitytable.faultrun;

import io.entitytable.checks.DriftCheck;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * What table-checks' drift detector found once the stream drained: the same code as {@code table-verify verify
 * --search-endpoint}, run on the whole table (a Scan; this is a test harness, not a request path) and on the whole
 * search index, compared with the same Scan.
 *
 * @param driftByClass findings about the table's copies by drift class, every class listed (zero included)
 * @param indexDocuments documents the search index held (tombstones included)
 * @param indexDriftByClass findings about the search index by class, every class listed (zero included)
 * @param examples the first findings, as verify prints them
 */
public record Verification(
        long coreItems,
        long duplicates,
        Map<String, Long> driftByClass,
        long indexDocuments,
        Map<String, Long> indexDriftByClass,
        List<String> examples) {
    private static final int EXAMPLES_KEPT = 10;

    static Verification of(DynamoDbClient dynamo, String table, OpenSearchClient search) {
        DriftCheck check = DriftCheck.of(dynamo, table).withSearch(search);
        List<String> findings = new java.util.ArrayList<>(check.findings());
        findings.addAll(check.indexFindings());
        return new Verification(
                check.coreItems(),
                check.duplicates().size(),
                check.countsByClass(),
                check.indexDocumentsRead(),
                check.indexCountsByClass(),
                findings.subList(0, Math.min(EXAMPLES_KEPT, findings.size())));
    }

    public long items() {
        return coreItems + duplicates;
    }

    public long drift() {
        return sum(driftByClass);
    }

    public long indexDrift() {
        return sum(indexDriftByClass);
    }

    public String summary() {
        return items() + " items (" + coreItems + " core, " + duplicates + " duplicates), drift " + drift() + " ("
                + counts(driftByClass) + "); search index: " + indexDocuments + " documents, drift " + indexDrift()
                + " (" + counts(indexDriftByClass) + ")";
    }

    private static long sum(Map<String, Long> counts) {
        return counts.values().stream().mapToLong(Long::longValue).sum();
    }

    private static String counts(Map<String, Long> counts) {
        return counts.entrySet().stream()
                .map(entry -> entry.getKey() + " " + entry.getValue())
                .collect(Collectors.joining(", "));
    }
}
