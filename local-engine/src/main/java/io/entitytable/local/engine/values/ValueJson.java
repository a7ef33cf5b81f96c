package io.entitytable.local.engine.values;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Attribute values and items in DynamoDB's JSON ({@code {"S": "x"}}, {@code {"M": {...}}}), read with DynamoDB's
 * validation messages and written as DynamoDB writes them.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_AttributeValue.html">AttributeValue</a>
 */
public final class ValueJson {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String INVALID = "One or more parameter values were invalid: ";

    private ValueJson() {}

    /** An item ({@code {"name": {"S": "x"}, ...}}); an absent or null node is an empty item. */
    public static Map<String, Value> readItem(JsonNode node) {
        Map<String, Value> item = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return item;
        }
        if (!node.isObject()) {
            throw ApiException.validation("Start of structure or map found where not expected");
        }
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            item.put(field.getKey(), read(field.getValue()));
        }
        return item;
    }

    public static Value read(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw ApiException.validation(
                    "Supplied AttributeValue is empty, must contain exactly one of the supported" + " datatypes");
        }
        int types = 0;
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            if (!fields.next().getValue().isNull()) {
                types++;
            }
        }
        if (types == 0) {
            throw ApiException.validation(
                    "Supplied AttributeValue is empty, must contain exactly one of the supported" + " datatypes");
        }
        if (types > 1) {
            throw ApiException.validation(
                    "Supplied AttributeValue has more than one datatypes set, must contain exactly"
                            + " one of the supported datatypes");
        }
        Map.Entry<String, JsonNode> only = firstNonNull(node);
        JsonNode payload = only.getValue();
        return switch (only.getKey()) {
            case "S" -> new Value.Str(text(payload));
            case "N" -> new Value.Num(Numbers.parse(text(payload)));
            case "B" -> new Value.Bin(bytes(payload));
            case "BOOL" -> new Value.Bool(bool(payload));
            case "NULL" -> {
                if (!bool(payload)) {
                    throw ApiException.validation(INVALID + "Null attribute value types must have the value of true");
                }
                yield new Value.Null();
            }
            case "SS" -> new Value.StrSet(set(payload, "string", ValueJson::text));
            case "NS" -> new Value.NumSet(set(payload, "number", element -> Numbers.parse(text(element))));
            case "BS" -> new Value.BinSet(set(payload, "binary", element -> new Value.Bin(bytes(element))));
            case "L" -> new Value.ListValue(list(payload));
            case "M" -> new Value.MapValue(readItem(payload));
            default -> throw ApiException.validation(
                    "Supplied AttributeValue has an unknown data type: " + only.getKey());
        };
    }

    public static ObjectNode writeItem(Map<String, Value> item) {
        ObjectNode node = JSON.objectNode();
        item.forEach((name, value) -> node.set(name, write(value)));
        return node;
    }

    public static ObjectNode write(Value value) {
        ObjectNode node = JSON.objectNode();
        if (value instanceof Value.Str s) {
            node.put("S", s.value());
        } else if (value instanceof Value.Num n) {
            node.put("N", Numbers.print(n.value()));
        } else if (value instanceof Value.Bin b) {
            node.put("B", Base64.getEncoder().encodeToString(b.bytes()));
        } else if (value instanceof Value.Bool b) {
            node.put("BOOL", b.value());
        } else if (value instanceof Value.Null) {
            node.put("NULL", true);
        } else if (value instanceof Value.StrSet ss) {
            ArrayNode array = node.putArray("SS");
            ss.values().forEach(array::add);
        } else if (value instanceof Value.NumSet ns) {
            ArrayNode array = node.putArray("NS");
            ns.values().forEach(number -> array.add(Numbers.print(number)));
        } else if (value instanceof Value.BinSet bs) {
            ArrayNode array = node.putArray("BS");
            bs.values().forEach(bin -> array.add(Base64.getEncoder().encodeToString(bin.bytes())));
        } else if (value instanceof Value.ListValue l) {
            ArrayNode array = node.putArray("L");
            l.values().forEach(element -> array.add(write(element)));
        } else if (value instanceof Value.MapValue m) {
            node.set("M", writeItem(m.values()));
        }
        return node;
    }

    private static Map.Entry<String, JsonNode> firstNonNull(JsonNode node) {
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (!field.getValue().isNull()) {
                return field;
            }
        }
        throw new IllegalStateException("checked above");
    }

    private static String text(JsonNode node) {
        if (!node.isTextual()) {
            throw ApiException.validation("Unexpected value type in payload");
        }
        return node.textValue();
    }

    private static boolean bool(JsonNode node) {
        if (!node.isBoolean()) {
            throw ApiException.validation("Unexpected value type in payload");
        }
        return node.booleanValue();
    }

    private static byte[] bytes(JsonNode node) {
        try {
            return Base64.getDecoder().decode(text(node));
        } catch (IllegalArgumentException e) {
            throw ApiException.validation("Base64 encoded value is not valid: " + node.asText());
        }
    }

    private interface Element<T> {
        T read(JsonNode node);
    }

    private static <T> Set<T> set(JsonNode node, String kind, Element<T> element) {
        if (!node.isArray()) {
            throw ApiException.validation("Unexpected value type in payload");
        }
        if (node.isEmpty()) {
            throw ApiException.validation(INVALID + "An " + kind + " set  may not be empty");
        }
        Set<T> values = new LinkedHashSet<>();
        List<String> given = new ArrayList<>();
        boolean duplicates = false;
        for (JsonNode member : node) {
            T value = element.read(member);
            given.add(member.asText());
            duplicates |= !values.add(value);
        }
        if (duplicates) {
            throw ApiException.validation(INVALID + "Input collection " + given + " contains duplicates.");
        }
        return values;
    }

    private static List<Value> list(JsonNode node) {
        if (!node.isArray()) {
            throw ApiException.validation("Unexpected value type in payload");
        }
        List<Value> values = new ArrayList<>();
        node.forEach(element -> values.add(read(element)));
        return values;
    }

    /** For the number set's element reader: a {@link BigDecimal} member. */
    static BigDecimal number(JsonNode node) {
        return Numbers.parse(text(node));
    }
}
