package io.entitytable.checks;

/**
 * A class of drift, of either comparison: the copies in the table ({@link DriftClass}) or the search index ({@link
 * IndexDriftClass}). The reports, the log and the JSON summaries read a class through this only, so both comparisons
 * are counted, listed and named the same way.
 */
public interface DriftKind {
    Traits traits();

    /**
     * @param jsonName the class's key in the JSON summary, e.g. {@code missingCopy}
     * @param label the class for people, e.g. {@code missing copy}
     * @param repairable whether repair fixes it; the others are reported and left alone
     */
    record Traits(String jsonName, String label, boolean repairable) {}
}
