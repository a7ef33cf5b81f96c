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
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
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
    void charge_shouldLetTheLimitThrough_thenRefuse_withinOneSecond() {
        // GIVEN
        RequestLimiter limiter = new RequestLimiter(table, clock);
        ItemKey key = freshKey();

        // WHEN twice the limit is charged in one second
        List<Boolean> answers = new ArrayList<>();
        for (int i = 0; i < 2 * LIMIT; i++) {
            answers.add(limiter.charge(key, LIMIT));
        }

        // THEN the first LIMIT pass, the rest are refused, and the item counts exactly the limit of this second
        assertThat(answers.subList(0, LIMIT)).containsOnly(true);
        assertThat(answers.subList(LIMIT, answers.size())).containsOnly(false);
        Map<String, AttributeValue> item = table.find(key).orElseThrow();
        assertThat(Values.number(item, Attributes.RATE_COUNT)).isEqualTo(LIMIT);
        assertThat(Values.number(item, Attributes.RATE_WINDOW)).isEqualTo(clock.second);
        assertThat(Values.string(item, Attributes.KIND)).isEqualTo(ItemKind.RATE.value());
    }

    @Test
    void charge_shouldStartTheNextSecondAtOne_whenTheItemCountsAnEarlierOne() {
        // GIVEN an item at its limit
        RequestLimiter limiter = new RequestLimiter(table, clock);
        ItemKey key = freshKey();
        for (int i = 0; i < LIMIT; i++) {
            limiter.charge(key, LIMIT);
        }
        assertThat(limiter.charge(key, LIMIT)).isFalse();

        // WHEN the next second comes
        clock.second += 1;
        boolean answer = limiter.charge(key, LIMIT);

        // THEN the request passes, counted as the first of the new second
        assertThat(answer).isTrue();
        Map<String, AttributeValue> item = table.find(key).orElseThrow();
        assertThat(Values.number(item, Attributes.RATE_COUNT)).isEqualTo(1);
        assertThat(Values.number(item, Attributes.RATE_WINDOW)).isEqualTo(clock.second);
    }

    @Test
    void charge_shouldCountOnTheRivalsSecond_whenARivalStartsTheSecondFirst() {
        // GIVEN an item of an earlier second, and a rival that starts the new second between our failed count and our
        // start of the second (the race of two requests opening a second)
        ItemKey key = freshKey();
        new RequestLimiter(table, clock).charge(key, LIMIT);
        clock.second += 1;
        RequestLimiter rival = new RequestLimiter(table, clock);
        DynamoDbClient racing = new RacingClient(local.client(), () -> rival.charge(key, LIMIT));
        RequestLimiter limiter = new RequestLimiter(new EntityTable(racing, table.name()), clock);

        // WHEN
        boolean answer = limiter.charge(key, LIMIT);

        // THEN both requests are counted once each in the new second
        assertThat(answer).isTrue();
        Map<String, AttributeValue> item = table.find(key).orElseThrow();
        assertThat(Values.number(item, Attributes.RATE_COUNT)).isEqualTo(2);
        assertThat(Values.number(item, Attributes.RATE_WINDOW)).isEqualTo(clock.second);
    }

    @Test
    void charge_shouldLetExactlyTheLimitThrough_whenManyRequestsRaceOnANewSecond() throws Exception {
        // GIVEN an item of an earlier second
        RequestLimiter limiter = new RequestLimiter(table, clock);
        ItemKey key = freshKey();
        limiter.charge(key, LIMIT);
        clock.second += 1;

        // WHEN four times the limit is charged at once
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Future<Boolean>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < 4 * LIMIT; i++) {
                answers.add(pool.submit(() -> limiter.charge(key, LIMIT)));
            }
            // THEN exactly the limit passed, and the item says so
            int passed = 0;
            for (Future<Boolean> answer : answers) {
                passed += answer.get() ? 1 : 0;
            }
            assertThat(passed).isEqualTo(LIMIT);
        } finally {
            pool.shutdownNow();
        }
        assertThat(Values.number(table.find(key).orElseThrow(), Attributes.RATE_COUNT))
                .isEqualTo(LIMIT);
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

    private static ItemKey freshKey() {
        return RequestLimits.businessKey(Ids.newId());
    }

    /** A second that stays put until the test moves it. */
    private static final class HeldClock extends RateWindowClock {
        long second = System.currentTimeMillis() / 1000;

        @Override
        public long currentSecond() {
            return second;
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

    /**
     * The table's client, except that the first UpdateItem that starts a second ({@code SET #w = ...}) first runs
     * {@code before}: another request's charge, or a failure.
     */
    private static final class RacingClient implements DynamoDbClient {
        private final DynamoDbClient client;
        private final Callable<?> before;
        private final AtomicBoolean raced = new AtomicBoolean();

        RacingClient(DynamoDbClient client, Callable<?> before) {
            this.client = client;
            this.before = before;
        }

        @Override
        public UpdateItemResponse updateItem(UpdateItemRequest request) {
            if (request.updateExpression().startsWith("SET #w") && !raced.getAndSet(true)) {
                try {
                    before.call();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            return client.updateItem(request);
        }

        @Override
        public String serviceName() {
            return client.serviceName();
        }

        @Override
        public void close() {}
    }
}
