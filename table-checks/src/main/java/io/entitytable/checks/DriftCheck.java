package io.entitytable.checks;

import io.entitytable.deployment.SearchIndex;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link DriftDetector} for code that holds a client rather than a command line: the tests of the fan-out and of the
 * local runtime assert with it, and the fault run ends with it, so the invariants are checked by the same code as
 * {@code verify}, not by a copy of it. One Scan (one segment, strongly consistent, {@link TableScan}); nothing is
 * repaired. {@link #withSearch} compares a search index with the same Scan ({@link IndexDriftDetector}, as {@code
 * verify --search-endpoint}).
 *
 * @param report the table's findings
 * @param index the search index's findings; null until {@link #withSearch}
 */
public record DriftCheck(DriftReport report, IndexReport index) {
    private DriftCheck(DriftReport report) {
        this(report, null);
    }

    /** This check plus the search index behind the alias {@code SearchIndex.ALIAS}, compared with the same Scan. */
    public DriftCheck withSearch(OpenSearchClient client) {
        return withSearch(client, SearchIndex.ALIAS);
    }

    /** This check plus the search index (or alias) {@code index}, compared with the same Scan. */
    public DriftCheck withSearch(OpenSearchClient client, String index) {
        return new DriftCheck(
                report,
                IndexDriftDetector.detect(report.table(), new SearchIndexReader(client, index), new AtomicLong()));
    }

    /**
     * The search index's findings, one line each as {@code verify} prints them: {@code missing document  customer
     * 01J..: ..}. Needs {@link #withSearch}.
     */
    public List<String> indexFindings() {
        return describe(searchReport().findings());
    }

    /** Search index findings by class, every class listed (zero included). Needs {@link #withSearch}. */
    public Map<String, Long> indexCountsByClass() {
        return byLabel(searchReport());
    }

    /** Documents (tombstones included) the index held. Needs {@link #withSearch}. */
    public long indexDocumentsRead() {
        return searchReport().documentsRead();
    }

    /** Scans {@code tableName} and compares its duplicates with what its core items imply. */
    public static DriftCheck of(DynamoDbClient dynamo, String tableName) {
        return new DriftCheck(DriftDetector.detect(new TableScan(dynamo, tableName, 1).run(new ScanProgress(1))));
    }

    /** No finding of any class about the table; the search index's are {@link #indexFindings()}. */
    public boolean clean() {
        return report.clean();
    }

    /** Every finding, one line each as {@code verify} prints it: {@code missing copy  tag#vip / customer#01J..: ..}. */
    public List<String> findings() {
        return describe(report.findings());
    }

    /**
     * The findings about the duplicates only ({@link DriftClass#aboutCopies}): not a dangling reference, which is about
     * core items (a {@code storeIds} entry naming a gone store), the API's concern and not the fan-out's, nor a
     * tombstone beside its live subject, which only an import leaves, nor a unique value's marker, which the API writes.
     */
    public List<String> copyFindings() {
        return describe(report.findings().stream()
                .filter(finding -> finding.driftClass().aboutCopies())
                .toList());
    }

    /** Findings by class, every class listed (zero included), named as verify's console summary names them. */
    public Map<String, Long> countsByClass() {
        return byLabel(report);
    }

    public long coreItems() {
        return report.table().coreItems();
    }

    /** The duplicate items (edges and tag copies) as scanned, ordered by key. */
    public List<Map<String, AttributeValue>> duplicates() {
        return List.copyOf(report.table().duplicates().values());
    }

    /** For assertion messages: {@code 2 findings over 8 core items and 11 duplicates: [..]}, plus the index's. */
    @Override
    public String toString() {
        String copies = report.findings().size() + " findings over " + coreItems() + " core items and "
                + report.table().duplicates().size() + " duplicates: " + findings();
        return index == null
                ? copies
                : copies + "; " + index.findings().size() + " index findings over " + index.documentsRead()
                        + " documents: " + indexFindings();
    }

    private IndexReport searchReport() {
        if (index == null) {
            throw new IllegalStateException("no search index checked: call withSearch first");
        }
        return index;
    }

    private static Map<String, Long> byLabel(DriftFindings<?, ?> report) {
        Map<String, Long> counts = new LinkedHashMap<>();
        report.counts()
                .forEach((driftClass, count) -> counts.put(driftClass.traits().label(), count));
        return counts;
    }

    private static List<String> describe(List<? extends DriftFinding<?>> findings) {
        return findings.stream().map(DriftFinding::describe).toList();
    }
}
