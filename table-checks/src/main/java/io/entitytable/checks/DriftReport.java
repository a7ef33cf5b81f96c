package io.entitytable.checks;

import java.util.List;

/** The findings of one verification and the Scan they came from. */
public record DriftReport(ScannedTable table, List<Finding> findings) implements DriftFindings<DriftClass, Finding> {

    public DriftReport {
        findings = List.copyOf(findings);
    }

    @Override
    public Class<DriftClass> driftClasses() {
        return DriftClass.class;
    }
}
