package io.entitytable.local.engine.expressions;

import java.util.LinkedHashSet;
import java.util.Set;

/** The top-level attribute names a condition reads: what Query checks its filter against (no key attribute). */
final class ConditionNames {
    private ConditionNames() {}

    static Set<String> of(ConditionNode node) {
        Set<String> names = new LinkedHashSet<>();
        collect(node, names);
        return names;
    }

    private static void collect(ConditionNode node, Set<String> names) {
        node.children().forEach(child -> collect(child, names));
        for (DocumentPath path : node.paths()) {
            if (!path.elements().isEmpty() && path.elements().get(0) instanceof DocumentPath.Key key) {
                names.add(key.name());
            }
        }
    }
}
