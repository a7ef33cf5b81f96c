package io.entitytable.local.engine.operations;

import static io.entitytable.local.engine.operations.TransactionKillChild.COUNTER_KEY;
import static io.entitytable.local.engine.operations.TransactionKillChild.NEW_KEY;
import static io.entitytable.local.engine.operations.TransactionKillChild.OLD_KEY;
import static io.entitytable.local.engine.operations.TransactionKillChild.WRITTEN_MEANWHILE_KEY;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.storage.JournalStorage;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A TransactWriteItems is all or nothing on the data folder even when the engine's process is killed (SIGKILL, nothing
 * closed) while the transaction is half applied in memory: a child JVM ({@link TransactionKillChild}) writes items,
 * runs a rename-like transaction (Delete old key + Put new key + Update of another partition's item) held after its
 * delete, and is killed there, or once the transaction returned. The folder is then opened by a new engine, which
 * must hold every write acknowledged before the kill, and the transaction's three changes all or none (all once it
 * returned). Each case runs with the journal never snapshotted and with a snapshot wanted after every commit, since a
 * snapshot taken mid-apply would keep the transaction's state half applied.
 */
class TransactionDurabilityTest {
    private static final long NEVER = JournalStorage.DEFAULT_SNAPSHOT_THRESHOLD_BYTES;
    private static final long AFTER_EVERY_COMMIT = 1;

    @TempDir
    Path folder;

    private JournalStorage reopened;
    private EngineFixture restarted;

    @AfterEach
    void closeTheRestartedEngine() {
        if (restarted != null) {
            restarted.engine.close();
        }
        if (reopened != null) {
            reopened.close();
        }
    }

    @ParameterizedTest(name = "snapshot threshold {0} bytes")
    @ValueSource(longs = {NEVER, AFTER_EVERY_COMMIT})
    void transactWriteItems_shouldBeAllOrNothing_whenTheProcessIsKilledMidApply(long snapshotThreshold)
            throws Exception {
        // GIVEN / WHEN the engine's process killed while the transaction is half applied (and one more write done)
        killChildAt(TransactionKillChild.HELD, snapshotThreshold);

        // THEN a new engine on the folder holds every acknowledged write, and the transaction all or none
        EngineFixture afterKill = restart();
        assertEveryAcknowledgedWriteIsThere(afterKill);
        assertThat(item(afterKill, WRITTEN_MEANWHILE_KEY))
                .as("the write acknowledged while the transaction was half applied")
                .isNotNull();
        assertThat(changesOfTheTransactionFound(afterKill))
                .as("changes of the three-change transaction found after the kill")
                .isIn(0, 3);
    }

    @ParameterizedTest(name = "snapshot threshold {0} bytes")
    @ValueSource(longs = {NEVER, AFTER_EVERY_COMMIT})
    void transactWriteItems_shouldBeWhole_whenTheProcessIsKilledAfterItReturned(long snapshotThreshold)
            throws Exception {
        // GIVEN / WHEN the engine's process killed once the transaction returned to its caller
        killChildAt(TransactionKillChild.RETURNED, snapshotThreshold);

        // THEN a new engine on the folder holds every acknowledged write, the transaction's three changes included
        EngineFixture afterKill = restart();
        assertEveryAcknowledgedWriteIsThere(afterKill);
        assertThat(item(afterKill, OLD_KEY)).isNull();
        assertThat(item(afterKill, NEW_KEY).path("v").path("N").asText()).isEqualTo("2");
        assertThat(item(afterKill, COUNTER_KEY).path("v").path("N").asText()).isEqualTo("2");
    }

    /** Runs the child until it prints {@code line}, then kills it (SIGKILL): nothing of it is closed. */
    private void killChildAt(String line, long snapshotThreshold) throws IOException, InterruptedException {
        Path stderr = folder.resolve("stderr.txt");
        Process child = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        System.getProperty("java.class.path"),
                        TransactionKillChild.class.getName(),
                        folder.resolve("data").toString(),
                        line,
                        Long.toString(snapshotThreshold))
                .redirectError(stderr.toFile())
                .start();
        boolean reached = false;
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
            while (!reached) {
                String printed = out.readLine();
                if (printed == null) {
                    break;
                }
                reached = printed.trim().equals(line);
            }
            child.destroyForcibly();
        } finally {
            child.destroyForcibly();
            assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(reached)
                .as("the child reached '%s' before it ended; its stderr: %s", line, Files.readString(stderr))
                .isTrue();
    }

    private EngineFixture restart() {
        reopened = JournalStorage.open(folder.resolve("data"));
        restarted = new EngineFixture(reopened, EngineSettings.immediate());
        return restarted;
    }

    private static void assertEveryAcknowledgedWriteIsThere(EngineFixture restarted) {
        for (int number = 0; number < TransactionKillChild.WRITES_BEFORE; number++) {
            assertThat(item(restarted, TransactionKillChild.writtenBeforeKey(number)))
                    .as("write %d acknowledged before the transaction", number)
                    .isNotNull();
        }
    }

    /** How many of the transaction's changes the folder kept: old key deleted, new key put, counter updated. */
    private static int changesOfTheTransactionFound(EngineFixture restarted) {
        JsonNode old = item(restarted, OLD_KEY);
        JsonNode renamed = item(restarted, NEW_KEY);
        JsonNode counter = item(restarted, COUNTER_KEY);
        assertThat(counter).as("the counter, written before the transaction").isNotNull();
        int found = 0;
        found += old == null ? 1 : 0;
        found += renamed != null ? 1 : 0;
        found += counter.path("v").path("N").asText().equals("2") ? 1 : 0;
        return found;
    }

    /** The item under {@code key} of table tbl, or null. */
    private static JsonNode item(EngineFixture engine, String key) {
        JsonNode answer = engine.call("GetItem", "{'TableName':'tbl','ConsistentRead':true,'Key':" + key + "}");
        return answer.has("Item") ? answer.get("Item") : null;
    }
}
