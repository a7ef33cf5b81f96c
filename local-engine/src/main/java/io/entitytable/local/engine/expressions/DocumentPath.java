package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;
import java.util.List;
import java.util.Map;

/**
 * A document path with its placeholders resolved: a top-level attribute name, then map keys and list indexes.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.Attributes.html">Referring
 *     to item attributes when using expressions</a>
 */
record DocumentPath(List<Element> elements) {
    /** DynamoDB's limit on a path's depth. */
    static final int MAX_DEPTH = 32;

    DocumentPath {
        elements = List.copyOf(elements);
    }

    /** One step of a path: a map key (or the top-level name) or a list index. */
    sealed interface Element {}

    record Key(String name) implements Element {
        @Override
        public String toString() {
            return name;
        }
    }

    record Index(int index) implements Element {
        @Override
        public String toString() {
            return "[" + index + "]";
        }
    }

    /** The top-level attribute the path starts at. */
    String topName() {
        return ((Key) elements.get(0)).name();
    }

    int length() {
        return elements.size();
    }

    Element element(int i) {
        return elements.get(i);
    }

    boolean isTopLevel() {
        return elements.size() == 1;
    }

    /** The value at this path in {@code item}, or null when the item has nothing there. */
    Value resolve(Map<String, Value> item) {
        Value current = item.get(topName());
        for (int i = 1; i < elements.size() && current != null; i++) {
            current = step(current, elements.get(i));
        }
        return current;
    }

    static Value step(Value container, Element element) {
        if (element instanceof Key key) {
            return container instanceof Value.MapValue map ? map.values().get(key.name()) : null;
        }
        int index = ((Index) element).index();
        if (container instanceof Value.ListValue list && index < list.values().size()) {
            return list.values().get(index);
        }
        return null;
    }

    /** As DynamoDB prints a path in its messages: {@code [a, b, [0]]}. */
    @Override
    public String toString() {
        return elements.toString();
    }
}
