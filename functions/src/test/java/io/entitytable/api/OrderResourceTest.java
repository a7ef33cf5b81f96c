package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static java.util.Collections.nCopies;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;

import io.entitytable.api.idempotency.IdempotencyKeys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.TableLayout;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class OrderResourceTest {

    static Map<String, Object> order(String card, int lines) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = 0; i < lines; i++) {
            items.add(Map.of("sku", "SKU-" + i, "description", "Item " + i, "quantity", 2, "unitPriceCents", 150));
        }
        return Map.of("shipTo", "home", "paymentCard", card, "lines", items);
    }

    static String placeOrder(String customer, String card) {
        return post("/customers/" + customer + "/orders", order(card, 2))
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    @Test
    void create_shouldSnapshotCustomer_andWriteLinesAtomically_andGetInOneQuery() {
        // GIVEN
        String business = createBusiness("Orders");
        String customer = createCustomer(business, "Ann", "Smith");

        // WHEN
        RequestCounter.reset();
        var created = post("/customers/" + customer + "/orders", order("visa", 3));
        List<String> createOperations = RequestCounter.operations();
        String id = created.then().statusCode(201).extract().path("id");
        RequestCounter.reset();
        var fetched = given().get("/orders/" + id);

        // THEN
        assertThat(createOperations).containsExactly("Query", "TransactWriteItems");
        assertThat(RequestCounter.operations()).containsExactly("Query");
        fetched.then()
                .statusCode(200)
                .header("ETag", "\"1\"")
                .body("status", equalTo("OPEN"))
                .body("totalCents", equalTo(900))
                .body("customer.lastName", equalTo("Smith"))
                .body("shipTo.city", equalTo("Austin"))
                .body("lines", hasSize(3))
                .body("lines[2].lineNo", equalTo(3))
                .body("$", not(hasKey("statusShard")))
                .body("lineCount", equalTo(3))
                .body("skus", contains("SKU-0", "SKU-1", "SKU-2"));
        // The snapshot is immutable: renaming the customer does not change the order.
        given().contentType(ContentType.JSON)
                .body(Map.of("lastName", "Jones"))
                .patch("/customers/" + customer)
                .then()
                .statusCode(200);
        given().get("/orders/" + id).then().body("customer.lastName", equalTo("Smith"));
    }

    @Test
    void create_shouldRefuseUnknownShipTo_tooManyLines_andWriteNothing() {
        String business = createBusiness("Limits");
        String customer = createCustomer(business, "Ann", "Smith");
        post(
                        "/customers/" + customer + "/orders",
                        Map.of(
                                "shipTo",
                                "office",
                                "lines",
                                List.of(Map.of("sku", "A", "quantity", 1, "unitPriceCents", 1))))
                .then()
                .statusCode(422)
                .body("errors[0].field", equalTo("shipTo"));
        post("/customers/" + customer + "/orders", order("visa", 98))
                .then()
                .statusCode(422)
                .body("errors[0].field", equalTo("lines"));
        // The most lines, with an idempotency record too: the order, 97 lines, the counter and the record are the 100
        // actions one transaction holds.
        given().contentType(ContentType.JSON)
                .header(IdempotencyKeys.HEADER, "most-lines")
                .body(order("visa", 97))
                .post("/customers/" + customer + "/orders")
                .then()
                .statusCode(201);
        awaitIndexesCaughtUp();
        given().get("/customers/" + customer + "/orders").then().body("items", hasSize(1));
    }

    @Test
    void patchAndDelete_shouldMoveStatus_andRemoveLines() {
        // GIVEN
        String business = createBusiness("Lifecycle");
        String customer = createCustomer(business, "Ann", "Smith");
        String id = placeOrder(customer, "visa");

        // WHEN
        given().contentType(ContentType.JSON)
                .header("If-Match", "\"1\"")
                .body(Map.of("status", "paid"))
                .patch("/orders/" + id)
                .then()
                .statusCode(200)
                .body("status", equalTo("PAID"))
                .body("lineCount", equalTo(2))
                .body("$", not(hasKey("lines")))
                .header("ETag", "\"2\"");
        given().header("If-Match", "\"2\"").delete("/orders/" + id).then().statusCode(204);

        // THEN
        given().get("/orders/" + id).then().statusCode(404);
        given().delete("/customers/" + customer).then().statusCode(204);
        given().delete("/businesses/" + business).then().statusCode(204);
    }

    @Test
    void ofBusiness_shouldFilterAndWalkPagesNewestFirst_exactlyOnce() {
        // GIVEN: 9 orders, every third on a mastercard
        String business = createBusiness("Filters");
        String customer = createCustomer(business, "Ann", "Smith");
        List<String> mastercard = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            String id = placeOrder(customer, i % 3 == 0 ? "mastercard" : "visa");
            if (i % 3 == 0) {
                mastercard.add(0, id);
            }
        }
        awaitIndexesCaughtUp();

        // WHEN
        List<String> seen = new ArrayList<>();
        String next = null;
        do {
            var request = given().queryParam("paymentCard", "mastercard").queryParam("limit", 2);
            if (next != null) {
                request.queryParam("next", next);
            }
            var page = request.get("/businesses/" + business + "/orders")
                    .then()
                    .statusCode(200)
                    .extract();
            seen.addAll(page.path("items.id"));
            next = page.path("next");
        } while (next != null);

        // THEN
        assertThat(seen).containsExactlyElementsOf(mastercard);
        RequestCounter.reset();
        given().get("/businesses/" + business + "/orders?limit=3").then().body("items", hasSize(3));
        // A new business has one shard: one Query (BusinessCapacityTest reads a grown one's shards in parallel).
        assertThat(RequestCounter.operations()).containsExactlyElementsOf(nCopies(ShardCount.FIRST, "Query"));
    }

    @Test
    void ofBusiness_shouldHonourDateRange() {
        String business = createBusiness("Dates");
        String customer = createCustomer(business, "Ann", "Smith");
        String id = placeOrder(customer, "visa");
        awaitIndexesCaughtUp();
        Instant now = Instant.now();
        given().queryParam("from", now.minusSeconds(60).toString())
                .queryParam("to", now.plusSeconds(60).toString())
                .get("/businesses/" + business + "/orders")
                .then()
                .body("items.id", org.hamcrest.Matchers.contains(id));
        given().queryParam("to", now.minusSeconds(60).toString())
                .get("/businesses/" + business + "/orders")
                .then()
                .body("items", hasSize(0));
        given().queryParam("from", "yesterday")
                .get("/businesses/" + business + "/orders")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("from"));
    }

    @Test
    void byStatus_shouldQueryTheBusinessStatusShardsInParallel_andMergeNewestFirst_exactlyOnce() {
        // GIVEN: 11 CANCELLED orders of one business, spread over its 4 status shards, beside 2 OPEN ones, and a
        // CANCELLED order of another business
        String business = createBusiness("Shards");
        String customer = createCustomer(business, "Ann", "Smith");
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 13; i++) {
            Map<String, Object> body = new HashMap<>(order("visa", 1));
            body.put("status", i % 6 == 5 ? "OPEN" : "CANCELLED");
            String id = post("/customers/" + customer + "/orders", body)
                    .then()
                    .statusCode(201)
                    .extract()
                    .path("id");
            if (i % 6 != 5) {
                created.add(0, id);
            }
        }
        Map<String, Object> foreign = new HashMap<>(order("visa", 1));
        foreign.put("status", "CANCELLED");
        post("/customers/" + createCustomer(createBusiness("Elsewhere"), "Bo", "Lee") + "/orders", foreign)
                .then()
                .statusCode(201);
        awaitIndexesCaughtUp();

        // WHEN the business's cancelled orders are paged through, 4 at a time
        List<String> seen = new ArrayList<>();
        List<Integer> requestsPerPage = new ArrayList<>();
        List<String> indexes = new ArrayList<>();
        String next = null;
        do {
            RequestCounter.reset();
            var request = given().queryParam("status", "cancelled").queryParam("limit", 4);
            if (next != null) {
                request.queryParam("next", next);
            }
            var page = request.get("/businesses/" + business + "/orders")
                    .then()
                    .statusCode(200)
                    .extract();
            seen.addAll(page.path("items.id"));
            next = page.path("next");
            requestsPerPage.add(RequestCounter.operations().size());
            indexes.addAll(RequestCounter.queriedIndexes());
        } while (next != null);

        // THEN each of its cancelled orders once, newest first, read from gsi1 only (the status is a key condition),
        // one Query per page (a new business has one shard)
        assertThat(seen).containsExactlyElementsOf(created);
        assertThat(requestsPerPage).allMatch(count -> count == ShardCount.FIRST);
        assertThat(indexes).isNotEmpty().allMatch(TableLayout.GSI1::equals);
    }

    @Test
    void cursors_shouldRejectTamperedAndForeignOnes() {
        // GIVEN
        String business = createBusiness("Cursors");
        String customer = createCustomer(business, "Ann", "Smith");
        for (int i = 0; i < 3; i++) {
            placeOrder(customer, "visa");
        }
        awaitIndexesCaughtUp();
        String next = given().get("/businesses/" + business + "/orders?limit=1")
                .then()
                .extract()
                .path("next");
        String otherBusiness = createBusiness("Other");

        // WHEN / THEN
        given().queryParam("next", next)
                .get("/businesses/" + business + "/orders?limit=1")
                .then()
                .statusCode(200);
        String tampered = (next.charAt(0) == 'A' ? 'B' : 'A') + next.substring(1);
        given().queryParam("next", tampered)
                .get("/businesses/" + business + "/orders?limit=1")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        given().queryParam("next", next)
                .get("/businesses/" + otherBusiness + "/orders?limit=1")
                .then()
                .statusCode(400);
        given().queryParam("next", next)
                .get("/businesses/" + business + "/orders?limit=1&status=OPEN")
                .then()
                .statusCode(400);
        given().queryParam("next", next)
                .get("/customers/" + customer + "/orders")
                .then()
                .statusCode(400);
        given().queryParam("next", "garbage")
                .get("/businesses/" + business + "/orders?status=OPEN")
                .then()
                .statusCode(400);
        given().get("/businesses/" + business + "/orders?status=LOST").then().statusCode(400);
        given().get("/businesses/" + business + "/orders?limit=0").then().statusCode(400);
        given().get("/businesses/" + business + "/orders?limit=-5").then().statusCode(400);
        given().get("/businesses/" + business + "/orders?limit=abc").then().statusCode(400);
    }

    @Test
    void customerOrders_shouldBeNewestFirst_withOneQueryPerPage() {
        String customer = createCustomer(createBusiness("Mine"), "Ann", "Smith");
        String first = placeOrder(customer, "visa");
        String second = placeOrder(customer, "visa");
        awaitIndexesCaughtUp();
        RequestCounter.reset();
        given().get("/customers/" + customer + "/orders?limit=1")
                .then()
                .body("items.id", org.hamcrest.Matchers.contains(second));
        assertThat(RequestCounter.operations()).containsExactly("Query");
        assertThat(first).isNotEqualTo(second);
    }
}
