package io.entitytable.infra;

import java.util.List;
import java.util.Map;

/** Typed access to the maps and lists of a synthesized template. */
final class Json {
    private Json() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object value, String... path) {
        return (Map<String, Object>) at(value, path);
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object value, String... path) {
        return (List<Object>) at(value, path);
    }

    /** The value at {@code path}, or null when a step is missing. */
    @SuppressWarnings("unchecked")
    static Object at(Object value, String... path) {
        Object current = value;
        for (String key : path) {
            if (current == null) {
                return null;
            }
            if (!(current instanceof Map)) {
                throw new AssertionError("no " + key + " in " + current);
            }
            current = ((Map<String, Object>) current).get(key);
        }
        return current;
    }

    static Map<String, Object> properties(Map<String, Object> resource) {
        return map(resource, "Properties");
    }
}
