package io.entitytable.local.engine.expressions;

import java.util.List;

/**
 * Refuses two paths of one projection or update that name the same data (one is the other or within it) or that treat
 * one attribute as both a map and a list.
 */
final class PathOverlaps {
    private PathOverlaps() {}

    static void check(List<DocumentPath> paths, ExpressionKind kind) {
        for (int i = 0; i < paths.size(); i++) {
            for (int j = i + 1; j < paths.size(); j++) {
                check(paths.get(i), paths.get(j), kind);
            }
        }
    }

    private static void check(DocumentPath one, DocumentPath two, ExpressionKind kind) {
        int common = Math.min(one.length(), two.length());
        for (int i = 0; i < common; i++) {
            DocumentPath.Element a = one.element(i);
            DocumentPath.Element b = two.element(i);
            if (a.equals(b)) {
                continue;
            }
            if (a.getClass() != b.getClass()) {
                throw kind.invalid("Two document paths conflict with each other; must remove or rewrite one of these"
                        + " paths; path one: " + one + ", path two: " + two);
            }
            return;
        }
        throw kind.invalid("Two document paths overlap with each other; must remove or rewrite one of these paths;"
                + " path one: " + one + ", path two: " + two);
    }
}
