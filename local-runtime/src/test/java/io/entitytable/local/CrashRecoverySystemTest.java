package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.checks.DriftCheck;
import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.model.Attributes;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole local system (README command 1 on a data folder, in a process of its own) killed with SIGKILL, with every
 * process it started, and started again by the same command on the same folder, with no other step: no acknowledged
 * write is lost, and the copies and the search index match the core items within 2 minutes of the last start. The
 * refresh queue keeps its messages in the data folder and the stream pumps resume from checkpoints written after the
 * work they cover, so a kill anywhere costs at most a second delivery, which the versioned writes absorb.
 *
 * <p>The kill moments are random; the seed is printed, and {@code -Dcrash.seed=N} replays a run's choices (the moments
 * in the load at which they fall still depend on the machine's speed). A scale test: {@code mvn -B verify -Pscale}.
 */
@Tag("scale")
class CrashRecoverySystemTest {
    /** Above {@link RefreshJob#INLINE_COPIES}: its rename is a refresh job on the queue. */
    private static final int LINKS = 1_100;

    private static final int KILLS = 3;
    private static final Duration CONVERGES_WITHIN = Duration.ofMinutes(2);
    /** After the copies converged: the passes later renames asked for still run, one after the other. */
    private static final Duration JOB_ENDS_WITHIN = Duration.ofMinutes(5);
    /** The first start works through the seed's 1,100 customers in the stream, and the job of its store. */
    private static final Duration SETTLES_WITHIN = Duration.ofMinutes(5);

    @TempDir
    Path dataFolder;

    @Test
    void threeKillsDuringAMixedLoad_shouldLoseNoAcknowledgedWrite_andConvergeWithoutAnOperator() throws Exception {
        long seed = Long.getLong("crash.seed", System.nanoTime());
        System.out.println("[test] seed " + seed + " (replay its choices with -Dcrash.seed=" + seed + ")");
        Random random = new Random(seed);
        // GIVEN the local system on a data folder whose table holds a store with 1,100 linked customers
        List<LinkedStoreSeed.Seeded> seeded = new ArrayList<>();
        try (KillableSystem system = KillableSystem.seeded(dataFolder, LINKS, seeded)) {
            String bigStore = seeded.get(0).store().id();
            startAndSettle(system, seeded.get(0));
            // AND a mixed load of creates, renames, links and tags running against its API
            CrashLoad load = new CrashLoad(system.api(), random, bigStore);
            load.start();
            for (int kill = 1; kill <= KILLS; kill++) {
                // WHEN, at a random moment, the big store is renamed (a refresh job of 1,100 copies), and at another
                // random moment after it the whole system is killed with SIGKILL
                Thread.sleep(3_000 + random.nextInt(15_000));
                load.renameBigStoreNext();
                assertThat(load.awaitBigStoreRenamed(Duration.ofMinutes(1)))
                        .as("the big store's rename was acknowledged")
                        .isTrue();
                Thread.sleep(random.nextInt(10_000));
                String jobAtKill = system.job(seeded.get(0).storeRef(), bigStore)
                        .map(CrashRecoverySystemTest::describe)
                        .orElse("none yet");
                load.expectOutage();
                system.kill();
                System.out.printf(
                        "[test] kill %d of %d, %d s after its start, %d acknowledged writes so far; the big store's"
                                + " job: %s; that run said:%n  %s%n",
                        kill,
                        KILLS,
                        system.sinceStart().toSeconds(),
                        load.acknowledged(),
                        jobAtKill,
                        String.join("\n  ", system.recoveryLines()));
                // AND README command 1 starts it again on the same data folder
                system.start();
                System.out.printf(
                        "[test] start %d took %d ms%n",
                        kill + 1, system.sinceStart().toMillis());
                assertThat(system.stdout()).contains("[sqs] ");
                load.resume(system.api());
            }
            // AND the load goes on for a moment after the last start, then ends
            Thread.sleep(2_000 + random.nextInt(3_000));
            load.stop();

            // THEN no acknowledged write is lost
            load.assertNothingLost(system.dynamo(), KillableSystem.TABLE);
            assertThat(load.acknowledged()).isGreaterThan(50);
            // AND within 2 minutes of the last start, every copy and the search index match the core items
            DriftCheck converged = system.awaitConverged(CONVERGES_WITHIN);
            System.out.printf(
                    "[test] copies and search index converged %d ms after the last start: %s; the last start"
                            + " said:%n  %s%n",
                    system.sinceStart().toMillis(), converged, String.join("\n  ", system.recoveryLines()));
            assertThat(converged.findings()).isEmpty();
            assertThat(converged.indexFindings()).isEmpty();
            assertThat(system.sinceStart()).isLessThanOrEqualTo(CONVERGES_WITHIN.plusSeconds(5));
            // AND the big store's job ends, with a pass at its last acknowledged rename at least
            RefreshJob job =
                    awaitJobDone(system, seeded.get(0), load.bigStoreVersion()).orElseThrow();
            System.out.printf(
                    "[test] the big store's job: %s, %d ms after the last start%n",
                    describe(job), system.sinceStart().toMillis());
            assertThat(job.status()).isEqualTo(RefreshJob.Status.DONE);
            assertThat(job.passVersion()).isGreaterThanOrEqualTo(load.bigStoreVersion());
            // AND nothing was given up on: no stream batch and no refresh message dead-lettered
            assertThat(system.streamDeadLetters()).isEmpty();
            assertThat(system.refreshDeadLetters()).isZero();
        }
    }

    @Test
    void killDuringARefreshJob_shouldBringEveryCopyToTheNewVersion_withinTwoMinutesOfTheRestart() throws Exception {
        // GIVEN the local system on a data folder whose table holds a store with 1,100 linked customers
        List<LinkedStoreSeed.Seeded> seeded = new ArrayList<>();
        try (KillableSystem system = KillableSystem.seeded(dataFolder, LINKS, seeded)) {
            LinkedStoreSeed.Seeded big = seeded.get(0);
            startAndSettle(system, big);
            // WHEN the store is renamed, and the whole system is killed as soon as the rename's pass runs
            long version = system.api().renameStore(big.store().id(), "Renamed Before The Kill");
            Optional<RefreshJob> atKill = Optional.empty();
            long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
            while (System.nanoTime() < deadline && !runningFor(atKill, version)) {
                Thread.sleep(20);
                atKill = system.job(big.storeRef(), big.store().id());
            }
            assertThat(runningFor(atKill, version))
                    .as("the rename's pass runs: " + atKill)
                    .isTrue();
            system.kill();
            System.out.println("[test] killed while the job ran: " + describe(atKill.get()));

            // AND README command 1 starts it again on the same data folder
            system.start();
            System.out.printf(
                    "[test] the start took %d ms%n", system.sinceStart().toMillis());

            // THEN within 2 minutes of the start every copy of the store has the new version, with no drift
            DriftCheck converged = system.awaitConverged(CONVERGES_WITHIN);
            System.out.printf(
                    "[test] converged %d ms after the restart: %s; the start said:%n  %s%n",
                    system.sinceStart().toMillis(), converged, String.join("\n  ", system.recoveryLines()));
            assertThat(converged.findings()).isEmpty();
            assertThat(converged.indexFindings()).isEmpty();
            assertThat(copyVersions(system, big)).hasSize(LINKS).containsOnly(version);
            assertThat(system.sinceStart()).isLessThanOrEqualTo(CONVERGES_WITHIN.plusSeconds(10));
            // AND the job ends, with the rename's pass
            RefreshJob job = awaitJobDone(system, big, version).orElseThrow();
            System.out.printf(
                    "[test] the job: %s, %d ms after the restart%n",
                    describe(job), system.sinceStart().toMillis());
            assertThat(job.status()).isEqualTo(RefreshJob.Status.DONE);
            assertThat(job.passVersion()).isEqualTo(version);
            assertThat(system.refreshDeadLetters()).isZero();
        }
    }

    /**
     * Starts the seeded system and waits until it has worked through the seed's stream records, including the job its
     * store's record starts: the scenario begins on a quiet system, as after an import.
     */
    private static void startAndSettle(KillableSystem system, LinkedStoreSeed.Seeded seeded) throws Exception {
        system.start();
        assertThat(system.awaitPumpsCaughtUp(SETTLES_WITHIN))
                .as("the pumps worked through the seed")
                .isTrue();
        long deadline = System.nanoTime() + SETTLES_WITHIN.toNanos();
        while (System.nanoTime() < deadline
                && system.job(seeded.storeRef(), seeded.store().id())
                        .map(job -> job.status() != RefreshJob.Status.DONE)
                        .orElse(false)) {
            Thread.sleep(200);
        }
        System.out.printf(
                "[test] the seed is worked through %d ms after the first start%n",
                system.sinceStart().toMillis());
    }

    /**
     * Waits until the store's job is done with a pass for {@code version} or later (passes that later renames asked for
     * run after the one that brought the copies in line), at most {@link #JOB_ENDS_WITHIN}; returns the job then.
     */
    private static Optional<RefreshJob> awaitJobDone(KillableSystem system, LinkedStoreSeed.Seeded seeded, long version)
            throws InterruptedException {
        long deadline = System.nanoTime() + JOB_ENDS_WITHIN.toNanos();
        while (!jobDone(system, seeded, version) && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        return system.job(seeded.storeRef(), seeded.store().id());
    }

    /** Whether the store's job is done with a pass for {@code version} or later. */
    private static boolean jobDone(KillableSystem system, LinkedStoreSeed.Seeded seeded, long version) {
        return system.job(seeded.storeRef(), seeded.store().id())
                .map(job -> job.status() == RefreshJob.Status.DONE && job.passVersion() >= version)
                .orElse(version == 0);
    }

    /** The {@code sourceVersion} of each customer-side copy of the store (a test's Scan). */
    private static List<Long> copyVersions(KillableSystem system, LinkedStoreSeed.Seeded big) {
        List<Long> versions = new ArrayList<>();
        system.dynamo()
                .scanPaginator(request -> request.tableName(KillableSystem.TABLE)
                        .consistentRead(true)
                        .filterExpression("#type = :ref")
                        .expressionAttributeNames(Map.of("#type", Attributes.TYPE))
                        .expressionAttributeValues(Map.of(":ref", Values.s(big.storeRef()))))
                .items()
                .forEach(item -> versions.add(Values.number(item, Attributes.SOURCE_VERSION)));
        return versions;
    }

    private static boolean runningFor(Optional<RefreshJob> job, long version) {
        return job.isPresent()
                && job.get().status() == RefreshJob.Status.RUNNING
                && job.get().passVersion() == version;
    }

    private static String describe(RefreshJob job) {
        return job.status().value() + ", pass " + job.pass() + ", " + job.copiesDone() + " of " + job.copiesTotal()
                + " copies done";
    }
}
