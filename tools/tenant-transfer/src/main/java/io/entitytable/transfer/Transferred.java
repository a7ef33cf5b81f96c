package io.entitytable.transfer;

/**
 * What an export wrote to its file, or an import to its table: one business's subjects and items.
 *
 * @param conflictsRetried import: writes run again after a transaction conflict between two of its own writes (on a
 *     child counter or a store's {@code linkCount}); 0 for an export
 */
record Transferred(String businessId, Tally tally, long conflictsRetried) {}
