package io.entitytable.local.engine.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Keeps what a storage loads, and replays it as a snapshot of that state. */
final class RecordingLoader implements Storage.Loader, Storage.Snapshot {
    final Map<String, ObjectNode> tables = new LinkedHashMap<>();
    final Map<String, List<ObjectNode>> items = new LinkedHashMap<>();
    final List<Storage.StreamWrite> records = new ArrayList<>();
    final List<String> calls = new ArrayList<>();

    static RecordingLoader load(Storage storage) {
        RecordingLoader loader = new RecordingLoader();
        storage.load(loader);
        return loader;
    }

    @Override
    public void table(String tableName, ObjectNode description) {
        tables.put(tableName, description);
        calls.add("table " + tableName);
    }

    @Override
    public void item(String tableName, ObjectNode item) {
        items.computeIfAbsent(tableName, table -> new ArrayList<>()).add(item);
        calls.add("item " + tableName);
    }

    @Override
    public void streamRecord(Storage.StreamWrite record) {
        records.add(record);
        calls.add("record " + record.shardId());
    }

    /**
     * The stream records as text: JSON numbers come back as the narrowest node that holds them, which equal values of
     * other node types do not {@code equals}.
     */
    List<String> recordTexts() {
        return records.stream().map(RecordingLoader::text).toList();
    }

    static String text(Storage.StreamWrite record) {
        return record.streamArn() + " " + record.shardId() + " " + record.record();
    }

    List<ObjectNode> items(String table) {
        return items.getOrDefault(table, List.of());
    }

    @Override
    public void replay(Storage.Loader into) {
        tables.forEach(into::table);
        items.forEach((table, tableItems) -> tableItems.forEach(item -> into.item(table, item)));
        records.forEach(into::streamRecord);
    }
}
