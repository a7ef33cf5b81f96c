package io.entitytable.local.engine.tables;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table definition as DescribeTable answers it ({@code TableDescription}), and as storage keeps it: the same with a
 * {@code LocalEngine} member holding what DynamoDB does not show (every stream the table has had, time to live).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TableDescription.html">TableDescription</a>
 */
public final class TableDescriptions {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String PRIVATE = "LocalEngine";

    /** Writes and reads a stream's stored shards, as {@link ShardInfo} names its members. */
    private static final ObjectMapper SHARDS = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private static final TypeReference<List<ShardInfo>> SHARD_LIST = new TypeReference<>() {};

    private TableDescriptions() {}

    /** The table's statistics, read from its live structures. */
    public interface Counts {
        ItemTally table();

        /** The named index's tally; an empty one when the table holds no such index. */
        ItemTally index(String indexName);
    }

    public static ObjectNode describe(TableDefinition table, String status, Counts counts) {
        ObjectNode node = JSON.objectNode();
        ArrayNode definitions = node.putArray("AttributeDefinitions");
        table.attributeDefinitions()
                .forEach((name, type) ->
                        definitions.addObject().put("AttributeName", name).put("AttributeType", type));
        node.put("TableName", table.name());
        node.set("KeySchema", keySchema(table.key()));
        node.put("TableStatus", status);
        node.put("CreationDateTime", seconds(table.creationMillis()));
        node.set("ProvisionedThroughput", throughput(table.provisionedThroughput()));
        node.put("TableSizeBytes", counts.table().sizeBytes());
        node.put("ItemCount", counts.table().itemCount());
        node.put("TableArn", table.arn());
        node.put("TableId", table.tableId());
        if (table.billingMode().equals("PAY_PER_REQUEST")) {
            node.putObject("BillingModeSummary")
                    .put("BillingMode", "PAY_PER_REQUEST")
                    .put("LastUpdateToPayPerRequestDateTime", seconds(table.creationMillis()));
        }
        describeIndexes(node, "LocalSecondaryIndexes", table.localIndexes(), table, counts);
        describeIndexes(node, "GlobalSecondaryIndexes", table.globalIndexes(), table, counts);
        StreamInfo latest = table.latestStream();
        if (latest != null) {
            if (latest.enabled()) {
                node.putObject("StreamSpecification")
                        .put("StreamEnabled", true)
                        .put("StreamViewType", latest.viewType());
            }
            node.put("LatestStreamLabel", latest.label());
            node.put("LatestStreamArn", latest.arn());
        }
        node.put("DeletionProtectionEnabled", table.deletionProtection());
        return node;
    }

    private static void describeIndexes(
            ObjectNode node, String member, List<IndexDefinition> indexes, TableDefinition table, Counts counts) {
        if (indexes.isEmpty()) {
            return;
        }
        ArrayNode described = node.putArray(member);
        for (IndexDefinition index : indexes) {
            ObjectNode i = described.addObject();
            i.put("IndexName", index.name());
            i.set("KeySchema", keySchema(index.key()));
            i.set("Projection", projection(index));
            if (index.global()) {
                i.put("IndexStatus", index.status());
                if (index.status().equals("CREATING")) {
                    i.put("Backfilling", true);
                }
                i.set("ProvisionedThroughput", throughput(index.provisionedThroughput()));
            }
            ItemTally tally = counts.index(index.name());
            i.put("IndexSizeBytes", tally.sizeBytes());
            i.put("ItemCount", tally.itemCount());
            i.put("IndexArn", table.arn() + "/index/" + index.name());
        }
    }

    /** The description storage keeps: DescribeTable's, plus what only the engine needs. */
    public static ObjectNode stored(TableDefinition table, Counts counts) {
        ObjectNode node = describe(table, "ACTIVE", counts);
        ObjectNode local = node.putObject(PRIVATE);
        ArrayNode streams = local.putArray("Streams");
        for (StreamInfo stream : table.streams()) {
            ObjectNode kept = streams.addObject()
                    .put("StreamArn", stream.arn())
                    .put("StreamLabel", stream.label())
                    .put("StreamViewType", stream.viewType())
                    .put("CreatedMillis", stream.createdMillis())
                    .put("DisabledMillis", stream.disabledMillis());
            kept.set("Shards", SHARDS.valueToTree(stream.shards()));
        }
        if (table.timeToLive() != null) {
            local.put("TimeToLiveAttribute", table.timeToLive());
        }
        local.put("CreationMillis", table.creationMillis());
        return node;
    }

    /** The definition a stored description holds. */
    public static TableDefinition fromStored(ObjectNode node) {
        Map<String, String> definitions = new LinkedHashMap<>();
        for (JsonNode definition : node.path("AttributeDefinitions")) {
            definitions.put(
                    definition.path("AttributeName").asText(),
                    definition.path("AttributeType").asText());
        }
        KeySchema key = keySchema(node.path("KeySchema"), definitions);
        List<IndexDefinition> globals = new ArrayList<>();
        for (JsonNode index : node.path("GlobalSecondaryIndexes")) {
            globals.add(index(index, true, definitions));
        }
        List<IndexDefinition> locals = new ArrayList<>();
        for (JsonNode index : node.path("LocalSecondaryIndexes")) {
            locals.add(index(index, false, definitions));
        }
        JsonNode local = node.path(PRIVATE);
        List<StreamInfo> streams = new ArrayList<>();
        for (JsonNode stream : local.path("Streams")) {
            List<ShardInfo> shards =
                    stream.has("Shards") ? SHARDS.convertValue(stream.get("Shards"), SHARD_LIST) : List.of();
            if (shards.isEmpty()) {
                // A description that keeps a stream with one shard may hold that shard's members on the stream itself.
                shards = List.of(new ShardInfo(
                        stream.path("ShardId").asText(),
                        null,
                        stream.path("StartingSequenceNumber").asLong(),
                        stream.path("EndingSequenceNumber").asLong(),
                        stream.path("CreatedMillis").asLong()));
            }
            streams.add(new StreamInfo(
                    stream.path("StreamArn").asText(),
                    stream.path("StreamLabel").asText(),
                    stream.path("StreamViewType").asText(),
                    shards,
                    stream.path("CreatedMillis").asLong(),
                    stream.path("DisabledMillis").asLong()));
        }
        String billing = node.path("BillingModeSummary").path("BillingMode").asText("PROVISIONED");
        return new TableDefinition(
                node.path("TableName").asText(),
                node.path("TableId").asText(),
                key,
                definitions,
                globals,
                locals,
                billing,
                capacityUnits(node.path("ProvisionedThroughput")),
                local.path("CreationMillis").asLong(),
                streams,
                local.hasNonNull("TimeToLiveAttribute")
                        ? local.path("TimeToLiveAttribute").asText()
                        : null,
                node.path("DeletionProtectionEnabled").asBoolean(false));
    }

    private static IndexDefinition index(JsonNode node, boolean global, Map<String, String> definitions) {
        List<String> nonKey = new ArrayList<>();
        node.path("Projection").path("NonKeyAttributes").forEach(name -> nonKey.add(name.asText()));
        ObjectNode throughput =
                global && node.has("ProvisionedThroughput") ? capacityUnits(node.path("ProvisionedThroughput")) : null;
        return new IndexDefinition(
                node.path("IndexName").asText(),
                global,
                keySchema(node.path("KeySchema"), definitions),
                node.path("Projection").path("ProjectionType").asText("ALL"),
                List.copyOf(nonKey),
                throughput,
                "ACTIVE");
    }

    /** The read and write capacity units of a stored {@code ProvisionedThroughput} (zero where missing). */
    private static ObjectNode capacityUnits(JsonNode stored) {
        ObjectNode units = JSON.objectNode();
        units.put("ReadCapacityUnits", stored.path("ReadCapacityUnits").asLong());
        units.put("WriteCapacityUnits", stored.path("WriteCapacityUnits").asLong());
        return units;
    }

    /** A {@code KeySchema} array read with the types of {@code definitions}. */
    public static KeySchema keySchema(JsonNode elements, Map<String, String> definitions) {
        KeyAttribute partition = null;
        KeyAttribute sort = null;
        for (JsonNode element : elements) {
            String name = element.path("AttributeName").asText();
            KeyAttribute attribute = new KeyAttribute(name, definitions.get(name));
            if (element.path("KeyType").asText().equals("HASH")) {
                partition = attribute;
            } else {
                sort = attribute;
            }
        }
        return new KeySchema(partition, sort);
    }

    public static ArrayNode keySchema(KeySchema key) {
        ArrayNode array = JSON.arrayNode();
        array.addObject().put("AttributeName", key.partition().name()).put("KeyType", "HASH");
        if (key.sort() != null) {
            array.addObject().put("AttributeName", key.sort().name()).put("KeyType", "RANGE");
        }
        return array;
    }

    private static ObjectNode projection(IndexDefinition index) {
        ObjectNode projection = JSON.objectNode();
        projection.put("ProjectionType", index.projectionType());
        if (index.projectionType().equals("INCLUDE")) {
            ArrayNode names = projection.putArray("NonKeyAttributes");
            index.nonKeyAttributes().forEach(names::add);
        }
        return projection;
    }

    private static ObjectNode throughput(ObjectNode given) {
        ObjectNode node = JSON.objectNode();
        node.put("NumberOfDecreasesToday", 0);
        node.put(
                "ReadCapacityUnits",
                given == null ? 0 : given.path("ReadCapacityUnits").asLong());
        node.put(
                "WriteCapacityUnits",
                given == null ? 0 : given.path("WriteCapacityUnits").asLong());
        return node;
    }

    /** Epoch seconds with their fraction, as DynamoDB's JSON carries timestamps. */
    public static BigDecimal seconds(long millis) {
        return BigDecimal.valueOf(millis, 3);
    }
}
