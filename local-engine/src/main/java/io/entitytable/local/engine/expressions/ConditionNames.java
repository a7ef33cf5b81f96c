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
        if (node instanceof ConditionNode.And and) {
            collect(and.left(), names);
            collect(and.right(), names);
        } else if (node instanceof ConditionNode.Or or) {
            collect(or.left(), names);
            collect(or.right(), names);
        } else if (node instanceof ConditionNode.Not not) {
            collect(not.operand(), names);
        } else if (node instanceof ConditionNode.Comparison comparison) {
            collect(comparison.left(), names);
            collect(comparison.right(), names);
        } else if (node instanceof ConditionNode.Between between) {
            collect(between.operand(), names);
            collect(between.lower(), names);
            collect(between.upper(), names);
        } else if (node instanceof ConditionNode.In in) {
            collect(in.operand(), names);
            in.candidates().forEach(candidate -> collect(candidate, names));
        } else if (node instanceof ConditionNode.AttributeExists exists) {
            collect(exists.path(), names);
        } else if (node instanceof ConditionNode.AttributeNotExists notExists) {
            collect(notExists.path(), names);
        } else if (node instanceof ConditionNode.AttributeType type) {
            collect(type.path(), names);
        } else if (node instanceof ConditionNode.BeginsWith beginsWith) {
            collect(beginsWith.operand(), names);
            collect(beginsWith.prefix(), names);
        } else if (node instanceof ConditionNode.Contains contains) {
            collect(contains.operand(), names);
            collect(contains.member(), names);
        }
    }

    private static void collect(Operand operand, Set<String> names) {
        if (operand instanceof Operand.Path path) {
            collect(path.path(), names);
        } else if (operand instanceof Operand.Size size) {
            collect(size.operand(), names);
        }
    }

    private static void collect(DocumentPath path, Set<String> names) {
        if (!path.elements().isEmpty() && path.elements().get(0) instanceof DocumentPath.Key key) {
            names.add(key.name());
        }
    }
}
