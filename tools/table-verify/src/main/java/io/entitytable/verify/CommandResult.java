package io.entitytable.verify;

import java.time.Duration;

/**
 * What a run found and did. {@code after} is the last verification: the only one for {@code verify}, the re-verify for
 * {@code repair} (whose first verification is {@code before}).
 */
record CommandResult(
        VerifyOptions options, DriftReport before, RepairResult repair, DriftReport after, Duration duration) {

    static final int CLEAN = 0;
    static final int DRIFT = 1;
    static final int USAGE = 2;
    static final int COULD_NOT_FINISH = 3;

    /** 0 when the last verification is clean (for repair: everything repairable was repaired), else 1. */
    int exitCode() {
        return after.clean() ? CLEAN : DRIFT;
    }
}
