package io.entitytable.checks;

import io.entitytable.search.client.SearchDocument;

/**
 * One drift between the search index and the table.
 *
 * @param id the item's (and its document's) id
 * @param type the entity's key name ({@code customer}, {@code store}, {@code order}; for an orphan, the document's)
 * @param expected the document {@code SearchDocument.of} builds from the scanned item (null for an orphan)
 * @param found the document as read (null when there is none)
 */
public record IndexFinding(
        IndexDriftClass driftClass,
        String id,
        String type,
        String detail,
        SearchDocument expected,
        IndexedDocument found)
        implements DriftFinding<IndexDriftClass> {

    /** One line for people: {@code stale document  customer 01J..: version 4 behind the item's version 5}. */
    @Override
    public String describe() {
        return driftClass.traits().label() + "  " + type + " " + id + ": " + detail;
    }
}
