package io.entitytable.checks;

/** One drift found by either comparison: its class, and what is wrong in words. */
public interface DriftFinding<C extends Enum<C> & DriftKind> {
    C driftClass();

    /** One line for people, as the log prints it. */
    String describe();
}
