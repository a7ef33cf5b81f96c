package io.entitytable.api.limit;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.InMemoryEntityTable;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RequestLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Eight API instances of one JVM sharing one business's bucket on the local DynamoDB engine, over 33 s of a clock the
 * test moves from one request to the next: a business sending ten times its share gets its share, a business beside it
 * all its requests, and leases of many tokens keep the writes far below the requests. The requests reach the instances
 * either each instance's at a steady pace, as a load balancer spreads them, or each to an instance drawn at random, as
 * Lambda's front door hands a request to whichever execution environment is free. A lease is sized by the requests of
 * the last whole seconds, so where in its second the run starts moves a lease or two: the run is made from several
 * starting points, and long enough (30 s of steady state) that one lease more or less is not what its ratio measures.
 * Instances racing at one instant are {@link RequestLimiterTest}'s.
 */
class RequestLimiterInstancesTest {
    private static final int SHARE = RequestLimits.PER_BUSINESS_PER_SECOND;
    private static final int INSTANCES = 8;
    private static final long RUN_MICROS = 33_000_000;
    /** The instances' first leases are sized by the demand they have not yet seen: judged after this. */
    private static final long STEADY_AFTER_MICROS = 2_500_000;

    private static InMemoryEntityTable local;

    @BeforeAll
    static void startTable() {
        local = InMemoryEntityTable.start();
    }

    @AfterAll
    static void stopTable() {
        local.close();
    }

    /** How the business's requests reach the instances. */
    enum Routing {
        /** Each instance's requests at a steady pace, the instances staggered. */
        STEADY,
        /** Each request to an instance drawn at random (the run's starting point seeds the draw). */
        RANDOM
    }

    @ParameterizedTest(name = "{0}, starting {1} ms into a second")
    @CsvSource({
        "STEADY, 0",
        "STEADY, 200",
        "STEADY, 400",
        "STEADY, 600",
        "STEADY, 800",
        "RANDOM, 0",
        "RANDOM, 300",
        "RANDOM, 700"
    })
    void aBusinessAtTenTimesItsShareFromEightInstances_shouldGetItsShare_withOneWritePerFiftyAdmitted(
            Routing routing, int startMillis) {
        // GIVEN eight instances, each with its own leases and client, on one clock starting that far into a second; and
        // two businesses
        MovingClock clock = new MovingClock(startMillis);
        ItemKey loud = RequestLimits.businessKey(Ids.newId());
        ItemKey quiet = RequestLimits.businessKey(Ids.newId());
        List<CountingClient> clients = new ArrayList<>();
        List<RequestLimiter> instances = new ArrayList<>();
        for (int i = 0; i < INSTANCES; i++) {
            CountingClient client = new CountingClient(local.client());
            clients.add(client);
            instances.add(
                    new RequestLimiter(new EntityTable(client, local.table().name()), clock));
        }
        long start = clock.micros;
        // The loud business's requests: ten times its share over the eight instances, each instance's evenly spaced and
        // the instances staggered, or one stream each to an instance drawn at random; the quiet one's: half its share,
        // through the first instance.
        long loudEvery = 1_000_000L * INSTANCES / (10 * SHARE);
        long quietEvery = 2_000_000L / SHARE;
        SplittableRandom draw = new SplittableRandom(startMillis);
        PriorityQueue<long[]> requests = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
        if (routing == Routing.STEADY) {
            for (int i = 0; i < INSTANCES; i++) {
                requests.add(new long[] {i * loudEvery / INSTANCES, i});
            }
        } else {
            requests.add(new long[] {0, draw.nextInt(INSTANCES)});
        }
        requests.add(new long[] {0, -1});

        // WHEN they are sent in time order for 33 s
        List<Long> admitted = new ArrayList<>();
        int refused = 0;
        int refusedWithAWrite = 0;
        int steadyWrites = 0;
        int steadyAdmitted = 0;
        int quietSent = 0;
        int quietAdmitted = 0;
        while (requests.peek()[0] < RUN_MICROS) {
            long[] next = requests.poll();
            long at = next[0];
            int instance = (int) next[1];
            clock.micros = start + at;
            if (instance < 0) {
                quietSent++;
                quietAdmitted += instances.get(0).charge(quiet, SHARE) ? 1 : 0;
                requests.add(new long[] {at + quietEvery, instance});
                continue;
            }
            CountingClient client = clients.get(instance);
            int writesBefore = client.updatesOf(loud);
            boolean passed = instances.get(instance).charge(loud, SHARE);
            int writes = client.updatesOf(loud) - writesBefore;
            if (passed) {
                admitted.add(at);
            } else {
                refused++;
                refusedWithAWrite += writes > 0 ? 1 : 0;
            }
            if (at >= STEADY_AFTER_MICROS) {
                steadyWrites += writes;
                steadyAdmitted += passed ? 1 : 0;
            }
            requests.add(
                    routing == Routing.STEADY
                            ? new long[] {at + loudEvery, instance}
                            : new long[] {at + loudEvery / INSTANCES, draw.nextInt(INSTANCES)});
        }

        // THEN over every 10 s of the steady state, the loud business got its share within 10 %
        List<Integer> windows = new ArrayList<>();
        for (long from = STEADY_AFTER_MICROS; from + 10_000_000 <= RUN_MICROS; from += 100_000) {
            long begin = from;
            windows.add((int) admitted.stream()
                    .filter(at -> at >= begin && at < begin + 10_000_000)
                    .count());
        }
        System.out.printf(
                "8 instances, %s, from %d ms: admitted per 10 s %s..%s (share %d); steady writes %d for %d admitted (1 per %.1f);"
                        + " refused %d, of which with a write %d; quiet %d of %d%n",
                routing,
                startMillis,
                windows.stream().min(Integer::compare).orElseThrow(),
                windows.stream().max(Integer::compare).orElseThrow(),
                10 * SHARE,
                steadyWrites,
                steadyAdmitted,
                steadyAdmitted / (double) Math.max(1, steadyWrites),
                refused,
                refusedWithAWrite,
                quietAdmitted,
                quietSent);
        assertThat(windows).isNotEmpty().allSatisfy(count -> assertThat(count)
                .isBetween((int) (10 * SHARE * 0.9), (int) (10 * SHARE * 1.1)));
        // and at most one write for every 50 requests it admitted
        assertThat(steadyWrites * 50).isLessThanOrEqualTo(steadyAdmitted);
        // and the refused were refused from memory: the only ones that wrote found no token and leased
        assertThat(refused).isGreaterThan(8 * steadyAdmitted);
        assertThat(refusedWithAWrite).isLessThanOrEqualTo(INSTANCES);
        // and the business beside it, on the same instance, got every request answered
        assertThat(quietAdmitted).isEqualTo(quietSent).isPositive();
    }

    /** The instances' clock, moved by the test to each request's time. */
    private static final class MovingClock extends RateClock {
        long micros;

        MovingClock(int startMillis) {
            micros = (System.currentTimeMillis() / 1_000 * 1_000 + startMillis) * 1_000;
        }

        @Override
        public long nowMicros() {
            return micros;
        }
    }
}
