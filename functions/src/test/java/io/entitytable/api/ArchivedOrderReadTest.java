package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.api.archive.Archive;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.access.PartitionQuery;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * Orders that moved from the table to the archive (docs/design.md, "Lifecycle"): read by id as they were, refused any
 * change, and listed by their customer and their business after the live ones, through one cursor; never by status.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
@QuarkusTestResource(value = LocalArchiveResource.class, restrictToAnnotatedClass = true)
class ArchivedOrderReadTest {
    @Inject
    DynamoDbClient dynamo;

    @Inject
    Archive archive;

    @Test
    void getOrder_shouldAnswerTheOrderAsItWasPlusArchived_inOneQueryAndOneGet_whenItMovedToTheArchive() {
        // GIVEN a delivered order with lines and a tag, read once while it is live
        String business = createBusiness("Archived read");
        String customer = createCustomer(business, "Ann", "Smith");
        String order = placeOrder(customer, "visa", "DELIVERED");
        given().put("/orders/" + order + "/tags/gift").then().statusCode(204);
        RequestCounter.reset();
        Response live = given().get("/orders/" + order);
        List<String> liveOperations = RequestCounter.operations();

        // WHEN it moves to the archive and is read again
        moveToArchive(order);
        RequestCounter.reset();
        Response archived = given().get("/orders/" + order);
        List<String> archivedOperations = RequestCounter.operations();

        // THEN the live read was one Query and no S3 call, and said nothing of an archive
        live.then().statusCode(200);
        assertThat(liveOperations).containsExactly("Query");
        Map<String, Object> liveBody = live.jsonPath().getMap("$");
        assertThat(liveBody).doesNotContainKey("archived");
        // AND the archived read is one Query and one GET, answered exactly as live (lines included) plus archived
        archived.then().statusCode(200).header("ETag", live.header("ETag"));
        assertThat(archivedOperations).containsExactly("Query", "GetObject");
        Map<String, Object> expected = new HashMap<>(liveBody);
        expected.put("archived", true);
        assertThat(archived.jsonPath().getMap("$")).isEqualTo(expected);
        assertThat(archived.jsonPath().getList("lines")).hasSize(2);
    }

    @Test
    void getOrder_shouldAnswer404_whenTheCallerIsAMemberOfAnotherBusiness() {
        // GIVEN an archived order of one business, and a member of another
        String business = createBusiness("Archived owner");
        String other = createBusiness("Archived stranger");
        String order = placeOrder(createCustomer(business, "Ann", "Smith"), "visa", "DELIVERED");
        moveToArchive(order);

        // WHEN each business's member reads it
        Response stranger = given().header(TestCallerAccess.HEADER, TestCallerAccess.member(other))
                .get("/orders/" + order);
        Response member = given().header(TestCallerAccess.HEADER, TestCallerAccess.member(business))
                .get("/orders/" + order);

        // THEN the other business's member finds no order, and the owner's member reads it
        stranger.then().statusCode(404);
        member.then().statusCode(200).body("archived", equalTo(true));
    }

    @Test
    void orderWrites_shouldAnswer409AndWriteNothing_whenTheOrderIsArchived() {
        // GIVEN an archived order that carries a tag
        String business = createBusiness("Archived writes");
        String other = createBusiness("Archived writes stranger");
        String order = placeOrder(createCustomer(business, "Ann", "Smith"), "visa", "CANCELLED");
        given().put("/orders/" + order + "/tags/gift").then().statusCode(204);
        moveToArchive(order);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN every route that writes an order is called on it
        List<Response> answers = List.of(
                given().contentType(ContentType.JSON)
                        .body(Map.of("status", "OPEN"))
                        .patch("/orders/" + order),
                given().contentType(ContentType.JSON)
                        .header("If-Match", "\"2\"")
                        .body(Map.of("paymentCard", "amex"))
                        .patch("/orders/" + order),
                given().delete("/orders/" + order),
                given().put("/orders/" + order + "/tags/late"),
                given().delete("/orders/" + order + "/tags/gift"));
        Response stranger = given().header(TestCallerAccess.HEADER, TestCallerAccess.member(other))
                .delete("/orders/" + order);

        // THEN each is a 409 problem saying the order is archived
        for (Response answer : answers) {
            answer.then()
                    .statusCode(409)
                    .contentType("application/problem+json")
                    .body("title", equalTo("Archived"))
                    .body("detail", equalTo("order " + order + " is archived: it no longer changes"));
        }
        // AND another business's member finds no order
        stranger.then().statusCode(404).body("detail", containsString("does not exist"));
        // AND nothing was written, and the archived order is as it was
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
        given().get("/orders/" + order)
                .then()
                .statusCode(200)
                .body("status", equalTo("CANCELLED"))
                .body("tags", equalTo(List.of("gift")));
    }

    @Test
    void customerOrders_shouldListEveryOrderOnceNewestFirst_whenPagesSpanTableAndArchive() {
        // GIVEN 7 orders of a customer, the 4 oldest moved to the archive, and the second newest put in the archive
        // but not yet deleted from the table (the archive job between its two steps)
        String business = createBusiness("Archived customer list");
        String customer = createCustomer(business, "Ann", "Smith");
        List<String> orders = placeOrders(customer, 7);
        for (String order : orders.subList(0, 4)) {
            moveToArchive(order);
        }
        orders().put(ArchivedOrder.of(itemsOf(orders.get(5)), Instant.now()));
        awaitIndexesCaughtUp();

        // WHEN the customer's orders are read in pages of 2
        List<JsonPath> pages = new ArrayList<>();
        List<List<String>> operations = new ArrayList<>();
        String next = null;
        do {
            RequestCounter.reset();
            var request = given().queryParam("limit", 2);
            if (next != null) {
                request.queryParam("next", next);
            }
            JsonPath page = request.get("/customers/" + customer + "/orders")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            operations.add(RequestCounter.operations());
            pages.add(page);
            next = page.getString("next");
        } while (next != null);

        // THEN the pages hold all 7 newest first, each once: the live ones (the one in both places among them), then
        // the archived ones, which say so and, as every order of a list, come without their lines
        assertThat(pages).extracting(page -> page.getList("items").size()).containsExactly(2, 2, 2, 1);
        assertThat(ids(pages)).containsExactlyElementsOf(newestFirst(orders));
        assertThat(archivedFlags(pages)).containsExactly(false, false, false, true, true, true, true);
        assertThat(pages)
                .allSatisfy(page -> assertThat(page.getList("items.lines")).containsOnlyNulls());
        // AND each page was one Query, one LIST and one GET per archived order on it, no more
        assertThat(operations.get(0)).containsExactlyInAnyOrder("Query", "ListObjectsV2");
        assertThat(operations.get(1)).containsExactlyInAnyOrder("Query", "ListObjectsV2", "GetObject");
        assertThat(operations.get(2)).containsExactlyInAnyOrder("Query", "ListObjectsV2", "GetObject", "GetObject");
        assertThat(operations.get(3)).containsExactlyInAnyOrder("Query", "ListObjectsV2", "GetObject");
    }

    @Test
    void customerOrders_shouldNeitherRepeatNorSkip_whenOrdersMoveBetweenTwoPages() {
        // GIVEN 5 live orders of a customer, the first page of 2 read
        String business = createBusiness("Archived while paging");
        String customer = createCustomer(business, "Ann", "Smith");
        List<String> orders = placeOrders(customer, 5);
        awaitIndexesCaughtUp();
        JsonPath first = given().queryParam("limit", 2)
                .get("/customers/" + customer + "/orders")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();

        // WHEN the last order of that page and the next one move to the archive, and the other pages are read
        moveToArchive(orders.get(3));
        moveToArchive(orders.get(2));
        awaitIndexesCaughtUp();
        List<JsonPath> pages = new ArrayList<>(List.of(first));
        String next = first.getString("next");
        while (next != null) {
            JsonPath page = given().queryParam("limit", 2)
                    .queryParam("next", next)
                    .get("/customers/" + customer + "/orders")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            pages.add(page);
            next = page.getString("next");
        }

        // THEN every order came once, newest first: the moved one not again, the next one from the archive
        assertThat(ids(pages)).containsExactlyElementsOf(newestFirst(orders));
        assertThat(archivedFlags(pages)).containsExactly(false, false, true, false, false);
    }

    @Test
    void businessOrders_shouldListADateRangeAcrossTableAndArchive_withTheFiltersAppliedToBoth() {
        // GIVEN a business of 2 shards with 6 orders a few milliseconds apart, the 1st, 3rd and 5th archived, the 3rd
        // paid with another card
        String business = createBusiness("Archived business list");
        ApiTestSupport.growBusiness(business, 2);
        String customer = createCustomer(business, "Ann", "Smith");
        List<String> orders = new ArrayList<>();
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            JsonPath order = post("/customers/" + customer + "/orders", order(i == 2 ? "amex" : "visa", "DELIVERED"))
                    .then()
                    .statusCode(201)
                    .extract()
                    .jsonPath();
            orders.add(order.getString("id"));
            created.add(order.getString("createdAt"));
            pause();
        }
        moveToArchive(orders.get(0));
        moveToArchive(orders.get(2));
        moveToArchive(orders.get(4));
        awaitIndexesCaughtUp();

        // WHEN the range from the 2nd order to the 5th is read in pages of 2, without and with a card filter
        List<JsonPath> all = businessPages(business, Map.of("from", created.get(1), "to", created.get(4)));
        List<JsonPath> visa =
                businessPages(business, Map.of("from", created.get(1), "to", created.get(4), "paymentCard", "visa"));

        // THEN the range holds the 5th to the 2nd, newest first, each once, the archived ones saying so
        assertThat(ids(all)).containsExactly(orders.get(4), orders.get(3), orders.get(2), orders.get(1));
        assertThat(archivedFlags(all)).containsExactly(true, false, true, false);
        // AND the card filter leaves out the archived order paid otherwise
        assertThat(ids(visa)).containsExactly(orders.get(4), orders.get(3), orders.get(1));
    }

    @Test
    void ordersInStatus_shouldHoldLiveOrdersOnly_whenSomeAreArchived() {
        // GIVEN 3 delivered orders of a business, one of them archived
        String business = createBusiness("Archived status list");
        String customer = createCustomer(business, "Ann", "Smith");
        List<String> orders = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            orders.add(placeOrder(customer, "visa", "DELIVERED"));
        }
        moveToArchive(orders.get(1));
        awaitIndexesCaughtUp();

        // WHEN the business's delivered orders are listed (pattern 9)
        RequestCounter.reset();
        JsonPath page = given().queryParam("status", "DELIVERED")
                .get("/businesses/" + business + "/orders")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();

        // THEN only the live ones are there, and the archive was not asked
        assertThat(page.getList("items.id", String.class)).containsExactly(orders.get(2), orders.get(0));
        assertThat(RequestCounter.operations()).containsOnly("Query");
    }

    private List<JsonPath> businessPages(String business, Map<String, String> parameters) {
        List<JsonPath> pages = new ArrayList<>();
        String next = null;
        do {
            var request = given().queryParams(parameters).queryParam("limit", 2);
            if (next != null) {
                request.queryParam("next", next);
            }
            JsonPath page = request.get("/businesses/" + business + "/orders")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            pages.add(page);
            next = page.getString("next");
        } while (next != null);
        return pages;
    }

    private static List<String> newestFirst(List<String> oldestFirst) {
        List<String> reversed = new ArrayList<>(oldestFirst);
        Collections.reverse(reversed);
        return reversed;
    }

    private static List<String> ids(List<JsonPath> pages) {
        return pages.stream()
                .flatMap(page -> page.getList("items.id", String.class).stream())
                .toList();
    }

    private static List<Boolean> archivedFlags(List<JsonPath> pages) {
        return pages.stream()
                .flatMap(page -> page.getList("items.archived", Boolean.class).stream())
                .map(Boolean.TRUE::equals)
                .toList();
    }

    private static Map<String, Object> order(String card, String status) {
        return Map.of(
                "shipTo",
                "home",
                "paymentCard",
                card,
                "status",
                status,
                "lines",
                List.of(
                        Map.of("sku", "MUG-01", "description", "Mug", "quantity", 1, "unitPriceCents", 1500),
                        Map.of("sku", "CUP-02", "description", "Cup", "quantity", 2, "unitPriceCents", 700)));
    }

    private static String placeOrder(String customer, String card, String status) {
        return post("/customers/" + customer + "/orders", order(card, status))
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    /** {@code count} delivered orders, oldest first, each of a millisecond of its own. */
    private static List<String> placeOrders(String customer, int count) {
        List<String> orders = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            orders.add(placeOrder(customer, "visa", "DELIVERED"));
            pause();
        }
        return orders;
    }

    private static void pause() {
        try {
            Thread.sleep(3);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private OrderArchive orders() {
        return archive.of(Entity.ORDER).orElseThrow();
    }

    /** The order item and its lines, as the archive job reads them: one consistent Query {@code id = O}. */
    private List<Map<String, AttributeValue>> itemsOf(String orderId) {
        return dynamo.query(
                        PartitionQuery.partition(null, orderId).consistentRead().toRequest(LocalDynamoResource.TABLE))
                .items();
    }

    /** What the archive job does with a finished order: put it in the archive, then delete it from the table. */
    private void moveToArchive(String orderId) {
        List<Map<String, AttributeValue>> items = itemsOf(orderId);
        orders().put(ArchivedOrder.of(items, Instant.now()));
        dynamo.transactWriteItems(request -> request.transactItems(items.stream()
                .map(item -> TransactWriteItem.builder()
                        .delete(delete -> delete.tableName(LocalDynamoResource.TABLE)
                                .key(Map.of(
                                        Attributes.ID, item.get(Attributes.ID),
                                        Attributes.TYPE, item.get(Attributes.TYPE))))
                        .build())
                .toList()));
    }
}
