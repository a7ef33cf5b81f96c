package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ExtractableResponse;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code GET} and {@code PUT /businesses/{id}/capacity}: a business's shard count, read and grown by operators only,
 * never shrunk; and the lists of a business across a growth (docs/design.md, "Shards of a business").
 */
@QuarkusTest
@TestProfile(ShortShardCacheProfile.class)
class BusinessCapacityTest {
    private static final String PROBLEM_JSON = "application/problem+json";

    @Inject
    DynamoDbClient dynamo;

    @Test
    void aNewBusinessHasOneShard_andAGrowthReachesTheWritersOnceEveryInstanceKnowsIt() {
        String business = createBusiness("Growing");

        capacity(business)
                .then()
                .statusCode(200)
                .body("businessId", equalTo(business))
                .body("shards", equalTo(1))
                .body("writeShards", equalTo(1))
                .body("maxShards", equalTo(ShardCount.MAX))
                .body("$", not(hasKey("writeShardsFrom")));

        Instant before = Instant.now();
        ExtractableResponse<Response> grown =
                grow(business, 4).then().statusCode(200).extract();
        assertThat(grown.<Integer>path("shards")).isEqualTo(4);
        assertThat(grown.<Integer>path("writeShards")).isEqualTo(1);
        Instant from = Instant.parse(grown.path("writeShardsFrom"));
        // Two cache lifetimes after the growth was stored: by then every instance reads 4.
        assertThat(from).isAfterOrEqualTo(before.plusMillis(500));
        Map<String, AttributeValue> item = businessItem(business);
        assertThat(ShardCount.of(item)).isEqualTo(new ShardCount(4, 1, from, true));
        assertThat(item.get(Attributes.VERSION)).isEqualTo(Values.n(1));

        waitForWriters(business, 4);
        // The same count again writes nothing.
        Map<String, Map<String, AttributeValue>> settled = TableSnapshot.of(dynamo);
        grow(business, 4).then().statusCode(200).body("shards", equalTo(4)).body("writeShards", equalTo(4));
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(settled);
    }

    @Test
    void aGrowthAboveSixteenAddsTheChildCountersItNeeds_inTheSameWrite() {
        String business = createBusiness("Many counters");

        RequestCounter.reset();
        grow(business, 32).then().statusCode(200).body("shards", equalTo(32));

        assertThat(RequestCounter.operations()).containsExactly("GetItem", "TransactWriteItems");
        List<ItemKey> counters = ChildCounters.all(business, ShardCount.of(businessItem(business)));
        assertThat(counters).hasSize(32);
        for (ItemKey counter : counters) {
            Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(LocalDynamoResource.TABLE)
                            .key(counter.toAttributes())
                            .consistentRead(true))
                    .item();
            assertThat(item).as(counter.id()).containsEntry(Attributes.CHILD_COUNT, Values.n(0));
        }
    }

    @Test
    void refusals_shouldAnswerProblemJson_andWriteNothing() {
        String business = createBusiness("Refusing");
        grow(business, 4).then().statusCode(200);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // A count only grows.
        grow(business, 2).then().statusCode(409).contentType(PROBLEM_JSON);
        // Not an integer from 1 to 64.
        for (String body : List.of(
                "{\"shards\":0}",
                "{\"shards\":65}",
                "{\"shards\":-1}",
                "{\"shards\":2.5}",
                "{\"shards\":\"8\"}",
                "{\"shards\":true}",
                "{\"shards\":null}",
                "{\"shards\":[8]}",
                "{\"shards\":4294967304}",
                "{}")) {
            put(business, body)
                    .then()
                    .statusCode(422)
                    .contentType(PROBLEM_JSON)
                    .body("errors[0].field", equalTo("shards"));
        }
        // Members, even of the business, see no capacity at all.
        String member = TestCallerAccess.member(business);
        given().header(TestCallerAccess.HEADER, member)
                .get("/businesses/" + business + "/capacity")
                .then()
                .statusCode(404)
                .contentType(PROBLEM_JSON);
        given().header(TestCallerAccess.HEADER, member)
                .contentType(ContentType.JSON)
                .body("{\"shards\":8}")
                .put("/businesses/" + business + "/capacity")
                .then()
                .statusCode(404)
                .contentType(PROBLEM_JSON);
        // No such business, or no id.
        grow(Ids.newId(), 8).then().statusCode(404).contentType(PROBLEM_JSON);
        grow("not-an-id", 8).then().statusCode(422).contentType(PROBLEM_JSON);

        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void aBusinessBeingErased_shouldNotGrow() {
        String business = createBusiness("Erasing");
        given().delete("/businesses/" + business + "?cascade=true").then().statusCode(202);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        grow(business, 8).then().statusCode(409).contentType(PROBLEM_JSON);

        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void aBusinessWithoutAStoredCount_readsAsFourShards_andGrowsFromThere() {
        // GIVEN a business item as written before businesses had counts
        String business = createBusiness("Old layout");
        dynamo.updateItem(request -> request.tableName(LocalDynamoResource.TABLE)
                .key(new ItemKey(business, Keys.BUSINESS_TYPE).toAttributes())
                .updateExpression("REMOVE #a, #b, #c, #d")
                .expressionAttributeNames(Map.of(
                        "#a", Attributes.SHARDS,
                        "#b", Attributes.SHARDS_BEFORE,
                        "#c", Attributes.SHARDS_FROM,
                        "#d", Attributes.SHARD)));

        capacity(business).then().statusCode(200).body("shards", equalTo(4)).body("writeShards", equalTo(4));
        grow(business, 2).then().statusCode(409);
        grow(business, 8).then().statusCode(200).body("shards", equalTo(8)).body("writeShards", equalTo(4));
    }

    @Test
    void lists_shouldReturnEveryItemThatExistedAtTheFirstPageExactlyOnce_acrossAGrowth() {
        // GIVEN a one-shard business with 9 customers, and the first page of its customers
        String business = createBusiness("Listed across a growth");
        Set<String> first = new HashSet<>();
        for (int i = 0; i < 9; i++) {
            first.add(createCustomer(business, "Ann" + i, "Early"));
        }
        awaitIndexesCaughtUp();
        RequestCounter.reset();
        ExtractableResponse<Response> page = customers(business, null);
        assertQueries(1);
        List<String> seen = new ArrayList<>(page.path("items.id"));
        String next = page.path("next");

        // WHEN it grows to 8 shards, writers move to them, and 24 more customers arrive
        grow(business, 8).then().statusCode(200);
        waitForWriters(business, 8);
        Set<String> later = new HashSet<>();
        for (int i = 0; i < 24; i++) {
            later.add(createCustomer(business, "Bo" + i, "Late"));
        }
        awaitIndexesCaughtUp();

        // THEN the cursor handed out before the growth goes on over the one shard it started on
        while (next != null) {
            RequestCounter.reset();
            page = customers(business, next);
            assertQueries(1);
            seen.addAll(page.path("items.id"));
            next = page.path("next");
        }
        assertThat(seen).doesNotHaveDuplicates().containsAll(first);
        assertThat(later)
                .containsAll(seen.stream().filter(id -> !first.contains(id)).toList());

        // AND a list started now reads the 8 shards in parallel: every customer exactly once
        List<String> all = new ArrayList<>();
        next = null;
        do {
            RequestCounter.reset();
            page = customers(business, next);
            assertThat(queries()).isBetween(1L, 8L);
            all.addAll(page.path("items.id"));
            next = page.path("next");
        } while (next != null);
        assertThat(all).doesNotHaveDuplicates().hasSize(33);
        assertThat(all).containsAll(first).containsAll(later);
        // The later customers are spread over the new shards, each stored on its customer.
        Set<Integer> shards = new HashSet<>();
        for (String id : later) {
            Map<String, AttributeValue> customer = dynamo.query(request -> request.tableName(LocalDynamoResource.TABLE)
                            .keyConditionExpression("#id = :id")
                            .expressionAttributeNames(Map.of("#id", Attributes.ID))
                            .expressionAttributeValues(Map.of(":id", Values.s(id)))
                            .consistentRead(true))
                    .items()
                    .get(0);
            int shard = Integer.parseInt(customer.get(Attributes.SHARD).n());
            assertThat(customer.get(Attributes.BUSINESS_SHARD))
                    .isEqualTo(Values.s(Keys.businessShard(business, shard)));
            shards.add(shard);
        }
        assertThat(shards).hasSizeGreaterThan(1).allMatch(shard -> shard < 8);
        assertThat(new BusinessShards(business, ShardCount.of(businessItem(business))).partitions())
                .hasSize(8);
    }

    /**
     * The page made {@code expected} Queries, and at most one other request: the GetItem of the business's count when
     * this instance's short cache of it ran out.
     */
    private static void assertQueries(long expected) {
        assertThat(queries()).isEqualTo(expected);
        assertThat(RequestCounter.operations()).hasSizeLessThanOrEqualTo((int) expected + 1);
    }

    private static long queries() {
        List<String> operations = RequestCounter.operations();
        assertThat(operations.stream().filter(operation -> !operation.equals("Query")))
                .hasSizeLessThanOrEqualTo(1)
                .allMatch("GetItem"::equals);
        return operations.stream().filter("Query"::equals).count();
    }

    private ExtractableResponse<Response> customers(String business, String next) {
        var request = given().queryParam("limit", 4);
        if (next != null) {
            request.queryParam("next", next);
        }
        return request.get("/businesses/" + business + "/customers")
                .then()
                .statusCode(200)
                .extract();
    }

    /** Polls the business's capacity until writers use {@code shards} (bounded: two cache lifetimes and some). */
    static void waitForWriters(String business, int shards) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (capacity(business).jsonPath().getInt("writeShards") != shards) {
            assertThat(System.nanoTime())
                    .as("writers moved to %d shards", shards)
                    .isLessThan(deadline);
            Thread.onSpinWait();
        }
    }

    private Map<String, AttributeValue> businessItem(String business) {
        return dynamo.getItem(request -> request.tableName(LocalDynamoResource.TABLE)
                        .key(new ItemKey(business, Keys.BUSINESS_TYPE).toAttributes())
                        .consistentRead(true))
                .item();
    }

    private static Response capacity(String business) {
        return given().get("/businesses/" + business + "/capacity");
    }

    static Response grow(String business, int shards) {
        return put(business, "{\"shards\":" + shards + "}");
    }

    private static Response put(String business, String body) {
        return given().contentType(ContentType.JSON).body(body).put("/businesses/" + business + "/capacity");
    }
}
