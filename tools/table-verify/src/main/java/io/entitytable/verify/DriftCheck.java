package io.entitytable.verify;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@link DriftDetector} for code that holds a client rather than a command line: the tests of the fan-out and of the
 * local runtime assert with it, so the invariants are checked by the same code as {@code verify}, not by a copy of it.
 * One Scan (one segment, strongly consistent, {@link TableScan}); nothing is repaired.
 */
public final class DriftCheck {
    private final DriftReport report;

    private DriftCheck(DriftReport report) {
        this.report = report;
    }

    /** Scans {@code tableName} and compares its duplicates with what its core items imply. */
    public static DriftCheck of(DynamoDbClient dynamo, String tableName) {
        return new DriftCheck(DriftDetector.detect(new TableScan(dynamo, tableName, 1).run(new ScanProgress(1))));
    }

    /** No finding of any class. */
    public boolean clean() {
        return report.clean();
    }

    /** Every finding, one line each as {@code verify} prints it: {@code missing copy  tag#vip / customer#01J..: ..}. */
    public List<String> findings() {
        return describe(report.findings());
    }

    /**
     * The findings about the duplicates only: every class but dangling reference, which is about core items (a {@code
     * storeIds} entry naming a gone store), the API's concern and not the fan-out's.
     */
    public List<String> copyFindings() {
        return describe(report.findings().stream()
                .filter(finding -> finding.driftClass() != DriftClass.DANGLING_REFERENCE)
                .toList());
    }

    /** Findings by class, every class listed (zero included), named as verify's console summary names them. */
    public Map<String, Long> countsByClass() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (DriftClass driftClass : DriftClass.values()) {
            counts.put(
                    driftClass.label(),
                    report.findings().stream()
                            .filter(finding -> finding.driftClass() == driftClass)
                            .count());
        }
        return counts;
    }

    public long coreItems() {
        return report.table().coreItems();
    }

    /** The duplicate items (edges and tag copies) as scanned, ordered by key. */
    public List<Map<String, AttributeValue>> duplicates() {
        return List.copyOf(report.table().duplicates().values());
    }

    /** For assertion messages: {@code 2 findings over 8 core items and 11 duplicates: [..]}. */
    @Override
    public String toString() {
        return report.findings().size() + " findings over " + coreItems() + " core items and "
                + report.table().duplicates().size() + " duplicates: " + findings();
    }

    private static List<String> describe(List<Finding> findings) {
        return findings.stream().map(Finding::describe).toList();
    }
}
