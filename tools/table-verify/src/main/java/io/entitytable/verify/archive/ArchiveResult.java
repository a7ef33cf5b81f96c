package io.entitytable.verify.archive;

/**
 * The archive's part of a verify or repair run: the last check ({@code after}); for repair also the first one and what
 * was mended ({@code before} and {@code repair}, null for verify).
 */
public record ArchiveResult(ArchiveReport before, ArchiveRepairResult repair, ArchiveReport after) {
    public boolean clean() {
        return after.clean();
    }
}
