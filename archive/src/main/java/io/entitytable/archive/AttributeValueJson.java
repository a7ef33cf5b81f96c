package io.entitytable.archive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Items in DynamoDB's typed JSON ({@code {"S": "x"}}, {@code {"N": "1"}}, {@code {"SS": [...]}}, {@code {"M": {...}}},
 * binary as base64), the form the DynamoDB API, the AWS CLI and DynamoDB's S3 export write, so an archived item goes
 * back into the table exactly as it was: numbers as their text, a set apart from a list, binary as its bytes.
 *
 * <p>Written here because no library in reach writes the SDK's {@link AttributeValue}s so: the Enhanced Client's
 * {@code EnhancedDocument.toJson} writes plain JSON, which loses the types (a string set reads back as a list), and
 * the SDK's own marshallers are internal to its protocol layer. Attribute names are written in sorted order, so one
 * item always makes the same text. Errors name types, never values: the items are customers' data.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_AttributeValue.html">AttributeValue</a>
 */
final class AttributeValueJson {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private AttributeValueJson() {}

    static ObjectNode writeItem(Map<String, AttributeValue> item) {
        ObjectNode node = JSON.objectNode();
        new TreeMap<>(item).forEach((name, value) -> node.set(name, write(value)));
        return node;
    }

    static Map<String, AttributeValue> readItem(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("an item is a JSON object of attributes, not " + node.getNodeType());
        }
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        node.properties().forEach(field -> item.put(field.getKey(), read(field.getValue())));
        return item;
    }

    static ObjectNode write(AttributeValue value) {
        ObjectNode node = JSON.objectNode();
        switch (value.type()) {
            case S -> node.put("S", value.s());
            case N -> node.put("N", value.n());
            case B -> node.put("B", base64(value.b()));
            case BOOL -> node.put("BOOL", value.bool());
            case NUL -> node.put("NULL", true);
            case SS -> strings(node.putArray("SS"), value.ss());
            case NS -> strings(node.putArray("NS"), value.ns());
            case BS -> strings(
                    node.putArray("BS"),
                    value.bs().stream().map(AttributeValueJson::base64).toList());
            case L -> {
                ArrayNode elements = node.putArray("L");
                value.l().forEach(element -> elements.add(write(element)));
            }
            case M -> node.set("M", writeItem(value.m()));
            default -> throw new IllegalArgumentException("an attribute value of no type this SDK knows");
        }
        return node;
    }

    static AttributeValue read(JsonNode node) {
        if (!node.isObject() || node.size() != 1) {
            throw new IllegalArgumentException(
                    "an attribute value is an object of exactly one type, not of " + typeNames(node));
        }
        Map.Entry<String, JsonNode> typed = node.properties().iterator().next();
        JsonNode payload = typed.getValue();
        return switch (typed.getKey()) {
            case "S" -> AttributeValue.fromS(text(payload));
            case "N" -> AttributeValue.fromN(text(payload));
            case "B" -> AttributeValue.fromB(bytes(payload));
            case "BOOL" -> AttributeValue.fromBool(flag(payload));
            case "NULL" -> {
                if (!flag(payload)) {
                    throw new IllegalArgumentException("NULL is always true");
                }
                yield AttributeValue.fromNul(true);
            }
            case "SS" -> AttributeValue.fromSs(list(payload, AttributeValueJson::text));
            case "NS" -> AttributeValue.fromNs(list(payload, AttributeValueJson::text));
            case "BS" -> AttributeValue.fromBs(list(payload, AttributeValueJson::bytes));
            case "L" -> AttributeValue.fromL(list(payload, AttributeValueJson::read));
            case "M" -> AttributeValue.fromM(readItem(payload));
            default -> throw new IllegalArgumentException("no attribute value type " + typed.getKey());
        };
    }

    /** The type names an attribute value's object holds, never its values: an archived item is a customer's data. */
    private static String typeNames(JsonNode node) {
        return node.isObject()
                ? node.properties().stream().map(Map.Entry::getKey).toList().toString()
                : node.getNodeType().toString();
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }

    private static String base64(SdkBytes bytes) {
        return Base64.getEncoder().encodeToString(bytes.asByteArrayUnsafe());
    }

    private static String text(JsonNode node) {
        if (!node.isTextual()) {
            throw new IllegalArgumentException("expected a JSON string, not " + node.getNodeType());
        }
        return node.asText();
    }

    private static SdkBytes bytes(JsonNode node) {
        return SdkBytes.fromByteArrayUnsafe(Base64.getDecoder().decode(text(node)));
    }

    private static boolean flag(JsonNode node) {
        if (!node.isBoolean()) {
            throw new IllegalArgumentException("expected true or false, not " + node.getNodeType());
        }
        return node.booleanValue();
    }

    private static <T> List<T> list(JsonNode node, Function<JsonNode, T> element) {
        if (!node.isArray()) {
            throw new IllegalArgumentException("expected a JSON array, not " + node.getNodeType());
        }
        List<T> values = new ArrayList<>(node.size());
        node.forEach(child -> values.add(element.apply(child)));
        return values;
    }
}
