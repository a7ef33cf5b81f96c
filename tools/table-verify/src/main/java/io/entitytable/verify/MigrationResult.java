package io.entitytable.verify;

import io.entitytable.checks.DriftReport;
import java.time.Duration;
import java.util.List;

/**
 * What a migration did and found. Null parts were not run: {@code copyBack} outside an in-place migration, and
 * everything but the options when there was nothing to migrate.
 *
 * @param sourceLayout {@code 1} or {@code current}: the layout the source table had
 * @param found the first verification of the target, before repair built the copies
 * @param after the verification after repair: the result
 * @param layoutDifferences how the target differs from this layout at the end (empty: it has it)
 */
record MigrationResult(
        MigrateOptions options,
        boolean nothingToMigrate,
        String sourceLayout,
        CopyTally copy,
        CopyTally copyBack,
        CounterRebuild.Result counters,
        DriftReport found,
        RepairResult repair,
        DriftReport after,
        List<String> layoutDifferences,
        Duration duration) {

    static MigrationResult nothingToMigrate(MigrateOptions options, Duration duration) {
        return new MigrationResult(options, true, "current", null, null, null, null, null, null, List.of(), duration);
    }

    /** 0 when the target has this layout and verifies clean, else 1 (what is left is in the summary). */
    int exitCode() {
        if (nothingToMigrate) {
            return CommandResult.CLEAN;
        }
        return after.clean() && layoutDifferences.isEmpty() ? CommandResult.CLEAN : CommandResult.DRIFT;
    }
}
