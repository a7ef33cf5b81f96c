package io.entitytable.verify;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The findings of one verification and the Scan they came from. */
record DriftReport(ScannedTable table, List<Finding> findings) {

    DriftReport {
        findings = List.copyOf(findings);
    }

    /** Every class, zero included, in declaration order: the JSON summary always has all six. */
    Map<DriftClass, Long> counts() {
        Map<DriftClass, Long> counts = new EnumMap<>(DriftClass.class);
        for (DriftClass driftClass : DriftClass.values()) {
            counts.put(driftClass, 0L);
        }
        findings.forEach(finding -> counts.merge(finding.driftClass(), 1L, Long::sum));
        return counts;
    }

    long count(DriftClass driftClass) {
        return counts().get(driftClass);
    }

    List<Finding> findingsOf(DriftClass driftClass) {
        return findings.stream()
                .filter(finding -> finding.driftClass() == driftClass)
                .toList();
    }

    boolean clean() {
        return findings.isEmpty();
    }

    List<Finding> repairable() {
        return findings.stream()
                .filter(finding -> finding.driftClass().repairable())
                .toList();
    }
}
