package io.entitytable.local.engine.storage;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.local.engine.storage.Storage.ItemWrite;
import io.entitytable.local.engine.storage.Storage.Loader;
import io.entitytable.local.engine.storage.Storage.StreamWrite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The state a data folder holds, rebuilt at open from the newest snapshot and the journal after it, then handed to the
 * engine's {@link Loader}: replaying the journal as it is would not do, since a loader has no way to delete.
 */
final class RecoveredState {
    private final Map<String, TableState> tables = new LinkedHashMap<>();
    private final Map<ShardName, List<StreamWrite>> shards = new LinkedHashMap<>();
    private long trimmedBefore = Long.MIN_VALUE;

    void table(String name, ObjectNode description) {
        TableState table = tables.get(name);
        if (table == null) {
            tables.put(name, new TableState(description));
        } else {
            table.description = description;
        }
    }

    void tableDeleted(String name) {
        tables.remove(name);
    }

    void itemWritten(ItemWrite write) {
        TableState table = tables.get(write.table());
        if (table == null) {
            return;
        }
        if (write.item() == null) {
            table.items.remove(write.key());
        } else {
            table.items.put(write.key(), write.item());
        }
    }

    /** An item of a snapshot, which carries no key of its own: the table's key schema gives it. */
    void item(String tableName, ObjectNode item) {
        TableState table = tables.get(tableName);
        if (table != null) {
            table.items.put(table.keyOf(item), item);
        }
    }

    void streamRecord(StreamWrite record) {
        shards.computeIfAbsent(new ShardName(record.streamArn(), record.shardId()), shard -> new ArrayList<>())
                .add(record);
    }

    void trimmedBefore(long epochMillis) {
        trimmedBefore = Math.max(trimmedBefore, epochMillis);
    }

    long trimmedBefore() {
        return trimmedBefore;
    }

    /** Every table first, then their items, then the stream records shard by shard in the order they were written. */
    void replay(Loader into) {
        tables.forEach((name, table) -> into.table(name, table.description));
        tables.forEach((name, table) -> table.items.values().forEach(item -> into.item(name, item)));
        for (List<StreamWrite> shard : shards.values()) {
            for (StreamWrite record : shard) {
                if (!StreamRecordAge.olderThan(record.record(), trimmedBefore)) {
                    into.streamRecord(record);
                }
            }
        }
    }

    private record ShardName(String streamArn, String shardId) {}

    private static final class TableState {
        private final Map<ObjectNode, ObjectNode> items = new LinkedHashMap<>();
        private ObjectNode description;

        TableState(ObjectNode description) {
            this.description = description;
        }

        /** The item's key attributes, as the engine gives an {@link ItemWrite}'s key. */
        ObjectNode keyOf(ObjectNode item) {
            ObjectNode key = JsonNodeFactory.instance.objectNode();
            for (JsonNode element : description.path("KeySchema")) {
                String attribute = element.path("AttributeName").asText();
                JsonNode value = item.get(attribute);
                if (value != null) {
                    key.set(attribute, value);
                }
            }
            return key.isEmpty() ? item : key;
        }
    }
}
