package io.entitytable.verify.archive;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What verify found in the order archive: the businesses of the table whose listings it read, the archived orders it
 * checked, and what was wrong.
 */
public record ArchiveReport(String bucket, long businesses, long orders, List<ArchiveFinding> findings) {
    public boolean clean() {
        return findings.isEmpty();
    }

    public List<ArchiveFinding> repairable() {
        return findings.stream().filter(finding -> finding.kind().repairable()).toList();
    }

    public Map<ArchiveFinding.Kind, Long> byKind() {
        Map<ArchiveFinding.Kind, Long> counts = new EnumMap<>(ArchiveFinding.Kind.class);
        findings.forEach(finding -> counts.merge(finding.kind(), 1L, Long::sum));
        return counts;
    }
}
