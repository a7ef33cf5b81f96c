package io.entitytable.verify;

/**
 * What one copy pass (or one of its segments) did with the items it read. Every item read lands in exactly one count.
 *
 * @param coreWritten core items written in this layout (absent in the target, or at an older version there)
 * @param coreAlreadyThere core items the target already held at the same version: a rerun, or the page a killed run
 *     was writing
 * @param coreNewerInTarget core items the target holds at a newer version: never overwritten
 * @param linesWritten order lines written as they are
 * @param linesAlreadyThere order lines the target already held
 * @param duplicatesSkipped copies (edges, tag copies) never copied: repair builds them in this layout
 * @param uniqueMarkersSkipped markers of unique values never copied: repair puts them from the migrated subjects
 * @param countersSkipped child counters never copied: they are counted again from the target
 * @param otherSkipped items of no kind this layout knows, left behind (the summary names how many)
 */
record CopyTally(
        long itemsRead,
        long coreWritten,
        long coreAlreadyThere,
        long coreNewerInTarget,
        long linesWritten,
        long linesAlreadyThere,
        long duplicatesSkipped,
        long uniqueMarkersSkipped,
        long countersSkipped,
        long otherSkipped) {

    static final CopyTally NONE = new CopyTally(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    CopyTally plus(CopyTally other) {
        return new CopyTally(
                itemsRead + other.itemsRead,
                coreWritten + other.coreWritten,
                coreAlreadyThere + other.coreAlreadyThere,
                coreNewerInTarget + other.coreNewerInTarget,
                linesWritten + other.linesWritten,
                linesAlreadyThere + other.linesAlreadyThere,
                duplicatesSkipped + other.duplicatesSkipped,
                uniqueMarkersSkipped + other.uniqueMarkersSkipped,
                countersSkipped + other.countersSkipped,
                otherSkipped + other.otherSkipped);
    }

    CopyTally plus(ItemCopy.Outcome outcome) {
        return plus(
                switch (outcome) {
                    case CORE_WRITTEN -> new CopyTally(1, 1, 0, 0, 0, 0, 0, 0, 0, 0);
                    case CORE_ALREADY_THERE -> new CopyTally(1, 0, 1, 0, 0, 0, 0, 0, 0, 0);
                    case CORE_NEWER_IN_TARGET -> new CopyTally(1, 0, 0, 1, 0, 0, 0, 0, 0, 0);
                    case LINE_WRITTEN -> new CopyTally(1, 0, 0, 0, 1, 0, 0, 0, 0, 0);
                    case LINE_ALREADY_THERE -> new CopyTally(1, 0, 0, 0, 0, 1, 0, 0, 0, 0);
                    case DUPLICATE_SKIPPED -> new CopyTally(1, 0, 0, 0, 0, 0, 1, 0, 0, 0);
                    case UNIQUE_MARKER_SKIPPED -> new CopyTally(1, 0, 0, 0, 0, 0, 0, 1, 0, 0);
                    case COUNTER_SKIPPED -> new CopyTally(1, 0, 0, 0, 0, 0, 0, 0, 1, 0);
                    case OTHER_SKIPPED -> new CopyTally(1, 0, 0, 0, 0, 0, 0, 0, 0, 1);
                });
    }

    /** Core items and lines the target holds from this pass: written now or found there. */
    long copied() {
        return coreWritten + coreAlreadyThere + coreNewerInTarget + linesWritten + linesAlreadyThere;
    }
}
