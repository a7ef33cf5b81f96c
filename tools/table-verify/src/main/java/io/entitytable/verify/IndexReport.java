package io.entitytable.verify;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The findings of one comparison of the search index with a Scan.
 *
 * @param documentsRead documents (tombstones included) the paging through the index returned
 * @param expectedDocuments core items the index should hold a live document of
 */
record IndexReport(String index, List<IndexFinding> findings, long documentsRead, long expectedDocuments) {

    IndexReport {
        findings = List.copyOf(findings);
    }

    /** Every class, zero included, in declaration order. */
    Map<IndexDriftClass, Long> counts() {
        Map<IndexDriftClass, Long> counts = new EnumMap<>(IndexDriftClass.class);
        for (IndexDriftClass driftClass : IndexDriftClass.values()) {
            counts.put(driftClass, 0L);
        }
        findings.forEach(finding -> counts.merge(finding.driftClass(), 1L, Long::sum));
        return counts;
    }

    List<IndexFinding> findingsOf(IndexDriftClass driftClass) {
        return findings.stream()
                .filter(finding -> finding.driftClass() == driftClass)
                .toList();
    }

    boolean clean() {
        return findings.isEmpty();
    }

    List<IndexFinding> repairable() {
        return findings.stream()
                .filter(finding -> finding.driftClass().repairable())
                .toList();
    }
}
