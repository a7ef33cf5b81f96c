package io.entitytable.local.engine.operations;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.protocol.ApiException;
import io.entitytable.local.engine.tables.IndexDefinition;
import io.entitytable.local.engine.tables.KeySchema;
import io.entitytable.local.engine.tables.StreamInfo;
import io.entitytable.local.engine.tables.Table;
import io.entitytable.local.engine.tables.TableDefinition;
import io.entitytable.local.engine.tables.TableDescriptions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * UpdateTable: billing mode and throughput, the stream (a new stream, with a new label and ARN, each time it is
 * enabled; disabling closes its shard), global secondary indexes created (filled from the existing items before the
 * call returns, so ACTIVE at once) or deleted, deletion protection.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_UpdateTable.html">UpdateTable</a>
 */
record UpdateTable(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        String name = Requests.tableName(request);
        String billing =
                Requests.oneOf(request, "BillingMode", "billingMode", Set.of("PROVISIONED", "PAY_PER_REQUEST"), null);
        JsonNode throughput = request.get("ProvisionedThroughput");
        JsonNode stream = request.get("StreamSpecification");
        JsonNode indexUpdates = request.get("GlobalSecondaryIndexUpdates");
        JsonNode protection = request.get("DeletionProtectionEnabled");
        boolean nothing = billing == null
                && absent(throughput)
                && absent(stream)
                && (absent(indexUpdates) || indexUpdates.isEmpty())
                && absent(protection)
                && absent(request.get("SSESpecification"))
                && absent(request.get("ReplicaUpdates"));
        if (nothing) {
            throw ApiException.validation("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled,"
                    + " GlobalSecondaryIndexUpdates or SSESpecification or ReplicaUpdates is required");
        }
        String viewType = absent(stream) ? null : Schemas.streamViewType(stream);
        return database.exclusively(() -> {
            Table table = database.table(name);
            TableDefinition definition = table.definition();
            if (billing != null || !absent(throughput)) {
                definition = billing(definition, billing, throughput);
            }
            if (!absent(stream)) {
                definition = stream(definition, stream.path("StreamEnabled").asBoolean(false), viewType);
            }
            if (!absent(protection)) {
                definition = definition.withDeletionProtection(protection.asBoolean());
            }
            if (!absent(indexUpdates)) {
                definition = indexes(definition, request, indexUpdates);
                table.reindex(definition);
            } else {
                table.redefine(definition);
            }
            database.redefined(table);
            ObjectNode answer = JsonNodeFactory.instance.objectNode();
            answer.set("TableDescription", TableDescriptions.describe(definition, "ACTIVE", table.counts()));
            return answer;
        });
    }

    private static boolean absent(JsonNode node) {
        return node == null || node.isNull();
    }

    private static TableDefinition billing(TableDefinition definition, String billing, JsonNode throughput) {
        String mode = billing == null ? definition.billingMode() : billing;
        if (mode.equals("PAY_PER_REQUEST")) {
            if (!absent(throughput)) {
                throw ApiException.validation(Schemas.INVALID
                        + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is"
                        + " PAY_PER_REQUEST");
            }
            ObjectNode zero = JsonNodeFactory.instance.objectNode();
            zero.put("ReadCapacityUnits", 0);
            zero.put("WriteCapacityUnits", 0);
            return definition.withBilling(mode, zero);
        }
        if (absent(throughput) && !definition.billingMode().equals("PROVISIONED")) {
            throw ApiException.validation(
                    Schemas.INVALID + "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
        }
        return definition.withBilling(
                mode, absent(throughput) ? definition.provisionedThroughput() : Schemas.throughput(throughput));
    }

    private TableDefinition stream(TableDefinition definition, boolean enable, String viewType) {
        StreamInfo enabled = definition.enabledStream();
        List<StreamInfo> streams = new ArrayList<>(definition.streams());
        if (enable) {
            if (enabled != null) {
                throw ApiException.validation("Table already has an enabled stream: " + enabled.arn());
            }
            streams.add(database.newStream(definition, viewType));
        } else {
            if (enabled == null) {
                throw ApiException.validation("Table already has no enabled stream");
            }
            streams.set(streams.size() - 1, enabled.disabled(database.lastSequenceNumber(), database.now()));
        }
        return definition.withStreams(streams);
    }

    private static TableDefinition indexes(TableDefinition definition, ObjectNode request, JsonNode updates) {
        Map<String, String> definitions = new LinkedHashMap<>(definition.attributeDefinitions());
        if (request.has("AttributeDefinitions")) {
            Schemas.attributeDefinitions(request.get("AttributeDefinitions")).forEach((attribute, type) -> {
                String existing = definitions.putIfAbsent(attribute, type);
                if (existing != null && !existing.equals(type)) {
                    throw ApiException.validation(
                            Schemas.INVALID + "Attribute " + attribute + " is already defined with type " + existing);
                }
            });
        }
        boolean provisioned = definition.billingMode().equals("PROVISIONED");
        List<IndexDefinition> globals = new ArrayList<>(definition.globalIndexes());
        for (JsonNode update : updates) {
            if (update.has("Create")) {
                IndexDefinition index =
                        Schemas.index(update.get("Create"), true, definitions, definition.key(), provisioned);
                if (definition.index(index.name()) != null) {
                    throw ApiException.validation(
                            Schemas.INVALID + "Attempting to create an index which already exists");
                }
                globals.add(index);
            } else if (update.has("Delete")) {
                String indexName = update.get("Delete").path("IndexName").asText();
                if (!globals.removeIf(index -> index.name().equals(indexName))) {
                    throw ApiException.resourceNotFound(
                            "Requested resource not found: Index: " + indexName + " not found");
                }
            } else if (update.has("Update")) {
                String indexName = update.get("Update").path("IndexName").asText();
                int position = -1;
                for (int i = 0; i < globals.size(); i++) {
                    if (globals.get(i).name().equals(indexName)) {
                        position = i;
                    }
                }
                if (position < 0) {
                    throw ApiException.resourceNotFound(
                            "Requested resource not found: Index: " + indexName + " not found");
                }
                IndexDefinition index = globals.get(position);
                JsonNode given = update.get("Update").get("ProvisionedThroughput");
                globals.set(
                        position,
                        new IndexDefinition(
                                index.name(),
                                true,
                                index.key(),
                                index.projectionType(),
                                index.nonKeyAttributes(),
                                absent(given) ? index.provisionedThroughput() : Schemas.throughput(given),
                                index.status()));
            }
        }
        if (globals.size() > 20) {
            throw ApiException.validation(
                    Schemas.INVALID + "Number of GlobalSecondaryIndexes exceeds per-table limit of 20");
        }
        Set<String> used = new HashSet<>();
        addKey(used, definition.key());
        definition.localIndexes().forEach(index -> addKey(used, index.key()));
        globals.forEach(index -> addKey(used, index.key()));
        definitions.keySet().retainAll(used);
        return definition.withGlobalIndexes(globals, definitions);
    }

    private static void addKey(Set<String> used, KeySchema key) {
        used.add(key.partition().name());
        if (key.sort() != null) {
            used.add(key.sort().name());
        }
    }
}
