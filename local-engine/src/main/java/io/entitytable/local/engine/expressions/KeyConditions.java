package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;

/** Placeholder until the parser lands. */
final class KeyConditions {
    private KeyConditions() {}

    static boolean matches(KeyCondition.SortCondition condition, Value value) {
        throw new UnsupportedOperationException("not yet");
    }
}
