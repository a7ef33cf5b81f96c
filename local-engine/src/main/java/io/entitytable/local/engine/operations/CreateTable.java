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
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * CreateTable: the table is ACTIVE as soon as the call returns.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_CreateTable.html">CreateTable</a>
 */
record CreateTable(Database database) implements Operation {
    @Override
    public ObjectNode call(ObjectNode request) {
        String name = Requests.tableName(request);
        Map<String, String> definitions = Schemas.attributeDefinitions(request.get("AttributeDefinitions"));
        KeySchema key = Schemas.keySchema(request.get("KeySchema"), definitions, "keySchema");
        String billing = Requests.oneOf(
                request, "BillingMode", "billingMode", Set.of("PROVISIONED", "PAY_PER_REQUEST"), "PROVISIONED");
        boolean provisioned = billing.equals("PROVISIONED");
        JsonNode givenThroughput = request.get("ProvisionedThroughput");
        ObjectNode throughput;
        if (provisioned) {
            if (givenThroughput == null || givenThroughput.isNull()) {
                throw ApiException.validation(Schemas.INVALID
                        + "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is"
                        + " PROVISIONED");
            }
            throughput = Schemas.throughput(givenThroughput);
        } else {
            if (givenThroughput != null && !givenThroughput.isNull()) {
                throw ApiException.validation(Schemas.INVALID
                        + "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is"
                        + " PAY_PER_REQUEST");
            }
            throughput = JsonNodeFactory.instance.objectNode();
            throughput.put("ReadCapacityUnits", 0);
            throughput.put("WriteCapacityUnits", 0);
        }
        Set<String> used = new HashSet<>();
        used.add(key.partition().name());
        if (key.sort() != null) {
            used.add(key.sort().name());
        }
        Set<String> indexNames = new HashSet<>();
        List<IndexDefinition> locals = new ArrayList<>();
        for (JsonNode node : request.path("LocalSecondaryIndexes")) {
            if (key.sort() == null) {
                throw ApiException.validation(Schemas.INVALID
                        + "Table KeySchema does not have a range key, which is required when specifying a"
                        + " LocalSecondaryIndex");
            }
            IndexDefinition index = Schemas.index(node, false, definitions, key, provisioned);
            locals.add(index);
            addIndexKeys(index, indexNames, used);
        }
        if (locals.size() > 5) {
            throw ApiException.validation(
                    Schemas.INVALID + "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
        }
        List<IndexDefinition> globals = new ArrayList<>();
        for (JsonNode node : request.path("GlobalSecondaryIndexes")) {
            IndexDefinition index = Schemas.index(node, true, definitions, key, provisioned);
            globals.add(index);
            addIndexKeys(index, indexNames, used);
        }
        if (globals.size() > 20) {
            throw ApiException.validation(
                    Schemas.INVALID + "Number of GlobalSecondaryIndexes exceeds per-table limit of 20");
        }
        if (!used.equals(definitions.keySet())) {
            throw ApiException.validation(Schemas.INVALID
                    + "Number of attributes in KeySchema does not exactly match number of attributes defined in"
                    + " AttributeDefinitions");
        }
        JsonNode streamSpecification = request.get("StreamSpecification");
        String viewType = streamSpecification == null || streamSpecification.isNull()
                ? null
                : Schemas.streamViewType(streamSpecification);
        boolean deletionProtection = Requests.bool(request, "DeletionProtectionEnabled");
        return database.exclusively(() -> {
            if (database.tables().containsKey(name)) {
                throw ApiException.resourceInUse("Table already exists: " + name);
            }
            TableDefinition definition = new TableDefinition(
                    name,
                    UUID.randomUUID().toString(),
                    key,
                    definitions,
                    List.copyOf(globals),
                    List.copyOf(locals),
                    billing,
                    throughput,
                    database.now(),
                    List.of(),
                    null,
                    deletionProtection);
            if (viewType != null) {
                StreamInfo stream = database.newStream(definition, viewType);
                definition = definition.withStreams(List.of(stream));
            }
            Table table = new Table(definition);
            database.addTable(table);
            ObjectNode answer = JsonNodeFactory.instance.objectNode();
            answer.set("TableDescription", TableDescriptions.describe(definition, "ACTIVE", table.counts()));
            return answer;
        });
    }

    private static void addIndexKeys(IndexDefinition index, Set<String> names, Set<String> used) {
        if (!names.add(index.name())) {
            throw ApiException.validation(Schemas.INVALID + "Duplicate index name: " + index.name());
        }
        used.add(index.key().partition().name());
        if (index.key().sort() != null) {
            used.add(index.key().sort().name());
        }
    }
}
