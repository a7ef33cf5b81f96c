package io.entitytable.local.engine.expressions;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueJson;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * A request's {@code ExpressionAttributeNames} and {@code ExpressionAttributeValues}, remembering which placeholders
 * the request's expressions used.
 *
 * @see <a
 *     href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ExpressionAttributeNames.html">
 *     Expression attribute names</a>
 * @see <a
 *     href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.ExpressionAttributeValues.html">
 *     Expression attribute values</a>
 */
class RequestAttributes implements ExpressionAttributes {
    private static final String NAMES = "ExpressionAttributeNames";
    private static final String VALUES = "ExpressionAttributeValues";

    private final Map<String, String> names;
    private final Map<String, Value> values;
    private final Set<String> usedNames = new LinkedHashSet<>();
    private final Set<String> usedValues = new LinkedHashSet<>();

    RequestAttributes(Map<String, String> names, Map<String, Value> values) {
        this.names = names;
        this.values = values;
    }

    static RequestAttributes read(JsonNode namesNode, JsonNode valuesNode) {
        Map<String, String> names = new LinkedHashMap<>();
        if (present(namesNode)) {
            for (Map.Entry<String, JsonNode> entry : fields(namesNode, NAMES)) {
                String key = checkedKey(entry.getKey(), '#', NAMES);
                JsonNode name = entry.getValue();
                if (!name.isTextual()) {
                    throw ApiException.validation("Unexpected value type in payload");
                }
                if (name.textValue().isEmpty()) {
                    throw ApiException.validation(
                            NAMES + " contains invalid value: Empty attribute name is not permitted; key: " + key);
                }
                names.put(key, name.textValue());
            }
        }
        Map<String, Value> values = new LinkedHashMap<>();
        if (present(valuesNode)) {
            for (Map.Entry<String, JsonNode> entry : fields(valuesNode, VALUES)) {
                String key = checkedKey(entry.getKey(), ':', VALUES);
                try {
                    values.put(key, ValueJson.read(entry.getValue()));
                } catch (ApiException e) {
                    throw ApiException.validation(
                            VALUES + " contains invalid value: " + e.getMessage() + " for key " + key);
                }
            }
        }
        return new RequestAttributes(names, values);
    }

    private static boolean present(JsonNode node) {
        return node != null && !node.isNull() && !node.isMissingNode();
    }

    private static Iterable<Map.Entry<String, JsonNode>> fields(JsonNode node, String parameter) {
        if (!node.isObject()) {
            throw ApiException.validation("Start of structure or map found where not expected");
        }
        if (node.isEmpty()) {
            throw ApiException.validation(parameter + " must not be empty");
        }
        return () -> {
            Iterator<Map.Entry<String, JsonNode>> iterator = node.fields();
            return iterator;
        };
    }

    private static String checkedKey(String key, char prefix, String parameter) {
        boolean valid = key.length() > 1 && key.charAt(0) == prefix;
        for (int i = 1; valid && i < key.length(); i++) {
            char c = key.charAt(i);
            valid = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        }
        if (!valid) {
            throw ApiException.validation(parameter + " contains invalid key: Syntax error; key: \"" + key + "\"");
        }
        return key;
    }

    /** The name {@code placeholder} stands for, marked used; an error about a {@code kind} expression if undefined. */
    String name(String placeholder, ExpressionKind kind) {
        String name = names.get(placeholder);
        if (name == null) {
            throw kind.invalid("An expression attribute name used in the document path is not defined; attribute"
                    + " name: " + placeholder);
        }
        usedNames.add(placeholder);
        return name;
    }

    /** The value {@code placeholder} stands for, marked used; an error about a {@code kind} expression if undefined. */
    Value value(String placeholder, ExpressionKind kind) {
        Value value = values.get(placeholder);
        if (value == null) {
            throw kind.invalid(
                    "An expression attribute value used in expression is not defined; attribute value: " + placeholder);
        }
        usedValues.add(placeholder);
        return value;
    }

    @Override
    public String name(String placeholder) {
        return name(placeholder, ExpressionKind.CONDITION);
    }

    @Override
    public Value value(String placeholder) {
        return value(placeholder, ExpressionKind.CONDITION);
    }

    @Override
    public void checkAllUsed() {
        refuseUnused(names.keySet(), usedNames, NAMES);
        refuseUnused(values.keySet(), usedValues, VALUES);
    }

    private static void refuseUnused(Set<String> given, Set<String> used, String parameter) {
        if (used.size() == given.size()) {
            return;
        }
        StringBuilder unused = new StringBuilder();
        for (String key : given) {
            if (!used.contains(key)) {
                unused.append(unused.length() == 0 ? "" : ", ").append(key);
            }
        }
        throw ApiException.validation(
                "Value provided in " + parameter + " unused in expressions: keys: {" + unused + "}");
    }
}
