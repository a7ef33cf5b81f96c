package io.entitytable.local.engine.storage;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.storage.Storage.ItemWrite;
import io.entitytable.local.engine.storage.Storage.StreamWrite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The payloads of the journal's and the snapshots' records: one JSON object per call, its arguments as they came
 * (DynamoDB JSON kept as it is, numbers exact), with {@code op} naming the call.
 */
final class Entries {
    private static final JsonNodeFactory JSON = JsonNodeFactory.withExactBigDecimals(true);
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .nodeFactory(JSON)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();

    private Entries() {}

    /** What reading a payload found besides the state it changed. */
    enum Read {
        CHANGE,
        /** The last record of a whole snapshot. */
        END
    }

    static byte[] table(String name, ObjectNode description) {
        return tableEntry("table", name, "description", description);
    }

    static byte[] tableDeleted(String name) {
        ObjectNode entry = entry("drop");
        entry.put("table", name);
        return bytes(entry);
    }

    static byte[] committed(List<ItemWrite> items, List<StreamWrite> records) {
        ObjectNode entry = entry("commit");
        ArrayNode itemArray = entry.putArray("items");
        for (ItemWrite write : items) {
            ObjectNode element = itemArray.addObject();
            element.put("table", write.table());
            element.set("key", write.key());
            if (write.item() != null) {
                element.set("item", write.item());
            }
        }
        ArrayNode recordArray = entry.putArray("records");
        for (StreamWrite record : records) {
            recordArray.add(streamRecord(JSON.objectNode(), record));
        }
        return bytes(entry);
    }

    static byte[] trimmedBefore(long epochMillis) {
        ObjectNode entry = entry("trim");
        entry.put("before", epochMillis);
        return bytes(entry);
    }

    static byte[] item(String table, ObjectNode item) {
        return tableEntry("item", table, "item", item);
    }

    /** An entry of {@code kind} about one table, carrying one JSON member. */
    private static byte[] tableEntry(String kind, String table, String member, ObjectNode content) {
        ObjectNode entry = entry(kind);
        entry.put("table", table);
        entry.set(member, content);
        return bytes(entry);
    }

    static byte[] streamRecord(StreamWrite record) {
        return bytes(streamRecord(entry("record"), record));
    }

    static byte[] end() {
        return bytes(entry("end"));
    }

    /** Applies the payload's call to {@code state}. */
    static Read apply(byte[] payload, RecoveredState state) {
        JsonNode entry;
        try {
            entry = MAPPER.readTree(payload);
        } catch (IOException damaged) {
            throw new IllegalStateException("a record of the local DynamoDB engine's data is not JSON", damaged);
        }
        String op = entry.path("op").asText();
        switch (op) {
            case "table" -> state.table(entry.path("table").asText(), (ObjectNode) entry.get("description"));
            case "drop" -> state.tableDeleted(entry.path("table").asText());
            case "commit" -> {
                for (JsonNode write : entry.path("items")) {
                    JsonNode item = write.get("item");
                    state.itemWritten(new ItemWrite(
                            write.path("table").asText(),
                            (ObjectNode) write.get("key"),
                            item == null || item.isNull() ? null : (ObjectNode) item));
                }
                for (JsonNode record : entry.path("records")) {
                    state.streamRecord(streamWrite(record));
                }
            }
            case "trim" -> state.trimmedBefore(entry.path("before").asLong());
            case "item" -> state.item(entry.path("table").asText(), (ObjectNode) entry.get("item"));
            case "record" -> state.streamRecord(streamWrite(entry));
            case "end" -> {
                return Read.END;
            }
            default -> throw new IllegalStateException(
                    "a record of the local DynamoDB engine's data has an unknown operation: " + op);
        }
        return Read.CHANGE;
    }

    private static ObjectNode entry(String op) {
        ObjectNode entry = JSON.objectNode();
        entry.put("op", op);
        return entry;
    }

    private static ObjectNode streamRecord(ObjectNode into, StreamWrite record) {
        into.put("arn", record.streamArn());
        into.put("shard", record.shardId());
        into.set("record", record.record());
        return into;
    }

    private static StreamWrite streamWrite(JsonNode node) {
        return new StreamWrite(node.path("arn").asText(), node.path("shard").asText(), (ObjectNode) node.get("record"));
    }

    private static byte[] bytes(ObjectNode entry) {
        try {
            return MAPPER.writeValueAsBytes(entry);
        } catch (IOException impossible) {
            throw new UncheckedIOException(impossible);
        }
    }
}
