package io.entitytable.verify;

/** What happened to one repairable finding. */
enum RepairOutcome {
    /** The copy was put or deleted. */
    REPAIRED,
    /** The copy's condition failed: it changed after the Scan (a newer copy is never overwritten or deleted). */
    SKIPPED_COPY_CHANGED,
    /** A core item the finding was decided from changed after the Scan; verify again to see what is left. */
    SKIPPED_SOURCE_CHANGED,
    /** Another transaction touched one of the items at the same moment; verify again. */
    SKIPPED_CONFLICT,
    /** The request failed (after the SDK's retries): throttling that did not stop, permissions, network. */
    FAILED;

    boolean skipped() {
        return this == SKIPPED_COPY_CHANGED || this == SKIPPED_SOURCE_CHANGED || this == SKIPPED_CONFLICT;
    }
}
