package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.checks.DriftCheck;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.StreamPump;
import io.entitytable.model.Entity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The whole system stopped in the middle of the stream and started again on its data folder: the DynamoDB engine's files
 * keep the core items and the stream, the pump's checkpoint file says where it stopped, and the copies converge to
 * exactly what the core items imply (at-least-once delivery plus the fan-out's version-conditional writes).
 */
class LocalSystemRestartTest {
    private static final String TABLE = LocalSystemFanoutTest.TABLE;
    private static final Duration DRAIN_WITHIN = Duration.ofSeconds(60);
    /** Longer than the pump's poll interval plus a batch's delivery: a backlog would show within it. */
    private static final Duration QUIET = Duration.ofMillis(1500);

    @TempDir
    Path dataFolder;

    @Test
    void restartMidStream_shouldConvergeWithNoCopyLostOrStale_whenTheDataFolderIsKept() throws Exception {
        // GIVEN the whole system with both packaged functions on a data folder (not in memory)
        LocalOptions firstRun = options();
        assertThat(firstRun.zipOf(FunctionDefinition.STREAM_FANOUT)).isRegularFile();
        int writes;
        try (LocalSystem system = LocalSystem.start(firstRun, System.out)) {
            // WHEN a burst of core changes goes through the API
            long start = System.nanoTime();
            writes = writeBurst(FrontDoorClient.operatorOf(system), system.pump());
            System.out.println("[test] burst of " + writes + " API writes took "
                    + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms; stopping the system now");
            // AND the system is stopped right after the last write (closing the try), the pump paused before the last
            // changes, so they are certainly still in the stream only
        }

        // THEN, read from the data folder alone, the copies were behind the core items when it stopped
        DriftCheck atStop;
        try (LocalDynamoDb db = LocalDynamoDb.start(LocalDynamoDb.freePort(), firstRun.databaseFolder());
                DynamoDbClient dynamo = db.client()) {
            atStop = DriftCheck.of(dynamo, TABLE);
        }
        System.out.println("[test] at stop: " + atStop);
        assertThat(atStop.copyFindings())
                .as("the pump had not drained when the system stopped")
                .isNotEmpty();
        assertThat(atStop.duplicates())
                .as("the pump had delivered part of the stream when the system stopped")
                .isNotEmpty();

        // WHEN a new system starts on the same data folder (new ports: nothing may depend on them)
        LocalOptions secondRun = options();
        try (LocalSystem system = LocalSystem.start(secondRun, System.out);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            long restarted = System.nanoTime();
            // THEN the pump drains the rest of the stream and the copies converge: none missing, stale or orphaned
            DriftCheck converged = DuplicateDrift.awaitNone(dynamo, TABLE, DRAIN_WITHIN);
            System.out.println("[test] converged "
                    + Duration.ofNanos(System.nanoTime() - restarted).toMillis() + " ms after the restart: "
                    + converged);
            assertThat(converged.clean()).as(converged.toString()).isTrue();
            assertThat(converged.duplicates()).hasSizeGreaterThanOrEqualTo(10);
            // AND stay converged once what is left of the backlog has been played
            Thread.sleep(QUIET.toMillis());
            DriftCheck later = DriftCheck.of(dynamo, TABLE);
            assertThat(later.clean()).as(later.toString()).isTrue();
            assertThat(later.duplicates()).hasSameSizeAs(converged.duplicates());
            // AND nothing was given up on: no batch in the dead-letter folder
            assertThat(deadLetters(secondRun)).isEmpty();
        }
    }

    /**
     * Creates, links, tags, renames, unlinks, untags and deletes: every kind of change the fan-out handles, the last
     * ones (a rename, a delete with unlink) touching many copies at once. The first link is waited for, so the pump
     * has delivered part of the stream (its checkpoint is in the middle, not at the start) when the rest follows; the
     * pump is paused before the last seven, so however fast the fan-out keeps up, those are never delivered before the
     * stop. Returns the number of API writes.
     */
    private static int writeBurst(FrontDoorClient api, StreamPump pump) {
        List<Runnable> writes = new ArrayList<>();
        String business = api.createBusiness("Burst Co");
        List<String> stores = new ArrayList<>();
        List<String> customers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            stores.add(api.createStore(business, "Store " + i, "Austin"));
        }
        for (int i = 0; i < 4; i++) {
            customers.add(api.createCustomer(business, "First" + i, "Last" + i));
        }
        VisibilityLog.Step first = new VisibilityLog(LocalSystemFanoutTest.VISIBLE_WITHIN)
                .step("first link", () -> api.link(customers.get(0), stores.get(0)), () -> assertThat(
                                LocalSystemFanoutTest.ids(api.storesOf(customers.get(0))))
                        .containsExactly(stores.get(0)));
        System.out.println("[test] first link visible after " + first.visibleMillis() + " ms; the burst follows");
        for (int i = 0; i < customers.size(); i++) {
            String customer = customers.get(i);
            String firstStore = stores.get(i % 2);
            if (i > 0) {
                writes.add(() -> api.link(customer, firstStore));
            }
            writes.add(() -> api.link(customer, stores.get(2)));
            String tag = i % 2 == 0 ? "vip" : "regular";
            writes.add(() -> api.tag(Entity.CUSTOMER, customer, tag));
        }
        for (String store : stores) {
            writes.add(() -> api.tag(Entity.STORE, store, "flagship"));
        }
        writes.add(pump::pause);
        writes.add(() -> api.renameCustomer(customers.get(0), "Renamed"));
        writes.add(() -> api.unlink(customers.get(1), stores.get(2)));
        writes.add(() -> api.untag(Entity.CUSTOMER, customers.get(2), "vip"));
        writes.add(() -> api.untag(Entity.STORE, stores.get(0), "flagship"));
        writes.add(() -> api.deleteCustomer(customers.get(3)));
        writes.add(() -> api.renameStore(stores.get(2), "Store Two Renamed"));
        writes.add(() -> api.deleteStore(stores.get(1), true));
        writes.forEach(Runnable::run);
        return 1 + stores.size() + customers.size() + 1 + writes.size() - 1;
    }

    private LocalOptions options() {
        return new LocalOptions(TestRepository.root(), dataFolder, false, 0, LocalDynamoDb.freePort(), TABLE);
    }

    private static List<Path> deadLetters(LocalOptions options) throws IOException {
        if (!Files.isDirectory(options.deadLetterFolder())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(options.deadLetterFolder())) {
            return files.toList();
        }
    }
}
