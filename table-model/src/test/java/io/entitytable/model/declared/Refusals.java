package io.entitytable.model.declared;

import io.entitytable.model.DeclaredValues;
import java.util.List;

/** What a check of declared values refuses, for the tests of a declaration's values. */
final class Refusals {
    private Refusals() {}

    /** The problems {@code check} is refused with; fails when it is taken. */
    static List<DeclaredValues.Problem> refused(Runnable check) {
        try {
            check.run();
        } catch (DeclaredValues.Invalid invalid) {
            return invalid.problems();
        }
        throw new AssertionError("taken");
    }
}
