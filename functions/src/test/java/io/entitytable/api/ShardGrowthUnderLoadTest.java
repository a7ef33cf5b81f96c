package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A business grows from 1 to 16 shards while four clients write to it: afterwards each of its lists holds every
 * subject exactly once, read straight from the local DynamoDB engine's indexes and read from indexes that lag behind the table
 * ({@link LaggingIndexes}). Tag lists need the fan-out's copies, which these tests do not run: the local runtime's
 * {@code ShardGrowthSystemTest} lists the tagged orders of a growing business.
 */
@QuarkusTest
@TestProfile(ShortShardCacheProfile.class)
class ShardGrowthUnderLoadTest {
    private static final int CLIENTS = 4;
    private static final int ORDERS_AT_SIXTEEN = 24;

    @Inject
    DynamoDbClient dynamo;

    @AfterEach
    void indexesCaughtUp() {
        LaggingIndexes.lag(Duration.ZERO);
    }

    @ParameterizedTest(name = "indexes behind by {0} ms")
    @ValueSource(ints = {0, 400})
    void everyListHoldsEverySubjectOnce_afterAGrowthFromOneToSixteenUnderFourClients(int lagMillis) throws Exception {
        Duration lag = Duration.ofMillis(lagMillis);
        LaggingIndexes.lag(lag);
        String business = createBusiness("Flash sale " + lagMillis);
        Set<String> customers = Collections.synchronizedSet(new HashSet<>());
        Set<String> orders = Collections.synchronizedSet(new HashSet<>());
        Set<String> open = Collections.synchronizedSet(new HashSet<>());

        // WHEN four clients create customers and place orders until the business has grown to 16 shards
        AtomicBoolean grown = new AtomicBoolean();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS + 1);
        List<Future<?>> work = new ArrayList<>();
        try {
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                work.add(pool.submit(() -> {
                    int round = 0;
                    do {
                        String customer = createCustomer(business, "Client" + client, "Round" + round);
                        customers.add(customer);
                        for (String status : List.of("OPEN", "PAID")) {
                            String order = placeOrder(customer, status);
                            orders.add(order);
                            if (status.equals("OPEN")) {
                                open.add(order);
                            }
                        }
                        round++;
                    } while (!grown.get());
                    return null;
                }));
            }
            List<Future<?>> clients = List.copyOf(work);
            work.add(pool.submit(() -> {
                for (int shards = 2; shards <= 16; shards *= 2) {
                    BusinessCapacityTest.grow(business, shards).then().statusCode(200);
                    BusinessCapacityTest.waitForWriters(business, shards);
                }
                // Orders placed at 16 shards, enough to spread over them whatever the clients' pace: 24 orders in
                // fewer than 8 of 16 shards is a chance of about 3 in 100,000 (C(16,7) x (7/16)^24).
                int atSixteen = orders.size() + ORDERS_AT_SIXTEEN;
                while (orders.size() < atSixteen && clients.stream().noneMatch(Future::isDone)) {
                    LockSupport.parkNanos(Duration.ofMillis(1).toNanos()); // polls without taking a core from them
                }
                grown.set(true);
                return null;
            }));
            for (Future<?> done : work) {
                done.get();
            }
        } finally {
            grown.set(true);
            pool.shutdownNow();
        }
        Instant lastWrite = Instant.now();

        if (!lag.isZero()) {
            // THEN, right away, indexes behind have not caught up with the last writes: a list misses them and repeats
            // nothing
            List<String> early = all("/businesses/" + business + "/orders?limit=9");
            assertThat(early).doesNotHaveDuplicates().hasSizeLessThan(orders.size());
            assertThat(orders).containsAll(early);
            // and then they have (bounded by the double's lag, not a guess).
            Instant caughtUp = lastWrite.plus(lag);
            while (Instant.now().isBefore(caughtUp)) {
                LockSupport.parkNanos(Duration.between(Instant.now(), caughtUp).toNanos());
            }
        }
        // THEN the subjects went to many of the 16 shards, fixed on each when it was created
        Set<Integer> shards = new HashSet<>();
        for (String order : orders) {
            shards.add(Integer.parseInt(coreItem(order).get(Attributes.SHARD).n()));
        }
        assertThat(shards).hasSizeGreaterThanOrEqualTo(8).allMatch(shard -> shard < 16);
        assertThat(all("/businesses/" + business + "/customers?limit=7"))
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(customers);
        assertThat(all("/businesses/" + business + "/orders?limit=9"))
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(orders);
        assertThat(all("/businesses/" + business + "/orders?status=open&limit=5"))
                .doesNotHaveDuplicates()
                .containsExactlyInAnyOrderElementsOf(open);
        // The business with everything under it: itself, its customers and its orders.
        assertThat(all("/businesses/" + business + "/items?limit=11"))
                .doesNotHaveDuplicates()
                .hasSize(1 + customers.size() + orders.size());
    }

    /** Every id of a list, page after page. */
    private static List<String> all(String path) {
        List<String> ids = new ArrayList<>();
        String next = null;
        do {
            var request = given();
            if (next != null) {
                request.queryParam("next", next);
            }
            ExtractableResponse<Response> page =
                    request.get(path).then().statusCode(200).extract();
            ids.addAll(page.path("items.id"));
            next = page.path("next");
        } while (next != null);
        return ids;
    }

    private static String placeOrder(String customer, String status) {
        return post(
                        "/customers/" + customer + "/orders",
                        Map.of(
                                "shipTo",
                                "home",
                                "status",
                                status,
                                "tags",
                                List.of("rush"),
                                "lines",
                                List.of(Map.of("sku", "PEN-1", "quantity", 1, "unitPriceCents", 150))))
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    private Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> coreItem(String id) {
        return dynamo
                .query(request -> request.tableName(LocalDynamoResource.TABLE)
                        .keyConditionExpression("#id = :id")
                        .expressionAttributeNames(Map.of("#id", Attributes.ID))
                        .expressionAttributeValues(Map.of(":id", Values.s(id)))
                        .consistentRead(true))
                .items()
                .stream()
                .filter(item -> item.containsKey(Attributes.SHARD))
                .findFirst()
                .orElseThrow();
    }
}
