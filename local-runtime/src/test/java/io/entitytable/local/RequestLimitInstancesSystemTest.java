package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.local.function.PackagedFunction;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RequestLimits;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The request limit through the front door of a local system whose API runs eight execution environments ({@code
 * start --api-instances 8}), each a JVM with its own leases, as Lambda runs a busy function: a business sending ten
 * times its share, many requests at once, gets no more than its share over any 10 s, a business beside it at half its
 * share has every request of the steady state answered, and the leases keep the rate item's writes far below the admitted requests and the refused
 * ones: less tight than {@code RequestLimiterInstancesTest} of the API's own tests, and so stated in design section 8,
 * "Request limits". The writes are counted between the functions and the DynamoDB engine ({@link
 * CountingDynamoDbProxy}): every UpdateItem of the business's rate item, a lease its condition refused included. A
 * share of 20 a second (a system property of this JVM, read when the system starts) keeps the load near what one
 * machine of two cores serves; a scale check, with the machine to itself.
 */
@Tag("scale")
class RequestLimitInstancesSystemTest {
    private static final int SHARE = 20;
    private static final int INSTANCES = 8;
    /**
     * The loud client's requests unanswered at once, at the most: a request due while all are is not sent (a client at
     * a steady rate that never catches up in a burst).
     */
    private static final int LOUD_UNANSWERED = 32;

    private static final int QUIET_UNANSWERED = 8;
    private static final long RUN_NANOS = TimeUnit.SECONDS.toNanos(40);
    /**
     * Judged after this. Eight new JVMs on two cores answer far below the offered rate while they compile the request
     * path (about a tenth of it in the first seconds, most of it after 25 s), so each sees too few of the business's
     * requests to lease more than a few tokens at a time: a deployed function's environments, each with its own share
     * of a core or more, are past this within seconds.
     */
    private static final long STEADY_AFTER_NANOS = TimeUnit.SECONDS.toNanos(25);

    private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    Path dataFolder;

    @Test
    void aBusinessAtTenTimesItsShareThroughEightApiInstances_shouldGetNoMoreThanItsShare_leavingItsNeighbourAnswered()
            throws Exception {
        // GIVEN the system with eight API environments, a business's share of 20 a second, and two businesses
        Map<String, Integer> limits = Map.of(FunctionEnvironment.RATE_LIMIT_PER_BUSINESS_PROPERTY, SHARE);
        limits.forEach((property, value) -> System.setProperty(property, Integer.toString(value)));
        LocalOptions options = new LocalOptions(
                        TestRepository.root(), dataFolder, true, 0, LocalDynamoDb.freePort(), "Entity")
                .withApiInstances(INSTANCES);
        try (CountingDynamoDbProxy proxy =
                        CountingDynamoDbProxy.start(URI.create("http://localhost:" + options.dynamoDbPort()));
                LocalSystem system =
                        LocalSystem.startPreloaded(options, System.out, client -> {}, ignored -> proxy.endpoint())) {
            assertThat(system.apiEnvironments()).hasSize(INSTANCES).allSatisfy(PackagedFunction::isAlive);
            FrontDoorClient operator = FrontDoorClient.operatorOf(system);
            String loud = operator.createBusiness("Loud");
            String quiet = operator.createBusiness("Quiet");
            String loudMember = system.issuer().businessToken(List.of(loud));
            String quietMember = system.issuer().businessToken(List.of(quiet));

            // WHEN the loud business's member sends ten times its share for 40 s, a request every 5 ms with at most 32
            // unanswered at once, and the quiet one's member half its share, at most 8 unanswered
            long start = System.nanoTime();
            long loudEvery = TimeUnit.SECONDS.toNanos(1) / (10L * SHARE);
            long quietEvery = TimeUnit.SECONDS.toNanos(2) / SHARE;
            ExecutorService senders = Executors.newFixedThreadPool(2);
            Future<Sent> loudSent =
                    senders.submit(() -> send(system, loud, loudMember, start, loudEvery, LOUD_UNANSWERED));
            Future<Sent> quietSent =
                    senders.submit(() -> send(system, quiet, quietMember, start, quietEvery, QUIET_UNANSWERED));
            // The leases the environments take once they have seen a second of the business's requests are judged
            ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
            ItemKey loudItem = RequestLimits.businessKey(loud);
            Future<Long> writesBeforeSteady = clock.schedule(
                    () -> proxy.updates(loudItem),
                    start + STEADY_AFTER_NANOS - System.nanoTime(),
                    TimeUnit.NANOSECONDS);
            Sent loudClient = loudSent.get();
            List<long[]> answers = loudClient.answers();
            Sent quietClient = quietSent.get();
            List<long[]> quietAnswers = quietClient.answers();
            senders.shutdown();
            clock.shutdown();

            // THEN over every 10 s of the steady state the loud business got its share, within 10 %
            List<Long> admitted = answers.stream()
                    .filter(answer -> answer[1] == 200)
                    .map(answer -> answer[0] - start)
                    .toList();
            List<Integer> windows = new ArrayList<>();
            for (long from = STEADY_AFTER_NANOS; from + WINDOW_NANOS <= RUN_NANOS; from += WINDOW_NANOS / 100) {
                long begin = from;
                windows.add((int) admitted.stream()
                        .filter(at -> at >= begin && at < begin + WINDOW_NANOS)
                        .count());
            }
            long refused = answers.stream().filter(answer -> answer[1] == 429).count();
            long writes = proxy.updates(loudItem);
            long steadyWrites = writes - writesBeforeSteady.get();
            long steadyAdmitted =
                    admitted.stream().filter(at -> at >= STEADY_AFTER_NANOS).count();
            System.out.printf(
                    "[test] %d API instances: loud sent %d (%d not sent), %d of them after the first %.1f s; admitted per"
                            + " 10 s %s..%s"
                            + " (share %d), refused %d; lease"
                            + " writes %d, %d of them after the first %.1f s, for the %d admitted there (1 per %.1f);"
                            + " quiet %d of %d answered (%d not sent)%n",
                    INSTANCES,
                    answers.size(),
                    loudClient.skipped(),
                    answers.stream()
                            .filter(answer -> answer[0] - start >= STEADY_AFTER_NANOS)
                            .count(),
                    STEADY_AFTER_NANOS / 1e9,
                    windows.stream().min(Integer::compare).orElseThrow(),
                    windows.stream().max(Integer::compare).orElseThrow(),
                    10 * SHARE,
                    refused,
                    writes,
                    steadyWrites,
                    STEADY_AFTER_NANOS / 1e9,
                    steadyAdmitted,
                    steadyAdmitted / (double) Math.max(1, steadyWrites),
                    quietAnswers.stream().filter(answer -> answer[1] == 200).count(),
                    quietAnswers.size(),
                    quietClient.skipped());
            // THEN no 10 s of the steady state admitted more than the share and a tenth, nor less than 85 % of it (not
            // 90 %: the windows come close to it where the machine answers least, design section 8; in one JVM it is
            // the share within 2 %: here the business's tokens of the moment are one environment's lease, and an
            // admitted request takes that environment some 50 ms on this machine against 2 ms for a refused one, so it
            // can barely admit the share by itself and some of its tokens go stale)
            assertThat(steadyAdmitted).isPositive();
            assertThat(windows).isNotEmpty().allSatisfy(count -> assertThat(count)
                    .isBetween(17 * SHARE / 2, 11 * SHARE));
            // AND every other answer was the function's 429
            assertThat(answers).allSatisfy(answer -> assertThat(answer[1]).isIn(200L, 429L));
            // AND the leases wrote less than one write for ten admitted requests, and the refused requests, many times
            // all the writes, were refused from memory
            assertThat(steadyWrites * 10).isLessThanOrEqualTo(steadyAdmitted);
            assertThat(refused).isGreaterThan(10L * writes);
            // AND the business beside it, which sent at least half of what it was to send, had every request of the
            // steady state answered, and at most one in a hundred refused while the JVMs warmed (likely as their front
            // door
            // hands out queued requests in bursts, and leases sized by bursts can take tokens ahead of the share,
            // design
            // section 8)
            assertThat(quietAnswers).hasSizeGreaterThanOrEqualTo((int) (RUN_NANOS / quietEvery / 2));
            assertThat(quietAnswers)
                    .filteredOn(answer -> answer[0] - start >= STEADY_AFTER_NANOS)
                    .isNotEmpty()
                    .allSatisfy(answer -> assertThat(answer[1]).isEqualTo(200L));
            assertThat(quietAnswers).allSatisfy(answer -> assertThat(answer[1]).isIn(200L, 429L));
            assertThat(quietAnswers.stream().filter(answer -> answer[1] == 429).count() * 100)
                    .isLessThanOrEqualTo(quietAnswers.size());
        } finally {
            limits.keySet().forEach(System::clearProperty);
        }
    }

    /**
     * What a client sent: each answer's send time and status (-1 when no answer came), and the requests it did not send
     * because as many as it keeps unanswered were, or its schedule had slipped by more than one interval.
     */
    private record Sent(List<long[]> answers, int skipped) {}

    /**
     * GETs of the business from {@code first} on, one every {@code every} for the run, sent at their time whether or not
     * earlier ones were answered (as many clients do), at most {@code unanswered} at once.
     */
    private Sent send(LocalSystem system, String business, String token, long first, long every, int unanswered)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(
                        URI.create("http://localhost:" + system.apiPort() + "/businesses/" + business))
                .header("Authorization", "Bearer " + token)
                .build();
        Semaphore free = new Semaphore(unanswered);
        List<long[]> answers = Collections.synchronizedList(new ArrayList<>());
        List<CompletableFuture<?>> pending = new ArrayList<>();
        int skipped = 0;
        for (long at = first; at < first + RUN_NANOS; at += every) {
            long wait = at - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait); // pacing the load, as a client at a steady rate
            }
            if (wait < -every || !free.tryAcquire()) {
                skipped++;
                continue;
            }
            long sent = System.nanoTime();
            pending.add(http.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                    .whenComplete((response, failure) -> {
                        answers.add(new long[] {sent, failure == null ? response.statusCode() : -1});
                        free.release();
                    }));
        }
        CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new))
                .exceptionally(failure -> null)
                .join();
        return new Sent(List.copyOf(answers), skipped);
    }
}
