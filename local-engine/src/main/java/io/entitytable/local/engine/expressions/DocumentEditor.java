package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes and removes the value at a document path of an item under update, copying the maps and lists along the path
 * (values are immutable). A path whose parent is missing or of the wrong type is DynamoDB's "invalid for update"; a
 * list index past the end appends when setting and does nothing when removing.
 */
final class DocumentEditor {
    private DocumentEditor() {}

    static void set(Map<String, Value> item, DocumentPath path, Value value) {
        String top = path.topName();
        if (path.isTopLevel()) {
            item.put(top, value);
            return;
        }
        item.put(top, setIn(parentRoot(item, path), path, 1, value));
    }

    static void remove(Map<String, Value> item, DocumentPath path) {
        String top = path.topName();
        if (path.isTopLevel()) {
            item.remove(top);
            return;
        }
        item.put(top, removeIn(parentRoot(item, path), path, 1));
    }

    /** Refuses a path whose parent the item lacks, for an action that then has nothing to do. */
    static void checkParent(Map<String, Value> item, DocumentPath path) {
        if (path.isTopLevel()) {
            return;
        }
        Value parent = parentRoot(item, path);
        for (int i = 1; i < path.length() - 1; i++) {
            parent = DocumentPath.step(parent, path.element(i));
            if (parent == null) {
                throw UpdateErrors.invalidPath();
            }
        }
        DocumentPath.Element last = path.element(path.length() - 1);
        boolean fits =
                last instanceof DocumentPath.Key ? parent instanceof Value.MapValue : parent instanceof Value.ListValue;
        if (!fits) {
            throw UpdateErrors.invalidPath();
        }
    }

    private static Value parentRoot(Map<String, Value> item, DocumentPath path) {
        Value top = item.get(path.topName());
        if (top == null) {
            throw UpdateErrors.invalidPath();
        }
        return top;
    }

    private static Value setIn(Value container, DocumentPath path, int at, Value value) {
        DocumentPath.Element element = path.element(at);
        boolean last = at == path.length() - 1;
        if (element instanceof DocumentPath.Key key) {
            if (!(container instanceof Value.MapValue map)) {
                throw UpdateErrors.invalidPath();
            }
            Map<String, Value> copy = new LinkedHashMap<>(map.values());
            copy.put(key.name(), last ? value : setIn(child(copy.get(key.name())), path, at + 1, value));
            return new Value.MapValue(copy);
        }
        int index = ((DocumentPath.Index) element).index();
        if (!(container instanceof Value.ListValue list)) {
            throw UpdateErrors.invalidPath();
        }
        List<Value> copy = new ArrayList<>(list.values());
        if (index >= copy.size()) {
            if (!last) {
                throw UpdateErrors.invalidPath();
            }
            copy.add(value);
        } else {
            copy.set(index, last ? value : setIn(copy.get(index), path, at + 1, value));
        }
        return new Value.ListValue(copy);
    }

    private static Value removeIn(Value container, DocumentPath path, int at) {
        DocumentPath.Element element = path.element(at);
        boolean last = at == path.length() - 1;
        if (element instanceof DocumentPath.Key key) {
            if (!(container instanceof Value.MapValue map)) {
                throw UpdateErrors.invalidPath();
            }
            if (last && !map.values().containsKey(key.name())) {
                return container;
            }
            Map<String, Value> copy = new LinkedHashMap<>(map.values());
            if (last) {
                copy.remove(key.name());
            } else {
                copy.put(key.name(), removeIn(child(copy.get(key.name())), path, at + 1));
            }
            return new Value.MapValue(copy);
        }
        int index = ((DocumentPath.Index) element).index();
        if (!(container instanceof Value.ListValue list)) {
            throw UpdateErrors.invalidPath();
        }
        if (index >= list.values().size()) {
            if (last) {
                return container;
            }
            throw UpdateErrors.invalidPath();
        }
        List<Value> copy = new ArrayList<>(list.values());
        if (last) {
            copy.remove(index);
        } else {
            copy.set(index, removeIn(copy.get(index), path, at + 1));
        }
        return new Value.ListValue(copy);
    }

    private static Value child(Value value) {
        if (value == null) {
            throw UpdateErrors.invalidPath();
        }
        return value;
    }
}
