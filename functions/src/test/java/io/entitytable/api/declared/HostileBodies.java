package io.entitytable.api.declared;

import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.TableLayout;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Bodies that no declaration takes, whatever its fields: malformed JSON, other shapes than an object, more than one
 * document, a key given twice, nesting past any parser's depth, and bodies past the API's size limit; and the names
 * that are no field of an entity, the table's own attribute names first.
 */
final class HostileBodies {
    /** The API's limit on a body (API Gateway's payload limit leaves a little more, and DynamoDB's item 400 KB). */
    private static final int OVER_LIMIT = 401 * 1024;

    private HostileBodies() {}

    /** The expected status of each malformed body (0: any 4xx), by label, made around the valid body {@code valid}. */
    static Map<String, Map.Entry<String, Integer>> malformed(String valid) {
        String first = Json.read(valid).fieldNames().next();
        String inner = valid.substring(1, valid.length() - 1);
        Map<String, Map.Entry<String, Integer>> bodies = new LinkedHashMap<>();
        put(bodies, "unclosed", "{", 400);
        put(bodies, "missing-value", "{\"" + first + "\":}", 400);
        put(bodies, "truncated-literal", "nul", 400);
        put(bodies, "single-quotes", "{'" + first + "':'x'}", 400);
        put(bodies, "trailing-comma", "{" + inner + ",}", 400);
        put(bodies, "missing-brace", "{" + inner, 400);
        put(bodies, "unquoted-name", "{" + first + ":\"x\"}", 400);
        put(bodies, "bad-escape", "{\"" + first + "\":\"\\x41\"}", 400);
        put(bodies, "short-unicode-escape", "{\"" + first + "\":\"\\u12\"}", 400);
        put(bodies, "nan", "{\"" + first + "\":NaN}", 400);
        put(bodies, "comment", "/* comment */ " + valid, 400);
        put(bodies, "array", "[]", 400);
        put(bodies, "string", "\"text\"", 400);
        put(bodies, "number", "42", 400);
        put(bodies, "boolean", "true", 400);
        put(bodies, "wrapped-in-array", "[" + valid + "]", 400);
        put(bodies, "trailing-document", valid + " " + valid, 400);
        put(bodies, "trailing-bracket", valid + "]", 400);
        put(bodies, "duplicate-key", "{\"" + first + "\":\"dup\"," + inner + "}", 400);
        put(bodies, "empty", "", 0);
        put(bodies, "null", "null", 0);
        put(bodies, "10000-nested-arrays", "[".repeat(10_000) + "]".repeat(10_000), 400);
        put(bodies, "10000-nested-objects", "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000), 400);
        put(
                bodies,
                "10000-nested-arrays-in-a-field",
                "{\"" + first + "\":" + "[".repeat(10_000) + "]".repeat(10_000) + "}",
                400);
        put(bodies, "over-400-KB", padded(valid, OVER_LIMIT), 413);
        put(bodies, "2-MB", padded(valid, 2 * 1024 * 1024), 413);
        put(bodies, "huge-string-field", "{\"" + first + "\":\"" + "x".repeat(500 * 1024) + "\"}", 413);
        return bodies;
    }

    /**
     * Names that are no field of {@code entity}: every attribute name of the table's items (its keys, version, entity
     * kind, business, counters, ...), names that other stores reserve, and object-prototype names.
     */
    static Set<String> unknownNames(Entity entity, boolean creating) {
        Set<String> names = new TreeSet<>();
        for (java.lang.reflect.Field constant : Attributes.class.getFields()) {
            if (Modifier.isStatic(constant.getModifiers()) && constant.getType() == String.class) {
                try {
                    names.add((String) constant.get(null));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        names.add(TableLayout.ENTITY.partitionKey());
        names.add(TableLayout.ENTITY.sortKey());
        names.addAll(Set.of("pk", "sk", "entity", "__proto__", "constructor", "isAdmin", ""));
        entity.fields().forEach(field -> names.remove(field.name()));
        if (creating) {
            names.remove(Attributes.TAGS); // a create's own tags
        }
        return names;
    }

    private static void put(Map<String, Map.Entry<String, Integer>> bodies, String label, String body, int status) {
        bodies.put(label, Map.entry(body, status));
    }

    private static String padded(String body, int totalBytes) {
        int pad = totalBytes - body.length();
        return body.substring(0, body.length() - 1) + " ".repeat(Math.max(pad, 0)) + "}";
    }
}
