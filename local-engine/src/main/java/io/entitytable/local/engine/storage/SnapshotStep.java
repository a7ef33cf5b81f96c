package io.entitytable.local.engine.storage;

/**
 * The steps of writing a snapshot, in order. A crash after any of them leaves a folder that opens to the same state;
 * the tests stop a snapshot after each one to prove it.
 */
enum SnapshotStep {
    /** The whole state written to {@code snapshot-<next>.snap.tmp} and fsynced; the current files untouched. */
    TEMPORARY_WRITTEN,
    /** Renamed to {@code snapshot-<next>.snap} atomically, the folder fsynced: from here on it is the current state. */
    RENAMED,
    /** An empty {@code journal-<next>.log} created; new calls go there. */
    JOURNAL_STARTED,
    /** The previous generation's journal and snapshot deleted. */
    OLD_FILES_REMOVED
}
