package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The parts of an item that a list of (non-overlapping) paths name, nested as in the item: map entries under their
 * keys, list elements in index order with the gaps closed.
 */
final class PathProjection implements Projection {
    private final List<DocumentPath> paths;
    private final boolean topLevelOnly;

    PathProjection(List<DocumentPath> paths) {
        this.paths = List.copyOf(paths);
        this.topLevelOnly = paths.stream().allMatch(DocumentPath::isTopLevel);
    }

    List<DocumentPath> paths() {
        return paths;
    }

    @Override
    public Map<String, Value> apply(Map<String, Value> item) {
        if (topLevelOnly) {
            Map<String, Value> projected = new LinkedHashMap<>();
            for (DocumentPath path : paths) {
                Value value = item.get(path.topName());
                if (value != null) {
                    projected.put(path.topName(), value);
                }
            }
            return projected;
        }
        MapPart root = new MapPart();
        for (DocumentPath path : paths) {
            Value value = path.resolve(item);
            if (value != null) {
                root.place(path, 0, value);
            }
        }
        return root.entries();
    }

    /** The projection under construction: a map's chosen entries, a list's chosen elements, or a whole value. */
    private interface Part {
        Value value();
    }

    private record Whole(Value value) implements Part {}

    /** A map's or a list's chosen parts, under their keys: entry names, or element indexes (kept in order). */
    private abstract static class Container<K> implements Part {
        final Map<K, Part> parts;
        private final Function<DocumentPath.Element, K> keyOf;

        /** {@code keyOf}: the key that a path element names in this container. */
        Container(Map<K, Part> parts, Function<DocumentPath.Element, K> keyOf) {
            this.parts = parts;
            this.keyOf = keyOf;
        }

        void place(DocumentPath path, int at, Value value) {
            K key = keyOf.apply(path.element(at));
            if (at == path.length() - 1) {
                parts.put(key, new Whole(value));
            } else {
                DocumentPath.Element next = path.element(at + 1);
                Container<?> child = (Container<?>) parts.computeIfAbsent(key, absent -> Container.of(next));
                child.place(path, at + 1, value);
            }
        }

        static Container<?> of(DocumentPath.Element next) {
            return next instanceof DocumentPath.Key ? new MapPart() : new ListPart();
        }
    }

    private static final class MapPart extends Container<String> {
        MapPart() {
            super(new LinkedHashMap<>(), element -> ((DocumentPath.Key) element).name());
        }

        Map<String, Value> entries() {
            Map<String, Value> values = new LinkedHashMap<>();
            parts.forEach((name, part) -> values.put(name, part.value()));
            return values;
        }

        @Override
        public Value value() {
            return new Value.MapValue(entries());
        }
    }

    private static final class ListPart extends Container<Integer> {
        ListPart() {
            super(new TreeMap<>(), element -> ((DocumentPath.Index) element).index());
        }

        @Override
        public Value value() {
            List<Value> values = new ArrayList<>(parts.size());
            parts.values().forEach(part -> values.add(part.value()));
            return new Value.ListValue(values);
        }
    }
}
