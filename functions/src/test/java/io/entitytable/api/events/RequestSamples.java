package io.entitytable.api.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What a sample request gives, read from an OpenAPI document: a body made of each property's first example (and of a
 * stand-in for a required property the document gives no example of), and the query parameters the document gives an
 * example of. A value nobody documented is not made up where it can be left out: a filter without an example is not
 * sent.
 */
final class RequestSamples {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String STAND_IN = "sample";

    private final JsonNode document;

    RequestSamples(JsonNode document) {
        this.document = document;
    }

    /** The body of {@code operation}'s JSON request schema; empty when it takes none. */
    Optional<JsonNode> body(JsonNode operation) {
        JsonNode schema = operation.at("/requestBody/content/application~1json/schema");
        return schema.isMissingNode() ? Optional.empty() : Optional.of(value(schema));
    }

    /** The query parameters of {@code operation} that have an example, in the document's order, with it as text. */
    Map<String, String> query(JsonNode operation) {
        Map<String, String> query = new LinkedHashMap<>();
        for (JsonNode parameter : operation.path("parameters")) {
            JsonNode resolved = resolve(parameter);
            if (resolved.path("in").asText().equals("query")) {
                example(resolved)
                        .or(() -> namedExample(resolved))
                        .or(() -> example(resolve(resolved.path("schema"))))
                        .ifPresent(value -> query.put(resolved.path("name").asText(), queryText(value)));
            }
        }
        return query;
    }

    /** Whether {@code operation} reads header {@code name}. */
    boolean readsHeader(JsonNode operation, String name) {
        for (JsonNode parameter : operation.path("parameters")) {
            JsonNode resolved = resolve(parameter);
            if (resolved.path("in").asText().equals("header")
                    && resolved.path("name").asText().equalsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }

    private JsonNode value(JsonNode schema) {
        Optional<JsonNode> example = example(schema);
        if (example.isPresent()) {
            return example.get();
        }
        if (schema.has("$ref")) {
            return value(resolve(schema));
        }
        if (schema.has("enum")) {
            return schema.path("enum").get(0);
        }
        return switch (type(schema)) {
            case "object" -> object(schema);
            case "array" -> array(schema);
            case "integer", "number" -> number(schema);
            case "boolean" -> NODES.booleanNode(true);
            default -> NODES.textNode(standIn(schema));
        };
    }

    /** Every property with an example, and every required one. */
    private ObjectNode object(JsonNode schema) {
        Set<String> required = new HashSet<>();
        schema.path("required").forEach(name -> required.add(name.asText()));
        ObjectNode object = NODES.objectNode();
        schema.path("properties").fields().forEachRemaining(property -> {
            if (required.contains(property.getKey())
                    || example(property.getValue()).isPresent()) {
                object.set(property.getKey(), value(property.getValue()));
            }
        });
        return object;
    }

    private ArrayNode array(JsonNode schema) {
        ArrayNode array = NODES.arrayNode();
        for (int i = 0; i < Math.max(1, schema.path("minItems").asInt(1)); i++) {
            array.add(value(schema.path("items")));
        }
        return array;
    }

    private static JsonNode number(JsonNode schema) {
        if (schema.has("minimum")) {
            return schema.get("minimum");
        }
        return NODES.numberNode(
                schema.has("maximum") ? Math.min(1, schema.get("maximum").asLong()) : 1);
    }

    /** The stand-in text, as long as the bounds allow; a pattern is not honoured (the document gives an example). */
    private static String standIn(JsonNode schema) {
        StringBuilder text = new StringBuilder(STAND_IN);
        while (text.length() < schema.path("minLength").asInt(0)) {
            text.append(STAND_IN);
        }
        int max = schema.path("maxLength").asInt(Integer.MAX_VALUE);
        return text.length() > max ? text.substring(0, max) : text.toString();
    }

    private static String type(JsonNode schema) {
        JsonNode type = schema.path("type");
        if (type.isArray()) {
            for (JsonNode each : type) {
                if (!each.asText().equals("null")) {
                    return each.asText();
                }
            }
        }
        return type.isMissingNode() && schema.has("properties") ? "object" : type.asText("string");
    }

    /** OpenAPI 3.1's {@code examples} (a list) first, then the older {@code example}. */
    private static Optional<JsonNode> example(JsonNode node) {
        JsonNode examples = node.path("examples");
        if (examples.isArray() && !examples.isEmpty()) {
            return Optional.of(examples.get(0));
        }
        return node.has("example") ? Optional.of(node.get("example")) : Optional.empty();
    }

    /** A parameter's {@code examples}: a map of Example objects, whose first value is taken. */
    private static Optional<JsonNode> namedExample(JsonNode parameter) {
        JsonNode examples = parameter.path("examples");
        if (examples.isObject() && !examples.isEmpty()) {
            JsonNode first = examples.elements().next();
            return first.has("value") ? Optional.of(first.get("value")) : Optional.empty();
        }
        return Optional.empty();
    }

    /** A list example is sent as API Gateway passes a repeated parameter: its values joined by commas. */
    private static String queryText(JsonNode value) {
        if (value.isArray()) {
            StringBuilder joined = new StringBuilder();
            value.forEach(each -> joined.append(joined.length() == 0 ? "" : ",").append(each.asText()));
            return joined.toString();
        }
        return value.asText();
    }

    private JsonNode resolve(JsonNode node) {
        JsonNode resolved = node;
        while (resolved.has("$ref")) {
            String ref = resolved.get("$ref").asText();
            if (!ref.startsWith("#")) {
                throw new IllegalArgumentException("only references inside the document are followed: " + ref);
            }
            resolved = document.at(ref.substring(1));
            if (resolved.isMissingNode()) {
                throw new IllegalArgumentException("the document has no " + ref);
            }
        }
        return resolved;
    }
}
