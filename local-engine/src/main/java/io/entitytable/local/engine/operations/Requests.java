package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import java.util.Set;

/** Reading a request's members, with DynamoDB's messages for what the request's shape refuses. */
final class Requests {
    private Requests() {}

    /** An optional string member, or null. */
    static String string(ObjectNode request, String member) {
        JsonNode node = request.get(member);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isTextual()) {
            throw new ApiException(400, "SerializationException", "Unexpected value type in payload for " + member);
        }
        return node.textValue();
    }

    static String required(ObjectNode request, String member, String constraintName) {
        String value = string(request, member);
        if (value == null) {
            throw missing(constraintName);
        }
        return value;
    }

    /** DynamoDB's refusal of a request that lacks a required member. */
    static ApiException missing(String constraintName) {
        return ApiException.validation("1 validation error detected: Value null at '" + constraintName
                + "' failed to satisfy constraint: Member must not be null");
    }

    /** {@code TransactItems}: 1 to 100 actions, as TransactGetItems and TransactWriteItems take them. */
    static JsonNode transactItems(ObjectNode request) {
        JsonNode items = request.get("TransactItems");
        if (items == null || !items.isArray()) {
            throw missing("transactItems");
        }
        if (items.isEmpty() || items.size() > 100) {
            throw constraint(
                    "[...]",
                    "transactItems",
                    "Member must have length "
                            + (items.isEmpty() ? "greater than or equal to 1" : "less than or equal to 100"));
        }
        return items;
    }

    /** {@code RequestItems}: table names and their requests, as BatchGetItem and BatchWriteItem take them. */
    static JsonNode requestItems(ObjectNode request) {
        JsonNode requestItems = request.get("RequestItems");
        if (requestItems == null || !requestItems.isObject() || requestItems.isEmpty()) {
            throw missing("requestItems");
        }
        return requestItems;
    }

    static boolean bool(ObjectNode request, String member) {
        JsonNode node = request.get(member);
        return node != null && node.asBoolean(false);
    }

    static ObjectNode object(ObjectNode request, String member) {
        JsonNode node = request.get(member);
        if (node == null || node.isNull()) {
            return null;
        }
        if (!node.isObject()) {
            throw ApiException.validation("Start of structure or map found where not expected");
        }
        return (ObjectNode) node;
    }

    /** A table name, checked as DynamoDB's input constraints check it. */
    static String tableName(ObjectNode request) {
        return tableName(required(request, "TableName", "tableName"), "tableName");
    }

    static String tableName(String name, String constraintName) {
        if (name.length() < 3) {
            throw constraint(name, constraintName, "Member must have length greater than or equal to 3");
        }
        if (name.length() > 255) {
            throw constraint(name, constraintName, "Member must have length less than or equal to 255");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean allowed = (c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || c == '_'
                    || c == '-'
                    || c == '.';
            if (!allowed) {
                throw constraint(
                        name, constraintName, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
            }
        }
        return name;
    }

    static ApiException constraint(Object value, String constraintName, String constraint) {
        return ApiException.validation("1 validation error detected: Value '" + value + "' at '" + constraintName
                + "' failed to satisfy constraint: " + constraint);
    }

    /** An enumerated member's value, or {@code fallback} when absent. */
    static String oneOf(
            ObjectNode request, String member, String constraintName, Set<String> allowed, String fallback) {
        String value = string(request, member);
        if (value == null) {
            return fallback;
        }
        if (!allowed.contains(value)) {
            throw constraint(value, constraintName, "Member must satisfy enum value set: " + allowed);
        }
        return value;
    }

    /** An integer member with a lower bound, or -1 when absent. */
    static int positiveInt(ObjectNode request, String member, String constraintName, int minimum) {
        JsonNode node = request.get(member);
        if (node == null || node.isNull()) {
            return -1;
        }
        if (!node.canConvertToInt()) {
            throw ApiException.validation("Unexpected value type in payload");
        }
        int value = node.asInt();
        if (value < minimum) {
            throw constraint(value, constraintName, "Member must have value greater than or equal to " + minimum);
        }
        return value;
    }

    /** A listing's {@code Limit}: from 1 to {@code maximum}, and {@code maximum} when the request gives none. */
    static int limit(ObjectNode request, int maximum) {
        int limit = positiveInt(request, "Limit", "limit", 1);
        if (limit > maximum) {
            throw constraint(limit, "limit", "Member must have value less than or equal to " + maximum);
        }
        return limit < 0 ? maximum : limit;
    }
}
