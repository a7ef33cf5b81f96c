package io.entitytable.checks;

import java.util.List;

/**
 * The findings of one comparison of the search index with a Scan.
 *
 * @param documentsRead documents (tombstones included) the paging through the index returned
 * @param expectedDocuments core items the index should hold a live document of
 */
public record IndexReport(String index, List<IndexFinding> findings, long documentsRead, long expectedDocuments)
        implements DriftFindings<IndexDriftClass, IndexFinding> {

    public IndexReport {
        findings = List.copyOf(findings);
    }

    @Override
    public Class<IndexDriftClass> driftClasses() {
        return IndexDriftClass.class;
    }
}
