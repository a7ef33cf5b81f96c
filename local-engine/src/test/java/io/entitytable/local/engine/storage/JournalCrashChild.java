package io.entitytable.local.engine.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The process {@link JournalCrashTest} kills: commits numbered items, each in its own commit with a stream record, and
 * prints each number once its commit returned; snapshots whenever the storage wants one, so that kills land in
 * snapshots too. Arguments: the data folder, the first number, the snapshot threshold in bytes.
 */
public final class JournalCrashChild {
    private static final long RUN_LIMIT_NANOS = 120_000_000_000L;

    private JournalCrashChild() {}

    public static void main(String[] args) {
        Path folder = Path.of(args[0]);
        int first = Integer.parseInt(args[1]);
        long threshold = Long.parseLong(args[2]);
        JournalStorage storage =
                JournalStorage.open(folder, JournalStorage.Options.defaults().withSnapshotThresholdBytes(threshold));
        RecordingLoader state = RecordingLoader.load(storage);
        if (!state.tables.containsKey("t")) {
            storage.tableDescribed("t", Fixtures.table("t"));
            state.table("t", Fixtures.table("t"));
        }
        Map<String, List<ObjectNode>> items = state.items;
        long deadline = System.nanoTime() + RUN_LIMIT_NANOS;
        for (int number = first; System.nanoTime() < deadline; number++) {
            Storage.ItemWrite write = Fixtures.put("t", Integer.toString(number), "value " + number);
            storage.committed(
                    List.of(write),
                    List.of(Fixtures.record("t", "s1", Integer.toString(number), System.currentTimeMillis() / 1000)));
            items.computeIfAbsent("t", table -> new java.util.ArrayList<>()).add(write.item());
            if (storage.wantsSnapshot()) {
                storage.snapshot(state);
            }
            System.out.println(number);
            System.out.flush();
        }
        storage.close();
    }
}
