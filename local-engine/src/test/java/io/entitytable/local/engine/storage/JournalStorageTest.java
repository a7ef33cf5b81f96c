package io.entitytable.local.engine.storage;

import static io.entitytable.local.engine.storage.Fixtures.commit;
import static io.entitytable.local.engine.storage.Fixtures.delete;
import static io.entitytable.local.engine.storage.Fixtures.item;
import static io.entitytable.local.engine.storage.Fixtures.put;
import static io.entitytable.local.engine.storage.Fixtures.record;
import static io.entitytable.local.engine.storage.Fixtures.table;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class JournalStorageTest {
    @TempDir
    Path folder;

    @Test
    void load_shouldGiveBackWhatWasCommittedBeforeClose() {
        // GIVEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            storage.tableDescribed("a", table("a"));
            storage.tableDescribed("gone", table("gone"));
            commit(storage, put("a", "1", "first"), put("a", "2", "two"), put("gone", "x", "x"));
            storage.committed(List.of(put("a", "1", "second"), delete("a", "2")), List.of(record("a", "s1", "1", 10)));
            storage.tableDeleted("gone");
            storage.tableDescribed("a", table("a").put("TableStatus", "UPDATING"));
        }

        // WHEN
        RecordingLoader loaded;
        try (JournalStorage storage = JournalStorage.open(folder)) {
            loaded = RecordingLoader.load(storage);
        }

        // THEN
        assertThat(loaded.tables).containsOnlyKeys("a");
        assertThat(loaded.tables.get("a").get("TableStatus").asText()).isEqualTo("UPDATING");
        assertThat(loaded.items("a")).containsExactly(item("1", "second"));
        assertThat(loaded.items("gone")).isEmpty();
        assertThat(loaded.recordTexts()).containsExactly(RecordingLoader.text(record("a", "s1", "1", 10)));
        assertThat(loaded.calls).containsExactly("table a", "item a", "record s1");
    }

    @Test
    void load_shouldKeepNumbersExactly() {
        // GIVEN an item whose number has a trailing zero and a record whose time has a fraction
        Storage.StreamWrite record = record("a", "s1", "1", 10);
        record.record().with("dynamodb").put("ApproximateCreationDateTime", new java.math.BigDecimal("1700000000.250"));
        try (JournalStorage storage = JournalStorage.open(folder)) {
            storage.tableDescribed("a", table("a"));
            storage.committed(List.of(put("a", "1", "v")), List.of(record));
        }

        // WHEN
        RecordingLoader loaded;
        try (JournalStorage storage = JournalStorage.open(folder)) {
            loaded = RecordingLoader.load(storage);
        }

        // THEN
        assertThat(loaded.items("a").get(0).get("n").get("N").asText()).isEqualTo("1.50");
        assertThat(loaded.records.get(0).record().toString())
                .isEqualTo(record.record().toString());
    }

    @Test
    void open_shouldCutTornTailAndKeepEverythingBefore() throws IOException {
        // GIVEN three commits, the last cut short by a crash mid-write
        try (JournalStorage storage = JournalStorage.open(folder)) {
            storage.tableDescribed("a", table("a"));
            commit(storage, put("a", "1", "v"));
            commit(storage, put("a", "2", "v"));
            commit(storage, put("a", "3", "v"));
        }
        Path journal = onlyJournal();
        truncateBy(journal, 3);

        // WHEN
        RecordingLoader loaded;
        try (JournalStorage storage = JournalStorage.open(folder)) {
            loaded = RecordingLoader.load(storage);
            commit(storage, put("a", "4", "v"));
        }

        // THEN the torn record is gone, and a write made after it is not hidden behind it
        assertThat(loaded.items("a")).containsExactly(item("1", "v"), item("2", "v"));
        try (JournalStorage storage = JournalStorage.open(folder)) {
            assertThat(RecordingLoader.load(storage).items("a"))
                    .containsExactly(item("1", "v"), item("2", "v"), item("4", "v"));
        }
    }

    @Test
    void open_shouldCutTailRecordThatFailsItsChecksum() throws IOException {
        // GIVEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            storage.tableDescribed("a", table("a"));
            commit(storage, put("a", "1", "v"));
            commit(storage, put("a", "2", "v"));
        }
        Path journal = onlyJournal();
        try (RandomAccessFile file = new RandomAccessFile(journal.toFile(), "rw")) {
            file.seek(file.length() - 5);
            int original = file.read();
            file.seek(file.length() - 5);
            file.write(original ^ 0x01);
        }

        // WHEN
        RecordingLoader loaded;
        try (JournalStorage storage = JournalStorage.open(folder)) {
            loaded = RecordingLoader.load(storage);
        }

        // THEN
        assertThat(loaded.items("a")).containsExactly(item("1", "v"));
    }

    @Test
    void open_shouldTakeJournalCutInsideItsMagicAsEmpty() throws IOException {
        // GIVEN a journal created but not yet written whole
        try (JournalStorage storage = JournalStorage.open(folder)) {
            storage.tableDescribed("a", table("a"));
        }
        Path journal = onlyJournal();
        try (RandomAccessFile file = new RandomAccessFile(journal.toFile(), "rw")) {
            file.setLength(3);
        }

        // WHEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            assertThat(RecordingLoader.load(storage).tables).isEmpty();
            storage.tableDescribed("b", table("b"));
        }

        // THEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            assertThat(RecordingLoader.load(storage).tables).containsOnlyKeys("b");
        }
    }

    @Test
    void open_shouldRefuseFolderAnotherEngineHolds() {
        // GIVEN
        try (JournalStorage first = JournalStorage.open(folder)) {

            // WHEN / THEN
            assertThatThrownBy(() -> JournalStorage.open(folder))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("in use by another local DynamoDB engine")
                    .hasMessageContaining("engine.lock");
        }
        JournalStorage.open(folder).close();
    }

    @Test
    void open_shouldRefuseFolderWithSharedDynamoDbLocalDatabaseAndLeaveItUntouched() throws IOException {
        // GIVEN
        Files.writeString(folder.resolve("shared-local-instance.db"), "anything");

        // WHEN / THEN
        assertThatThrownBy(() -> JournalStorage.open(folder))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(String.format(DynamoDbLocalFolder.REFUSAL, folder.toAbsolutePath()))
                .hasMessageContaining("DynamoDB Local")
                .hasMessageContaining("cannot read it")
                .hasMessageContaining("java -jar tools/tenant-transfer/target/tenant-transfer.jar export")
                .hasMessageContaining("import");
        assertThat(filesIn(folder)).containsExactly("shared-local-instance.db");
    }

    @Test
    void open_shouldRefuseFolderWithAnySqliteDatabase() throws IOException {
        // GIVEN DynamoDB Local's database of one access key and region
        Files.write(folder.resolve("key_us-east-1.db"), "SQLite format 3\0rest of the page".getBytes("US-ASCII"));

        // WHEN / THEN
        assertThatThrownBy(() -> JournalStorage.open(folder))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("The data folder " + folder.toAbsolutePath() + " holds a DynamoDB Local");
        assertThat(filesIn(folder)).containsExactly("key_us-east-1.db");
    }

    @Test
    void open_shouldAcceptDbFileThatIsNotSqlite() throws IOException {
        // GIVEN
        Files.writeString(folder.resolve("notes.db"), "plain text");

        // WHEN / THEN
        JournalStorage.open(folder).close();
        assertThat(filesIn(folder)).contains("notes.db", "engine.lock");
    }

    @Test
    void open_shouldCreateMissingFolder() {
        // GIVEN
        Path missing = folder.resolve("nested/data");

        // WHEN
        try (JournalStorage storage = JournalStorage.open(missing)) {
            storage.tableDescribed("a", table("a"));
        }

        // THEN
        try (JournalStorage storage = JournalStorage.open(missing)) {
            assertThat(RecordingLoader.load(storage).tables).containsOnlyKeys("a");
        }
    }

    @Test
    void wantsSnapshot_shouldTurnTrueOnceJournalPassesThreshold() {
        // GIVEN
        try (JournalStorage storage =
                JournalStorage.open(folder, JournalStorage.Options.defaults().withSnapshotThresholdBytes(1000))) {
            storage.tableDescribed("a", table("a"));
            assertThat(storage.wantsSnapshot()).isFalse();

            // WHEN
            for (int i = 0; i < 20; i++) {
                commit(storage, put("a", "k" + i, "v"));
            }

            // THEN
            assertThat(storage.wantsSnapshot()).isTrue();
        }
    }

    @Test
    void snapshot_shouldReplaceJournalAndKeepState() throws IOException {
        // GIVEN
        try (JournalStorage storage =
                JournalStorage.open(folder, JournalStorage.Options.defaults().withSnapshotThresholdBytes(200))) {
            storage.tableDescribed("a", table("a"));
            commit(storage, put("a", "1", "v"), put("a", "2", "v"), put("a", "3", "v"));
            assertThat(storage.wantsSnapshot()).isTrue();

            // WHEN
            storage.snapshot(stateOf(table("a"), item("1", "v"), item("2", "v"), item("3", "v")));
            assertThat(storage.wantsSnapshot()).isFalse();
            commit(storage, delete("a", "2"), put("a", "3", "changed"));
        }

        // THEN
        assertThat(filesIn(folder))
                .containsExactlyInAnyOrder(
                        "engine.lock", "snapshot-000000000000000001.snap", "journal-000000000000000001.log");
        try (JournalStorage storage = JournalStorage.open(folder)) {
            assertThat(RecordingLoader.load(storage).items("a")).containsExactly(item("1", "v"), item("3", "changed"));
        }
    }

    @ParameterizedTest
    @EnumSource(SnapshotStep.class)
    void snapshot_shouldLeaveLoadableStateWhenCrashingAfterAnyStep(SnapshotStep crashAfter) throws IOException {
        // GIVEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            storage.tableDescribed("a", table("a"));
            commit(storage, put("a", "1", "v"), put("a", "2", "v"));
            storage.snapshot(stateOf(table("a"), item("1", "v"), item("2", "v")));
            commit(storage, put("a", "3", "v"), delete("a", "1"));

            // WHEN the process dies right after the step (close releases the lock and touches no file)
            storage.snapshotUntil(stateOf(table("a"), item("2", "v"), item("3", "v")), crashAfter);
        }

        // THEN the state is whole, and writes after the restart are kept too
        try (JournalStorage storage = JournalStorage.open(folder)) {
            assertThat(RecordingLoader.load(storage).items("a")).containsExactly(item("2", "v"), item("3", "v"));
            commit(storage, put("a", "4", "v"));
        }
        try (JournalStorage storage = JournalStorage.open(folder)) {
            assertThat(RecordingLoader.load(storage).items("a"))
                    .containsExactly(item("2", "v"), item("3", "v"), item("4", "v"));
        }
        assertThat(filesIn(folder)).hasSize(3).noneMatch(name -> name.endsWith(".tmp"));
    }

    @Test
    void open_shouldIgnoreSnapshotCutMidWrite() throws IOException {
        // GIVEN a snapshot's temporary file a crash cut short
        try (JournalStorage storage = JournalStorage.open(folder)) {
            storage.tableDescribed("a", table("a"));
            commit(storage, put("a", "1", "v"));
        }
        Files.write(folder.resolve("snapshot-000000000000000001.snap.tmp"), DataFiles.SNAPSHOT_MAGIC);

        // WHEN
        try (JournalStorage storage = JournalStorage.open(folder)) {

            // THEN
            assertThat(RecordingLoader.load(storage).items("a")).containsExactly(item("1", "v"));
        }
        assertThat(filesIn(folder)).noneMatch(name -> name.endsWith(".tmp"));
    }

    @Test
    void open_shouldRefuseDamagedSnapshot() throws IOException {
        // GIVEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            storage.tableDescribed("a", table("a"));
            storage.snapshot(stateOf(table("a"), item("1", "v")));
        }
        truncateBy(folder.resolve("snapshot-000000000000000001.snap"), 2);

        // WHEN / THEN
        assertThatThrownBy(() -> JournalStorage.open(folder))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("is damaged");
        JournalStorage.open(folder.resolve("other")).close();
    }

    @Test
    void trimmedBefore_shouldDropOlderStreamRecordsAtNextSnapshot() {
        // GIVEN
        RecordingLoader state = new RecordingLoader();
        state.table("a", table("a"));
        state.streamRecord(record("a", "s1", "1", 100));
        state.streamRecord(record("a", "s1", "2", 200));
        try (JournalStorage storage = JournalStorage.open(folder)) {
            storage.tableDescribed("a", table("a"));
            storage.committed(List.of(), List.of(record("a", "s1", "1", 100), record("a", "s1", "2", 200)));

            // WHEN
            storage.trimmedBefore(150_000);
            storage.snapshot(state);
        }

        // THEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            assertThat(RecordingLoader.load(storage).recordTexts())
                    .containsExactly(RecordingLoader.text(record("a", "s1", "2", 200)));
        }
    }

    @Test
    void trimmedBefore_shouldDropOlderStreamRecordsAtRestart() {
        // GIVEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            storage.tableDescribed("a", table("a"));
            storage.committed(List.of(), List.of(record("a", "s1", "1", 100), record("a", "s2", "2", 200)));

            // WHEN
            storage.trimmedBefore(150_000);
        }

        // THEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            assertThat(RecordingLoader.load(storage).recordTexts())
                    .containsExactly(RecordingLoader.text(record("a", "s2", "2", 200)));
        }
    }

    @Test
    void committed_shouldBeRefusedAfterClose() {
        // GIVEN
        JournalStorage storage = JournalStorage.open(folder);
        storage.close();

        // WHEN / THEN
        assertThatThrownBy(() -> commit(storage, put("a", "1", "v")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void committed_shouldSurviveWithSyncEachCommit() {
        // GIVEN
        try (JournalStorage storage =
                JournalStorage.open(folder, JournalStorage.Options.defaults().withSyncEachCommit(true))) {
            storage.tableDescribed("a", table("a"));

            // WHEN
            commit(storage, put("a", "1", "v"));
        }

        // THEN
        try (JournalStorage storage = JournalStorage.open(folder)) {
            assertThat(RecordingLoader.load(storage).items("a")).containsExactly(item("1", "v"));
        }
    }

    private static RecordingLoader stateOf(
            com.fasterxml.jackson.databind.node.ObjectNode table,
            com.fasterxml.jackson.databind.node.ObjectNode... items) {
        RecordingLoader state = new RecordingLoader();
        String name = table.get("TableName").asText();
        state.table(name, table);
        for (var item : items) {
            state.item(name, item);
        }
        return state;
    }

    private Path onlyJournal() throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            List<Path> journals = files.filter(
                            file -> file.getFileName().toString().startsWith("journal-"))
                    .toList();
            assertThat(journals).hasSize(1);
            return journals.get(0);
        }
    }

    private static void truncateBy(Path file, int bytes) throws IOException {
        try (RandomAccessFile open = new RandomAccessFile(file.toFile(), "rw")) {
            open.setLength(open.length() - bytes);
        }
    }

    private static List<String> filesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString()).sorted().toList();
        }
    }
}
