package io.entitytable.checks;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** The findings of one comparison, by class: what the summaries count, the log lists and repair fixes. */
public interface DriftFindings<C extends Enum<C> & DriftKind, F extends DriftFinding<C>> {
    List<F> findings();

    /** The classes this comparison reports. */
    Class<C> driftClasses();

    /** Every class, zero included, in declaration order: the JSON summary always has them all. */
    default Map<C, Long> counts() {
        Map<C, Long> counts = new EnumMap<>(driftClasses());
        for (C driftClass : driftClasses().getEnumConstants()) {
            counts.put(driftClass, 0L);
        }
        findings().forEach(finding -> counts.merge(finding.driftClass(), 1L, Long::sum));
        return counts;
    }

    default long count(C driftClass) {
        return counts().get(driftClass);
    }

    default List<F> findingsOf(C driftClass) {
        return findings().stream()
                .filter(finding -> finding.driftClass() == driftClass)
                .toList();
    }

    default boolean clean() {
        return findings().isEmpty();
    }

    default List<F> repairable() {
        return findings().stream()
                .filter(finding -> finding.driftClass().traits().repairable())
                .toList();
    }
}
