package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.behaviour.IndexLag;
import io.entitytable.model.Attributes;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
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
import org.junit.jupiter.params.provider.EnumSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A business grows from 1 to 16 shards while four clients write to it: afterwards each of its lists holds every
 * subject exactly once, once the indexes have caught up. The engine's global secondary indexes lag behind the table
 * ({@link LaggingIndexesProfile}): the lists' indexes by DynamoDB's lag, or by 400 ms and then held back, so that a
 * list read right after the load misses its last subjects. Tag lists need the fan-out's copies, which these tests do
 * not run: the local runtime's {@code ShardGrowthSystemTest} lists the tagged orders of a growing business.
 */
@QuarkusTest
@TestProfile(LaggingIndexesProfile.class)
class ShardGrowthUnderLoadTest {
    private static final int CLIENTS = 4;
    private static final int ORDERS_AT_SIXTEEN = 24;
    /** The indexes the lists read. */
    private static final List<String> LIST_INDEXES = List.of(TableLayout.BUSINESS_GSI, TableLayout.GSI1);

    /** How far the lists' indexes are behind the table during the load. */
    enum ListIndexLag {
        DYNAMODB(IndexLag.DYNAMODB),
        FOUR_HUNDRED_MS(IndexLag.fixed(Duration.ofMillis(400)));

        final IndexLag lag;

        ListIndexLag(IndexLag lag) {
            this.lag = lag;
        }
    }

    @Inject
    DynamoDbClient dynamo;

    @AfterEach
    void indexesAsDynamoDbs() {
        for (String index : LIST_INDEXES) {
            LocalDynamoResource.control().releaseIndex(LocalDynamoResource.TABLE, index);
            LocalDynamoResource.control().indexLag(LocalDynamoResource.TABLE, index, IndexLag.DYNAMODB);
        }
    }

    @ParameterizedTest(name = "list indexes behind by {0}")
    @EnumSource(ListIndexLag.class)
    void everyListHoldsEverySubjectOnce_afterAGrowthFromOneToSixteenUnderFourClients(ListIndexLag behind)
            throws Exception {
        for (String index : LIST_INDEXES) {
            LocalDynamoResource.control().indexLag(LocalDynamoResource.TABLE, index, behind.lag);
        }
        String business = createBusiness("Flash sale " + behind);
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

        if (behind == ListIndexLag.FOUR_HUNDRED_MS) {
            // THEN, right away, indexes behind have not caught up with the last writes (held where they are, so that
            // reading every page takes as long as it needs): a list misses them and repeats nothing
            LIST_INDEXES.forEach(index -> LocalDynamoResource.control().holdIndex(LocalDynamoResource.TABLE, index));
            List<String> early = all("/businesses/" + business + "/orders?limit=9");
            assertThat(early).doesNotHaveDuplicates().hasSizeLessThan(orders.size());
            assertThat(orders).containsAll(early);
            LIST_INDEXES.forEach(index -> LocalDynamoResource.control().releaseIndex(LocalDynamoResource.TABLE, index));
        }
        // and then they catch up.
        ApiTestSupport.awaitIndexesCaughtUp();
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
