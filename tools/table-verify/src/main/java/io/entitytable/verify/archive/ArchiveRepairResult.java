package io.entitytable.verify.archive;

import java.util.List;

/** What repair did with each repairable finding of the archive. */
public record ArchiveRepairResult(List<Attempt> attempts) {
    public enum Outcome {
        REPAIRED,
        /** Nothing to do any more, or a mover holds the order and decides (see {@code OrderMove.keepInTable}). */
        SKIPPED,
        FAILED
    }

    public record Attempt(ArchiveFinding finding, Outcome outcome, String detail) {}

    public long count(Outcome outcome) {
        return attempts.stream().filter(attempt -> attempt.outcome() == outcome).count();
    }
}
