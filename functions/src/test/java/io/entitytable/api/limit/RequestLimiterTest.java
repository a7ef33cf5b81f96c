package io.entitytable.api.limit;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.InMemoryEntityTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.RequestLimits;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/** The limiter's counting against a real table (the local DynamoDB engine in this JVM), with a clock the test holds. */
class RequestLimiterTest {
    private static final int LIMIT = 5;

    private static InMemoryEntityTable local;
    private static EntityTable table;

    private final HeldClock clock = new HeldClock();

    @BeforeAll
    static void startTable() {
        local = InMemoryEntityTable.start();
        table = local.table();
    }

    @AfterAll
    static void stopTable() {
        local.close();
    }

    @Test
    void charge_shouldLetTheLimitThrough_thenRefuse_whileTheClockStands() {
        // GIVEN
        RequestLimiter limiter = new RequestLimiter(table, clock);
        ItemKey key = freshKey();

        // WHEN twice the limit is charged at one instant
        List<Boolean> answers = new ArrayList<>();
        for (int i = 0; i < 2 * LIMIT; i++) {
            answers.add(limiter.charge(key, LIMIT));
        }

        // THEN the bucket's second of tokens passes, the rest is refused, and the item is a rate item granted ahead
        assertThat(answers.subList(0, LIMIT)).containsOnly(true);
        assertThat(answers.subList(LIMIT, answers.size())).containsOnly(false);
        Map<String, AttributeValue> item = table.find(key).orElseThrow();
        assertThat(Values.number(item, Attributes.RATE_GRANTED_UNTIL)).isGreaterThan(clock.micros);
        assertThat(Values.string(item, Attributes.KIND)).isEqualTo(ItemKind.RATE.value());
    }

    @Test
    void charge_shouldLetTheNextSecondsShareThrough_aSecondLater() {
        // GIVEN an instance that spent its business's share
        RequestLimiter limiter = new RequestLimiter(table, clock);
        ItemKey key = freshKey();
        for (int i = 0; i < LIMIT; i++) {
            limiter.charge(key, LIMIT);
        }
        assertThat(limiter.charge(key, LIMIT)).isFalse();

        // WHEN a second goes by, THEN one second of the share passes again, and no more
        clock.micros += 1_000_000;
        List<Boolean> answers = new ArrayList<>();
        for (int i = 0; i < 2 * LIMIT; i++) {
            answers.add(limiter.charge(key, LIMIT));
        }
        assertThat(answers).filteredOn(Boolean::booleanValue).hasSize(LIMIT);
    }

    @Test
    void charge_shouldRefuseFromMemory_writingNothing_onceTheShareIsSpent() {
        // GIVEN an instance that spent its business's share, through a client that counts the writes
        CountingClient counting = new CountingClient(local.client());
        RequestLimiter limiter = new RequestLimiter(new EntityTable(counting, table.name()), clock);
        ItemKey key = freshKey();
        for (int i = 0; i < LIMIT; i++) {
            assertThat(limiter.charge(key, LIMIT)).isTrue();
        }
        int leases = counting.updates.get();

        // WHEN ten times the limit more is charged
        for (int i = 0; i < 10 * LIMIT; i++) {
            assertThat(limiter.charge(key, LIMIT)).isFalse();
        }

        // THEN no refusal wrote anything
        assertThat(counting.updates.get()).isEqualTo(leases).isPositive();
    }

    @Test
    void charge_shouldLetExactlyTheLimitThrough_whenManyRequestsRaceOnAFreshItem() throws Exception {
        // GIVEN a business no request was charged to yet
        RequestLimiter limiter = new RequestLimiter(table, clock);
        ItemKey key = freshKey();

        // WHEN four times the limit is charged at once
        assertThat(passedAtOnce(4 * LIMIT, i -> limiter.charge(key, LIMIT))).isEqualTo(LIMIT);
    }

    @Test
    void charge_shouldLetExactlyTheLimitThrough_whenEightInstancesRaceOnOneItem() throws Exception {
        // GIVEN eight API instances, each with its own leases of one business's bucket
        ItemKey key = freshKey();
        List<RequestLimiter> instances = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            instances.add(new RequestLimiter(table, clock));
        }

        // WHEN each charges the limit at the same instant
        int passed = passedAtOnce(8 * LIMIT, i -> instances.get(i % 8).charge(key, LIMIT));

        // THEN the business got one second of its share between them
        assertThat(passed).isEqualTo(LIMIT);
    }

    @Test
    void charge_shouldSpreadAShareOneItemCannotTakeOverBuckets_eachInstanceLeasingFromOne() throws Exception {
        // GIVEN a share of 2,000 a second, which one item could not take when every request leases alone, and one
        // instance on each of its buckets
        int share = 2_000;
        String business = Ids.newId();
        RequestCharge charge = new RequestCharge(
                List.of(
                        RequestLimits.businessKey(business, 0),
                        RequestLimits.businessKey(business, 1),
                        RequestLimits.businessKey(business, 2)),
                share,
                "business " + business);
        assertThat(RequestLimits.buckets(share)).isEqualTo(charge.buckets().size());
        List<RequestLimiter> instances = List.of(
                new RequestLimiter(table, clock, 0),
                new RequestLimiter(table, clock, 1),
                new RequestLimiter(table, clock, 2));

        // WHEN each sends the whole share at one instant
        int passed = passedAtOnce(3 * share, i -> instances.get(i % 3).charge(charge));

        // THEN the business got its share between them, one bucket's each, and each bucket is an item of its own
        assertThat(passed).isEqualTo(share);
        assertThat(charge.buckets())
                .allSatisfy(key -> assertThat(table.find(key)).isPresent());
    }

    @Test
    void charge_shouldLetTheRequestThrough_whenDynamoDbThrottlesTheCharge() {
        // GIVEN a table that throttles every write
        DynamoDbClient throttled = new ThrottlingClient();
        RequestLimiter limiter = new RequestLimiter(new EntityTable(throttled, table.name()), clock);
        ItemKey key = freshKey();

        // WHEN / THEN every request passes, uncounted
        for (int i = 0; i < 2 * LIMIT; i++) {
            assertThat(limiter.charge(key, LIMIT)).isTrue();
        }
        assertThat(table.find(key)).isEmpty();
    }

    @Test
    void charge_shouldLetTheRequestThrough_whenTheTableCannotBeWritten() {
        // GIVEN a table that does not exist
        RequestLimiter limiter = new RequestLimiter(new EntityTable(local.client(), "NoSuchTable"), clock);

        // WHEN / THEN
        assertThat(limiter.charge(freshKey(), LIMIT)).isTrue();
    }

    private static int passedAtOnce(int requests, IntPredicate charge) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> answers = new ArrayList<>();
            for (int i = 0; i < requests; i++) {
                int request = i;
                answers.add(pool.submit(() -> charge.test(request)));
            }
            int passed = 0;
            for (Future<Boolean> answer : answers) {
                passed += answer.get() ? 1 : 0;
            }
            return passed;
        } finally {
            pool.shutdownNow();
        }
    }

    private static ItemKey freshKey() {
        return RequestLimits.businessKey(Ids.newId());
    }

    /** A time that stays put until the test moves it. */
    private static final class HeldClock extends RateClock {
        long micros = System.currentTimeMillis() * 1_000;

        @Override
        public long nowMicros() {
            return micros;
        }
    }

    /** A client whose every UpdateItem is throttled beyond the SDK's retries. */
    private static final class ThrottlingClient implements DynamoDbClient {
        @Override
        public UpdateItemResponse updateItem(UpdateItemRequest request) {
            throw ProvisionedThroughputExceededException.builder()
                    .message("throttled on purpose")
                    .build();
        }

        @Override
        public String serviceName() {
            return DynamoDbClient.SERVICE_NAME;
        }

        @Override
        public void close() {}
    }
}
