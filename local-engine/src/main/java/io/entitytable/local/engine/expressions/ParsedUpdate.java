package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A parsed update expression. Every {@code SET} value is computed from the item as it was before the update (so {@code
 * SET a = b, b = a} swaps), then the actions apply; {@code REMOVE} of list elements goes from the highest index down, so
 * that each index names an element of the list as it was.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.UpdateExpressions.html">
 *     Update expressions</a>
 */
final class ParsedUpdate implements Update {
    enum Clause {
        SET,
        REMOVE,
        ADD,
        DELETE
    }

    record SetAction(DocumentPath path, Operand value) {}

    record ValueAction(DocumentPath path, Value value) {}

    private final List<SetAction> sets;
    private final List<DocumentPath> removes;
    private final List<ValueAction> adds;
    private final List<ValueAction> deletes;
    private final PathProjection updated;
    private final Set<String> topLevelNames;

    ParsedUpdate(
            List<SetAction> sets,
            List<DocumentPath> removes,
            List<ValueAction> adds,
            List<ValueAction> deletes,
            List<DocumentPath> targets) {
        this.sets = List.copyOf(sets);
        List<DocumentPath> highestFirst = new ArrayList<>(removes);
        highestFirst.sort(ParsedUpdate::highestIndexFirst);
        this.removes = List.copyOf(highestFirst);
        this.adds = List.copyOf(adds);
        this.deletes = List.copyOf(deletes);
        this.updated = new PathProjection(targets);
        Set<String> names = new LinkedHashSet<>();
        targets.forEach(path -> names.add(path.topName()));
        this.topLevelNames = Set.copyOf(names);
    }

    /**
     * The SET actions' positions, those that set elements of one list in ascending index order: several elements set past
     * a list's end are appended in the order of their indexes, whatever the order the expression names them in. Paths
     * never overlap, so no other order matters.
     */
    private static List<Integer> inIndexOrder(List<SetAction> sets) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < sets.size(); i++) {
            order.add(i);
        }
        order.sort(
                java.util.Comparator.comparing((Integer i) -> listOf(sets.get(i).path(), i))
                        .thenComparingInt(i -> lastIndex(sets.get(i).path())));
        return order;
    }

    /** The list a path ends in an element of, or a name of the action's own when it ends in a map key. */
    private static String listOf(DocumentPath path, int position) {
        List<DocumentPath.Element> elements = path.elements();
        if (elements.get(elements.size() - 1) instanceof DocumentPath.Index) {
            return "list:" + elements.subList(0, elements.size() - 1);
        }
        return String.format("action:%05d", position);
    }

    private static int lastIndex(DocumentPath path) {
        List<DocumentPath.Element> elements = path.elements();
        return elements.get(elements.size() - 1) instanceof DocumentPath.Index index ? index.index() : 0;
    }

    @Override
    public Map<String, Value> apply(Map<String, Value> item) {
        List<Value> setValues = new ArrayList<>(sets.size());
        for (SetAction set : sets) {
            setValues.add(UpdateErrors.required(set.value().resolve(item)));
        }
        Map<String, Value> result = new LinkedHashMap<>(item);
        for (int i : inIndexOrder(sets)) {
            DocumentEditor.set(result, sets.get(i).path(), setValues.get(i));
        }
        for (ValueAction add : adds) {
            DocumentEditor.set(result, add.path(), SetArithmetic.add(add.path().resolve(result), add.value()));
        }
        for (ValueAction delete : deletes) {
            Value current = delete.path().resolve(result);
            if (current == null) {
                DocumentEditor.checkParent(result, delete.path());
                continue;
            }
            Value remaining = SetArithmetic.delete(current, delete.value());
            if (remaining == null) {
                DocumentEditor.remove(result, delete.path());
            } else {
                DocumentEditor.set(result, delete.path(), remaining);
            }
        }
        for (DocumentPath remove : removes) {
            DocumentEditor.remove(result, remove);
        }
        return result;
    }

    @Override
    public Set<String> topLevelNames() {
        return topLevelNames;
    }

    @Override
    public Map<String, Value> updatedParts(Map<String, Value> item) {
        return updated.apply(item);
    }

    /** Paths in document order, except that a higher list index comes before a lower one. */
    private static int highestIndexFirst(DocumentPath a, DocumentPath b) {
        int common = Math.min(a.length(), b.length());
        for (int i = 0; i < common; i++) {
            DocumentPath.Element x = a.element(i);
            DocumentPath.Element y = b.element(i);
            if (x instanceof DocumentPath.Index p && y instanceof DocumentPath.Index q && p.index() != q.index()) {
                return Integer.compare(q.index(), p.index());
            }
            if (x instanceof DocumentPath.Key p
                    && y instanceof DocumentPath.Key q
                    && !p.name().equals(q.name())) {
                return p.name().compareTo(q.name());
            }
        }
        return Integer.compare(a.length(), b.length());
    }
}
