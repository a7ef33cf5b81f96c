package io.entitytable.verify;

import io.entitytable.checks.IndexFinding;
import java.util.List;

/** The outcome of each repairable index finding, plus how many were left alone because repair may not fix them. */
record IndexRepairResult(List<Attempt> attempts, long notRepairable) {

    IndexRepairResult {
        attempts = List.copyOf(attempts);
    }

    enum Outcome {
        /** The document or tombstone was written. */
        REPAIRED,
        /** The index refused the version: it holds a newer one, written since it was read (normally by the indexer). */
        SKIPPED_NEWER_IN_INDEX,
        /** An orphan's item exists after all: it was created after the Scan; its document is left as it is. */
        SKIPPED_ITEM_EXISTS,
        /** The engine refused the document or could not be reached. */
        FAILED;

        boolean skipped() {
            return this == SKIPPED_NEWER_IN_INDEX || this == SKIPPED_ITEM_EXISTS;
        }
    }

    record Attempt(IndexFinding finding, Outcome outcome, String message) {}

    long count(Outcome outcome) {
        return attempts.stream().filter(a -> a.outcome() == outcome).count();
    }

    long skipped() {
        return attempts.stream().filter(a -> a.outcome().skipped()).count();
    }
}
