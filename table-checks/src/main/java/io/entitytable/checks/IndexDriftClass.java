package io.entitytable.checks;

/**
 * The kinds of drift between the search index and the core items. Every finding has exactly one class. Only live
 * documents of customers, stores and orders are expected ({@code SearchDocument.of}); a tombstone of a gone item is
 * what the indexer leaves on a delete, so it is correct, never drift.
 */
public enum IndexDriftClass implements DriftKind {
    /** An indexed item has no document, or only a tombstone below the item's version. Repair indexes it. */
    MISSING_DOCUMENT("missingDocument", "missing document", true),
    /**
     * The document's version is behind the item's, or it is at the item's version with other content. Repair indexes
     * the item's document over it.
     */
    STALE_DOCUMENT("staleDocument", "stale document", true),
    /**
     * A live document whose item is gone, or whose item the index does not hold (a business). Repair writes a
     * tombstone one version above it, so that no late record can bring it back.
     */
    ORPHAN_DOCUMENT("orphanDocument", "orphan document", true),
    /**
     * The document (or tombstone) is ahead of the item's version as scanned: the item changed or was deleted after
     * the Scan, or the item was restored from a backup. The index never goes backwards (the indexer's own rule), so it
     * is reported and left alone: verify again once writes are quiet; if it stays, give the item a new version through
     * the API.
     */
    DOCUMENT_AHEAD_OF_ITEM("documentAheadOfItem", "document ahead of item", false);

    private final Traits traits;

    IndexDriftClass(String jsonName, String label, boolean repairable) {
        this.traits = new Traits(jsonName, label, repairable);
    }

    @Override
    public Traits traits() {
        return traits;
    }
}
