package io.entitytable.api.limit;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.InMemoryEntityTable;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RequestLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Eight API instances of one JVM sharing one business's bucket on the local DynamoDB engine, in real time: a business
 * sending ten times its share gets its share, a business beside it on the same instance all its requests, and leases
 * of many tokens keep the writes far below the requests.
 */
class RequestLimiterInstancesTest {
    private static final int SHARE = RequestLimits.PER_BUSINESS_PER_SECOND;
    private static final int INSTANCES = 8;
    private static final long RUN_MILLIS = 13_000;
    /** The instances' first leases are sized by the demand they have not yet seen: judged after this. */
    private static final long STEADY_AFTER_MILLIS = 2_500;

    private static InMemoryEntityTable local;

    @BeforeAll
    static void startTable() {
        local = InMemoryEntityTable.start();
    }

    @AfterAll
    static void stopTable() {
        local.close();
    }

    @Test
    void aBusinessAtTenTimesItsShareFromEightInstances_shouldGetItsShare_withOneWritePerFiftyAdmitted()
            throws Exception {
        // GIVEN eight instances, each with its own leases, and two businesses
        ItemKey loud = RequestLimits.businessKey(Ids.newId());
        ItemKey quiet = RequestLimits.businessKey(Ids.newId());
        List<CountingClient> clients = new ArrayList<>();
        List<RequestLimiter> instances = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            CountingClient client = new CountingClient(local.client());
            clients.add(client);
            instances.add(
                    new RequestLimiter(new EntityTable(client, local.table().name()), new RateClock()));
        }
        ConcurrentLinkedQueue<Long> admitted = new ConcurrentLinkedQueue<>();
        AtomicInteger refusedWithAWrite = new AtomicInteger();
        AtomicInteger refused = new AtomicInteger();
        AtomicInteger quietSent = new AtomicInteger();
        AtomicInteger quietAdmitted = new AtomicInteger();
        AtomicInteger steadyWrites = new AtomicInteger();
        AtomicInteger steadyAdmitted = new AtomicInteger();
        long start = System.currentTimeMillis();

        // WHEN the loud business sends ten times its share, spread over the eight instances, and the quiet one half
        // its share through the first instance, for 13 s
        ScheduledExecutorService senders = Executors.newScheduledThreadPool(INSTANCES + 1);
        try {
            long loudPeriodMicros = 1_000_000L * INSTANCES / (10 * SHARE);
            for (int i = 0; i < INSTANCES; i++) {
                RequestLimiter instance = instances.get(i);
                CountingClient client = clients.get(i);
                senders.scheduleAtFixedRate(
                        () -> {
                            long at = System.currentTimeMillis() - start;
                            int writesBefore = client.updatesOf(loud);
                            boolean passed = instance.charge(loud, SHARE);
                            int writes = client.updatesOf(loud) - writesBefore;
                            if (passed) {
                                admitted.add(at);
                            } else {
                                refused.incrementAndGet();
                                refusedWithAWrite.addAndGet(writes > 0 ? 1 : 0);
                            }
                            if (at >= STEADY_AFTER_MILLIS) {
                                steadyWrites.addAndGet(writes);
                                steadyAdmitted.addAndGet(passed ? 1 : 0);
                            }
                        },
                        i * loudPeriodMicros / INSTANCES,
                        loudPeriodMicros,
                        TimeUnit.MICROSECONDS);
            }
            senders.scheduleAtFixedRate(
                    () -> {
                        quietSent.incrementAndGet();
                        quietAdmitted.addAndGet(instances.get(0).charge(quiet, SHARE) ? 1 : 0);
                    },
                    0,
                    2_000 / SHARE,
                    TimeUnit.MILLISECONDS);
            Thread.sleep(RUN_MILLIS); // the load runs for this long; nothing is awaited
        } finally {
            senders.shutdownNow();
            senders.awaitTermination(5, TimeUnit.SECONDS);
        }

        // THEN over every 10 s of the steady state, the loud business got its share within 10 %
        List<Long> times = new ArrayList<>(admitted);
        List<Integer> windows = new ArrayList<>();
        for (long from = STEADY_AFTER_MILLIS; from + 10_000 <= RUN_MILLIS; from += 100) {
            long begin = from;
            windows.add((int) times.stream()
                    .filter(at -> at >= begin && at < begin + 10_000)
                    .count());
        }
        System.out.printf(
                "8 instances: admitted per 10 s %s..%s (share %d); steady writes %d for %d admitted (1 per %.1f);"
                        + " refused %d, of which with a write %d; quiet %d of %d%n",
                windows.stream().min(Integer::compare).orElseThrow(),
                windows.stream().max(Integer::compare).orElseThrow(),
                10 * SHARE,
                steadyWrites.get(),
                steadyAdmitted.get(),
                steadyAdmitted.get() / (double) Math.max(1, steadyWrites.get()),
                refused.get(),
                refusedWithAWrite.get(),
                quietAdmitted.get(),
                quietSent.get());
        assertThat(windows).isNotEmpty().allSatisfy(count -> assertThat(count)
                .isBetween((int) (10 * SHARE * 0.9), (int) (10 * SHARE * 1.1)));
        // and at most one write for every 50 requests it admitted
        assertThat(steadyWrites.get() * 50).isLessThanOrEqualTo(steadyAdmitted.get());
        // and the refused were refused from memory: the only ones that wrote are those that found no token and leased
        assertThat(refused.get()).isGreaterThan(8 * steadyAdmitted.get());
        assertThat(refusedWithAWrite.get()).isLessThanOrEqualTo(steadyWrites.get() + INSTANCES);
        // and the business beside it, on the same instance, got every request answered
        assertThat(quietAdmitted.get()).isEqualTo(quietSent.get()).isGreaterThan(0);
    }
}
