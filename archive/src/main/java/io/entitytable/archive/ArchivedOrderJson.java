package io.entitytable.archive;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.model.IsoInstants;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An archived order's object: a JSON document of {@link #FORMAT format} 1, its items in DynamoDB's typed JSON
 * ({@link AttributeValueJson}). A reader refuses any other format: a change of what the document means is a new
 * number, and the readers that know it ship before the writers that write it.
 */
final class ArchivedOrderJson {
    /** The format this code writes, and the only one it reads. */
    static final int FORMAT = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ArchivedOrderJson() {}

    static byte[] write(ArchivedOrder order) {
        ObjectNode document = MAPPER.createObjectNode();
        document.put("format", FORMAT);
        document.put("businessId", order.businessId());
        document.put("customerId", order.customerId());
        document.put("orderId", order.orderId());
        document.put("createdAt", IsoInstants.format(order.createdAt()));
        document.put("version", order.version());
        document.put("archivedAt", IsoInstants.format(order.archivedAt()));
        ArrayNode items = document.putArray("items");
        order.items().forEach(item -> items.add(AttributeValueJson.writeItem(item)));
        try {
            return MAPPER.writeValueAsBytes(document);
        } catch (IOException e) {
            throw new IllegalStateException("a JSON tree always writes", e);
        }
    }

    /** The order {@code json} holds; {@code name} (its key) only names it in errors. */
    static ArchivedOrder read(String name, byte[] json) {
        JsonNode document;
        try {
            document = MAPPER.readTree(json);
        } catch (IOException e) {
            throw new IllegalArgumentException(name + " is not JSON", e);
        }
        if (document == null || !document.isObject()) {
            throw new IllegalArgumentException(name + " is not a JSON object");
        }
        JsonNode format = document.path("format");
        if (!format.isInt() || format.intValue() != FORMAT) {
            throw new UnknownArchiveFormatException(
                    name + " is of format " + (format.isMissingNode() ? "(none)" : format)
                            + "; this code reads archived orders of format " + FORMAT + " only");
        }
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        required(name, document, "items").forEach(item -> items.add(AttributeValueJson.readItem(item)));
        return new ArchivedOrder(
                text(name, document, "businessId"),
                text(name, document, "customerId"),
                text(name, document, "orderId"),
                IsoInstants.parse(text(name, document, "createdAt")),
                required(name, document, "version").asLong(),
                IsoInstants.parse(text(name, document, "archivedAt")),
                items);
    }

    private static String text(String name, JsonNode document, String field) {
        return required(name, document, field).asText();
    }

    private static JsonNode required(String name, JsonNode document, String field) {
        JsonNode value = document.get(field);
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException(name + " has no " + field);
        }
        return value;
    }
}
