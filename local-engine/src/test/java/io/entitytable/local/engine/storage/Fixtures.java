package io.entitytable.local.engine.storage;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.List;

/** Tables, items and stream records as the engine gives them to a storage. */
final class Fixtures {
    static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private Fixtures() {}

    /** A table keyed by {@code pk} (a string). */
    static ObjectNode table(String name) {
        ObjectNode description = JSON.objectNode();
        description.put("TableName", name);
        description.putArray("KeySchema").addObject().put("AttributeName", "pk").put("KeyType", "HASH");
        description.put("TableStatus", "ACTIVE");
        return description;
    }

    static ObjectNode key(String pk) {
        ObjectNode key = JSON.objectNode();
        key.putObject("pk").put("S", pk);
        return key;
    }

    static ObjectNode item(String pk, String value) {
        ObjectNode item = key(pk);
        item.putObject("value").put("S", value);
        item.putObject("n").put("N", "1.50");
        return item;
    }

    static Storage.ItemWrite put(String table, String pk, String value) {
        return new Storage.ItemWrite(table, key(pk), item(pk, value));
    }

    static Storage.ItemWrite delete(String table, String pk) {
        return new Storage.ItemWrite(table, key(pk), null);
    }

    static Storage.StreamWrite record(String table, String shard, String sequence, long createdEpochSeconds) {
        ObjectNode record = JSON.objectNode();
        record.put("eventName", "INSERT");
        ObjectNode dynamodb = record.putObject("dynamodb");
        dynamodb.put("ApproximateCreationDateTime", new BigDecimal(createdEpochSeconds));
        dynamodb.put("SequenceNumber", sequence);
        return new Storage.StreamWrite(
                "arn:aws:dynamodb:ddblocal:000000000000:table/" + table + "/stream/2024-01-01T00:00:00.000",
                shard,
                record);
    }

    static void commit(Storage storage, Storage.ItemWrite... writes) {
        storage.committed(List.of(writes), List.of());
    }
}
