package io.entitytable.checks;

/**
 * The kinds of drift the tool reports. Every finding has exactly one class: for a copy the table should have, the first
 * of missing, ahead of source, index-attribute leak, stale that applies; a copy it should not have is orphaned whatever
 * else is wrong with it (deleting it fixes everything). A tombstone is drift only beside its live subject. A unique
 * value's marker is judged against the subjects that hold the value: missing, orphaned, or a value held twice.
 */
public enum DriftClass implements DriftKind {
    /** A copy the core items imply is not in the table. Repair puts it. */
    MISSING_COPY("missingCopy", "missing copy", true),
    /**
     * A duplicate no core item implies: its source is gone, its implying item no longer lists it (tag removed,
     * store unlinked), the other end of an edge is gone, or its key is not one the catalogue produces. Repair deletes
     * it.
     */
    ORPHANED_COPY("orphanedCopy", "orphaned copy", true),
    /** {@code sourceVersion} behind the source's version, or the same version with other content. Repair rewrites it. */
    STALE_COPY("staleCopy", "stale copy", true),
    /**
     * {@code sourceVersion} ahead of the source's version. The fan-out never writes that; a Scan that read the source
     * before an update and the copy after it does see it, so does a core item restored from a backup. Repair never
     * moves a copy backwards (the fan-out's own rule), so it is reported and left alone: verify again once writes are
     * quiet; if it stays, the source was rolled back and needs a new version from the API.
     */
    COPY_AHEAD_OF_SOURCE("copyAheadOfSource", "copy ahead of source", false),
    /** A duplicate carrying businessId/customerId/gsi1pk/gsi1sk, which puts it into an index. Repair rewrites it. */
    INDEX_ATTRIBUTE_LEAK("indexAttributeLeak", "index-attribute leak", true),
    /**
     * A customer's {@code storeIds} names a store that does not exist or belongs to another business. Core items are
     * written only by the API, so repair does not touch them: unlink the store through the API.
     */
    DANGLING_REFERENCE("danglingReference", "dangling reference", false),
    /**
     * A customer's or store's tombstone beside its live item. The fan-out takes it for "gone for good" whenever its
     * Query finds neither key of the subject while a rename commits, and would delete the subject's copies. The tenant
     * import deletes the tombstone of each subject it brings back; a table imported by an earlier version of it, or
     * written around the API, can hold one. Repair deletes it while the subject is there.
     */
    TOMBSTONE_OF_LIVE_SUBJECT("tombstoneOfLiveSubject", "tombstone of a live subject", true),
    /**
     * A subject holds a value of a field declared unique and no marker of that value names it, while no other subject
     * of its business holds the value: the API would let another subject take it. Repair puts the marker, on condition
     * that its key is new and that the holder is still at the version read.
     */
    MISSING_UNIQUE_MARKER("missingUniqueMarker", "missing unique marker", true),
    /**
     * A unique value's marker whose holder is gone or no longer holds that value: the API would refuse the value to
     * every subject. Repair deletes it, on condition that it still names the holder it was found with (and, when the
     * holder exists, that it is still at the version read).
     */
    ORPHAN_UNIQUE_MARKER("orphanUniqueMarker", "orphan unique marker", true),
    /**
     * Two or more subjects of one business hold the same value of a field declared unique (written around the API, or
     * imported). Which of them keeps it is the business's decision, so repair leaves it alone: change the value of all
     * but one through the API, then repair puts the marker of the one left.
     */
    DUPLICATE_UNIQUE_VALUE("duplicateUniqueValue", "duplicate unique value", false),
    /**
     * A core item whose index attributes of a ready index backfill differ from what its record writes (written around
     * the API, or restored from a backup taken before the pattern): the backfill's pattern misses it or answers it
     * where it does not belong. Until the backfill is ready such items are its work, not drift. Repair gives the item
     * what its record writes with the backfill's own update: only those attributes, on condition that the item is
     * still at the version read.
     */
    STALE_INDEX_ATTRIBUTES("staleIndexAttributes", "stale index attributes", true);

    private final Traits traits;

    DriftClass(String jsonName, String label, boolean repairable) {
        this.traits = new Traits(jsonName, label, repairable);
    }

    @Override
    public Traits traits() {
        return traits;
    }

    /** About a duplicate (an edge or tag copy), which the fan-out writes, not a core item or a tombstone. */
    public boolean aboutCopies() {
        return this != DANGLING_REFERENCE
                && this != TOMBSTONE_OF_LIVE_SUBJECT
                && this != STALE_INDEX_ATTRIBUTES
                && !aboutUniqueValues();
    }

    /** About the markers of unique values, which the API writes with the subjects that hold them. */
    public boolean aboutUniqueValues() {
        return this == MISSING_UNIQUE_MARKER || this == ORPHAN_UNIQUE_MARKER || this == DUPLICATE_UNIQUE_VALUE;
    }

    /** Its repair deletes the item found (with nothing to put in its place). */
    public boolean repairDeletes() {
        return this == ORPHANED_COPY || this == TOMBSTONE_OF_LIVE_SUBJECT || this == ORPHAN_UNIQUE_MARKER;
    }
}
