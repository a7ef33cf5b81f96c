package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.archive.ArchivePosition;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.checks.DriftCheck;
import io.entitytable.checks.ScanProgress;
import io.entitytable.checks.ScannedTable;
import io.entitytable.checks.TableScan;
import io.entitytable.model.ArchiveLease;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.verify.archive.ArchiveCheck;
import io.entitytable.verify.archive.ArchiveReport;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole local system (README command 1 on a data folder, in a process of its own) killed with SIGKILL while the
 * archive job moves finished orders, three times, and started again by the same command with no other step: afterwards
 * every order is in exactly one place, whole, and search shows the live ones only (docs/design.md §2, "Lifecycle": a move stopped anywhere leaves the order
 * in the table, or in both places under a lease that the next move, once it ends, finishes).
 *
 * <p>The kill moments are random; the seed is printed, and {@code -Darchive.crash.seed=N} replays a run's choices. A
 * scale test: {@code mvn -B verify -Pscale}.
 */
@Tag("scale")
class ArchiveCrashSystemTest {
    private static final int KILLS = 3;
    /** Orders a round places, and of them finishes: enough that a kill lands while some are moving. */
    private static final int ORDERS_A_ROUND = 24;

    private static final int FINISHED_A_ROUND = 18;
    private static final Duration RETENTION = Duration.ofSeconds(10);
    /** Retention, the job's 2 s interval, its 10 ms pace and a start's catching up, with room for a loaded machine. */
    private static final Duration ARCHIVED_WITHIN = Duration.ofMinutes(3);

    /**
     * After the last start: an order whose mover was killed after taking its lease waits for the lease to end, and the
     * next look moves it (the look that found it held comes back when the lease ends).
     */
    private static final Duration ALL_MOVED_WITHIN = ArchiveLease.LENGTH.plus(ARCHIVED_WITHIN);

    @TempDir
    Path dataFolder;

    @Test
    void threeKillsWhileOrdersMove_shouldLeaveEveryOrderInOnePlaceWhole_withoutAnOperator() throws Exception {
        long seed = Long.getLong("archive.crash.seed", System.nanoTime());
        System.out.println("[test] seed " + seed + " (replay its choices with -Darchive.crash.seed=" + seed + ")");
        Random random = new Random(seed);
        List<String> finished = new ArrayList<>();
        List<String> open = new ArrayList<>();
        // GIVEN the local system on a data folder, a business keeping finished orders ten seconds, and a customer
        try (KillableSystem system = KillableSystem.on(dataFolder)) {
            system.start();
            FrontDoorClient api = system.api();
            String business = api.createBusiness("Crash archive");
            api.keepFinishedOrders(business, RETENTION);
            String customer = api.createCustomerWithHome(business, "Ada", "Lovelace");
            for (int kill = 1; kill <= KILLS; kill++) {
                // WHEN a round of orders is placed and most of them finished, and once the job has begun to move them
                // the whole system is killed with SIGKILL at a random moment, then started again by the same command
                List<String> round = new ArrayList<>();
                for (int i = 0; i < ORDERS_A_ROUND; i++) {
                    String order = api.createTaggedOrder(customer, "gift");
                    if (i < FINISHED_A_ROUND) {
                        api.setStatus(order, i % 2 == 0 ? "DELIVERED" : "CANCELLED");
                        round.add(order);
                    } else {
                        open.add(order);
                    }
                }
                finished.addAll(round);
                OrderArchive archive = system.archive();
                assertThat(awaitAnyArchived(archive, round, ARCHIVED_WITHIN))
                        .as("the job began to move round " + kill + "'s orders")
                        .isTrue();
                Thread.sleep(random.nextInt(1_500));
                long archivedAtKill = round.stream()
                        .filter(id -> archive.find(id).isPresent())
                        .count();
                system.kill();
                System.out.printf(
                        "[test] kill %d of %d, %d s after its start, %d of the round's %d finished orders archived%n",
                        kill, KILLS, system.sinceStart().toSeconds(), archivedAtKill, round.size());
                system.start();
            }

            // THEN every finished order is archived, whole, and read by id as archived; every open one is live
            OrderArchive archive = system.archive();
            assertThat(awaitAllMoved(system, archive, finished, ALL_MOVED_WITHIN))
                    .as("every finished order left the table for the archive")
                    .isTrue();
            for (String order : finished) {
                JsonNode read = api.get(Entity.ORDER, order);
                assertThat(read.path("archived").asBoolean()).as(order).isTrue();
                ArchivedOrder archived = archive.find(order).orElseThrow();
                assertThat(archived.subject().items(Attributes.LINES))
                        .hasSize((int) Values.number(archived.items().get(0), Attributes.LINE_COUNT));
            }
            for (String order : open) {
                assertThat(api.get(Entity.ORDER, order).path("archived").asBoolean())
                        .as(order)
                        .isFalse();
                assertThat(archive.find(order)).as(order).isEmpty();
            }
            // AND verify's check of the archive against the table finds nothing: no order both live and archived, none
            // listed without its object or unlisted by its customer, none missing a line
            ScannedTable table = new TableScan(system.dynamo(), KillableSystem.TABLE, 1).run(new ScanProgress(1));
            ArchiveReport report = new ArchiveCheck(archive, system.dynamo(), KillableSystem.TABLE)
                    .verify(table, Instant.now(), new AtomicLong());
            assertThat(report.findings()).as("verify's findings in the archive").isEmpty();
            Set<String> listed = archive.everyOrderOf(business)
                    .flatMap(List::stream)
                    .map(ArchivePosition::orderId)
                    .collect(Collectors.toSet());
            assertThat(listed).containsExactlyInAnyOrderElementsOf(finished);
            for (String order : open) {
                assertThat(table.core(Keys.subjectRef(Entity.ORDER, order)))
                        .as(order)
                        .isPresent();
            }
            // AND search by the orders' tag finds every open order and no finished one, once the indexer has taken
            // the moved orders' documents out
            List<String> hits = awaitSearch(api, business, "gift", finished, ARCHIVED_WITHIN);
            assertThat(hits).doesNotContainAnyElementsOf(finished).containsAll(open);
            // AND neither the table's copies nor the search index hold anything of the moved orders: no drift
            DriftCheck converged = system.awaitConverged(ARCHIVED_WITHIN);
            assertThat(converged.findings()).as(converged.toString()).isEmpty();
        }
    }

    /** The search's hits once none of {@code gone} is among them, or the last ones at the timeout. */
    private static List<String> awaitSearch(
            FrontDoorClient api, String business, String text, List<String> gone, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> hits = api.search(business, text);
        while (hits.stream().anyMatch(gone::contains) && System.nanoTime() < deadline) {
            Thread.sleep(500);
            hits = api.search(business, text);
        }
        return hits;
    }

    /** Waits until one of {@code orders} is in the archive; false if none is within the timeout. */
    private static boolean awaitAnyArchived(OrderArchive archive, List<String> orders, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (orders.stream().anyMatch(id -> archive.find(id).isPresent())) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    /** Waits until every one of {@code orders} is in the archive and none in the table; false if not within the timeout. */
    private static boolean awaitAllMoved(
            KillableSystem system, OrderArchive archive, List<String> orders, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            boolean allMoved = orders.stream()
                    .allMatch(id -> archive.find(id).isPresent()
                            && system.dynamo()
                                    .query(
                                            PartitionQuery.partition(null, id)
                                                    .toRequest(KillableSystem.TABLE)
                                                    .toBuilder()
                                                    .consistentRead(true)
                                                    .build())
                                    .items()
                                    .isEmpty());
            if (allMoved) {
                return true;
            }
            Thread.sleep(500);
        }
        return false;
    }
}
