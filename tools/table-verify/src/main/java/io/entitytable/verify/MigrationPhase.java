package io.entitytable.verify;

/**
 * The steps of a migration, in order; the checkpoint names the one under way, so a rerun continues there. A migration
 * to another table runs {@link #COPY} and {@link #FINISH}; an in-place one runs all five.
 */
enum MigrationPhase {
    /** Every core item and order line of the source into the target (in place: into the temporary table). */
    COPY,
    /** In place: delete the source, create it again in this layout, without a stream until the end. */
    REPLACE_SOURCE,
    /** In place: the temporary table back into the re-created table; the same copy, now the identity. */
    COPY_BACK,
    /** Counters, copies (repair), the stream, verify: all idempotent, so a rerun does them again. */
    FINISH,
    /** In place: delete the temporary table. */
    DROP_TEMPORARY;

    boolean after(MigrationPhase other) {
        return ordinal() > other.ordinal();
    }
}
