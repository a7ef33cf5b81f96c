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
        if (key.sort() == null && !request.path("LocalSecondaryIndexes").isEmpty()) {
            throw ApiException.validation(Schemas.INVALID
                    + "Table KeySchema does not have a range key, which is required when specifying a"
                    + " LocalSecondaryIndex");
        }
        Set<String> indexNames = new HashSet<>();
        IndexKind local = new IndexKind("LocalSecondaryIndexes", false, 5);
        List<IndexDefinition> locals = local.read(request, definitions, key, provisioned, indexNames, used);
        IndexKind global = new IndexKind("GlobalSecondaryIndexes", true, 20);
        List<IndexDefinition> globals = global.read(request, definitions, key, provisioned, indexNames, used);
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
                    globals,
                    locals,
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

    /** Local or global secondary indexes: the request member that lists them, and how many a table may have. */
    private record IndexKind(String member, boolean global, int limit) {
        /** The indexes of this kind, their names added to {@code names} and their key attributes to {@code used}. */
        List<IndexDefinition> read(
                ObjectNode request,
                Map<String, String> definitions,
                KeySchema key,
                boolean provisioned,
                Set<String> names,
                Set<String> used) {
            List<IndexDefinition> indexes = new ArrayList<>();
            for (JsonNode node : request.path(member)) {
                IndexDefinition index = Schemas.index(node, global, definitions, key, provisioned);
                indexes.add(index);
                if (!names.add(index.name())) {
                    throw ApiException.validation(Schemas.INVALID + "Duplicate index name: " + index.name());
                }
                used.add(index.key().partition().name());
                if (index.key().sort() != null) {
                    used.add(index.key().sort().name());
                }
            }
            if (indexes.size() > limit) {
                throw ApiException.validation(
                        Schemas.INVALID + "Number of " + member + " exceeds per-table limit of " + limit);
            }
            return indexes;
        }
    }
}
