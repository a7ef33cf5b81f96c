package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.IndexDefinition;
import io.entitytable.local.engine.tables.KeyAttribute;
import io.entitytable.local.engine.tables.KeySchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reading the parts of CreateTable and UpdateTable that define keys: attribute definitions, key schemas, indexes,
 * provisioned throughput, with DynamoDB's messages.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CreateTable.html">CreateTable</a>
 */
final class Schemas {
    static final String INVALID = "One or more parameter values were invalid: ";

    private Schemas() {}

    static Map<String, String> attributeDefinitions(JsonNode node) {
        if (node == null || node.isNull()) {
            throw Requests.missing("attributeDefinitions");
        }
        Map<String, String> definitions = new LinkedHashMap<>();
        int position = 0;
        for (JsonNode definition : node) {
            position++;
            String name = definition.path("AttributeName").asText(null);
            String type = definition.path("AttributeType").asText(null);
            if (name == null) {
                throw Requests.constraint(
                        null, "attributeDefinitions." + position + ".member.attributeName", "Member must not be null");
            }
            if (type == null || !(type.equals("S") || type.equals("N") || type.equals("B"))) {
                throw Requests.constraint(
                        type,
                        "attributeDefinitions." + position + ".member.attributeType",
                        "Member must satisfy enum value set: [B, N, S]");
            }
            if (definitions.put(name, type) != null) {
                throw ApiException.validation(INVALID + "Cannot have two attributes with the same name");
            }
        }
        return definitions;
    }

    /** A key schema whose attributes {@code definitions} define. */
    static KeySchema keySchema(JsonNode node, Map<String, String> definitions, String constraintName) {
        if (node == null || node.isNull()) {
            throw Requests.missing(constraintName);
        }
        if (node.size() < 1 || node.size() > 2) {
            throw Requests.constraint(
                    "[" + node.size() + " elements]",
                    constraintName,
                    "Member must have length " + (node.size() < 1 ? "greater" : "less") + " than or equal to "
                            + (node.size() < 1 ? 1 : 2));
        }
        JsonNode first = node.get(0);
        if (!first.path("KeyType").asText().equals("HASH")) {
            throw ApiException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        }
        KeyAttribute partition = attribute(first, definitions);
        KeyAttribute sort = null;
        if (node.size() == 2) {
            JsonNode second = node.get(1);
            if (!second.path("KeyType").asText().equals("RANGE")) {
                throw ApiException.validation("Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
            }
            sort = attribute(second, definitions);
            if (sort.name().equals(partition.name())) {
                throw ApiException.validation(
                        INVALID + "Both the Hash Key and the Range Key element in the KeySchema have the same name");
            }
        }
        return new KeySchema(partition, sort);
    }

    private static KeyAttribute attribute(JsonNode element, Map<String, String> definitions) {
        String name = element.path("AttributeName").asText();
        String type = definitions.get(name);
        if (type == null) {
            throw ApiException.validation(INVALID
                    + "Some index key attributes are not defined in AttributeDefinitions. Keys: [" + name
                    + "], AttributeDefinitions: " + definitions.keySet());
        }
        return new KeyAttribute(name, type);
    }

    /** A global or local secondary index of a CreateTable or UpdateTable request. */
    static IndexDefinition index(
            JsonNode node, boolean global, Map<String, String> definitions, KeySchema tableKey, boolean provisioned) {
        String name = node.path("IndexName").asText(null);
        if (name == null) {
            throw Requests.missing("indexName");
        }
        Requests.tableName(name, "indexName");
        KeySchema key = keySchema(node.get("KeySchema"), definitions, "keySchema");
        if (!global) {
            if (!key.partition().name().equals(tableKey.partition().name())) {
                throw ApiException.validation(INVALID
                        + "Index KeySchema does not have the same leading hash key as table KeySchema for index: "
                        + name + ". index hash key: " + key.partition().name() + ", table hash key: "
                        + tableKey.partition().name());
            }
            if (key.sort() == null) {
                throw ApiException.validation(INVALID + "Index KeySchema does not have a range key for index: " + name);
            }
        }
        JsonNode projection = node.get("Projection");
        if (projection == null || projection.isNull()) {
            throw Requests.missing("projection");
        }
        String type = projection.path("ProjectionType").asText("ALL");
        if (!(type.equals("ALL") || type.equals("KEYS_ONLY") || type.equals("INCLUDE"))) {
            throw Requests.constraint(
                    type, "projection.projectionType", "Member must satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]");
        }
        List<String> nonKey = new ArrayList<>();
        projection.path("NonKeyAttributes").forEach(attribute -> nonKey.add(attribute.asText()));
        if (!type.equals("INCLUDE") && projection.has("NonKeyAttributes")) {
            throw ApiException.validation(
                    INVALID + "ProjectionType is " + type + ", but NonKeyAttributes is specified");
        }
        if (type.equals("INCLUDE") && nonKey.isEmpty()) {
            throw ApiException.validation(INVALID + "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
        }
        ObjectNode throughput = null;
        if (global) {
            JsonNode given = node.get("ProvisionedThroughput");
            if (provisioned && (given == null || given.isNull())) {
                throw ApiException.validation(INVALID + "ProvisionedThroughput must be specified for index: " + name);
            }
            if (!provisioned && given != null && !given.isNull()) {
                throw ApiException.validation(INVALID
                        + "ProvisionedThroughput should not be specified for index: " + name
                        + " when BillingMode is PAY_PER_REQUEST");
            }
            throughput = given == null || given.isNull() ? null : throughput(given);
        }
        return new IndexDefinition(name, global, key, type, List.copyOf(nonKey), throughput, "ACTIVE");
    }

    static ObjectNode throughput(JsonNode given) {
        JsonNode read = given.get("ReadCapacityUnits");
        JsonNode write = given.get("WriteCapacityUnits");
        if (read == null || write == null || !read.canConvertToLong() || !write.canConvertToLong()) {
            throw ApiException.validation(INVALID
                    + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is"
                    + " PROVISIONED");
        }
        if (read.asLong() < 1 || write.asLong() < 1) {
            throw ApiException.validation(INVALID + "ReadCapacityUnits and WriteCapacityUnits must be at least 1");
        }
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("ReadCapacityUnits", read.asLong());
        node.put("WriteCapacityUnits", write.asLong());
        return node;
    }

    /** The stream view type an enabling StreamSpecification names, null for a disabling one. */
    static String streamViewType(JsonNode specification) {
        boolean enabled = specification.path("StreamEnabled").asBoolean(false);
        JsonNode viewType = specification.get("StreamViewType");
        if (!enabled) {
            if (viewType != null && !viewType.isNull()) {
                throw ApiException.validation(
                        INVALID + "StreamViewType cannot be specified when StreamEnabled is false");
            }
            return null;
        }
        if (viewType == null || viewType.isNull()) {
            throw ApiException.validation(INVALID + "You must specify a StreamViewType when enabling a stream");
        }
        String type = viewType.asText();
        if (!(type.equals("KEYS_ONLY")
                || type.equals("NEW_IMAGE")
                || type.equals("OLD_IMAGE")
                || type.equals("NEW_AND_OLD_IMAGES"))) {
            throw Requests.constraint(
                    type,
                    "streamSpecification.streamViewType",
                    "Member must satisfy enum value set: [NEW_IMAGE, OLD_IMAGE, NEW_AND_OLD_IMAGES, KEYS_ONLY]");
        }
        return type;
    }
}
