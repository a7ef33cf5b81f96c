package io.entitytable.api.timing;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.growBusiness;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.RequestCounter;
import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.model.Ids;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class ServerTimingTest {
    /** A list of a business makes one Query per shard of the business: these tests grow theirs to 4. */
    private static final int TEST_SHARDS = 4;

    @Test
    void get_shouldAnswerWithServerTiming_whoseDbCountIsTheRequestCount() {
        // GIVEN
        String business = createBusiness("Timed");

        // WHEN
        RequestCounter.reset();
        Response response = given().get("/businesses/" + business);
        List<String> operations = RequestCounter.operations();

        // THEN
        response.then().statusCode(200);
        Map<String, Map<String, String>> timing = parse(serverTiming(response));
        assertThat(operations).containsExactly("GetItem");
        assertThat(Integer.parseInt(timing.get("db").get("count"))).isEqualTo(operations.size());
        double app = Double.parseDouble(timing.get("app").get("dur"));
        double db = Double.parseDouble(timing.get("db").get("dur"));
        assertThat(db).isGreaterThan(0);
        assertThat(app).isGreaterThanOrEqualTo(db);
        assertThat(timing.get("db")).doesNotContainKey("rcu");
    }

    @Test
    void get_shouldCountTheParallelShardQueries_ofTheRequestThatStartedThem() {
        // GIVEN an order, so the status shards have something to return
        String business = createBusiness("Timed orders");
        growBusiness(business, TEST_SHARDS);
        String customer = createCustomer(business, "Tim", "Ing");
        post("/customers/" + customer + "/orders", order()).then().statusCode(201);

        // WHEN
        RequestCounter.reset();
        Response response = given().get("/businesses/" + business + "/orders?status=OPEN");
        List<String> operations = RequestCounter.operations();

        // THEN one Query per shard, on the query pool's threads, all counted in this request's header
        response.then().statusCode(200);
        Map<String, Map<String, String>> timing = parse(serverTiming(response));
        assertThat(operations).hasSize(TEST_SHARDS).containsOnly("Query");
        assertThat(Integer.parseInt(timing.get("db").get("count"))).isEqualTo(operations.size());
        assertThat(Double.parseDouble(timing.get("app").get("dur")))
                .isGreaterThanOrEqualTo(Double.parseDouble(timing.get("db").get("dur")));
    }

    @Test
    void get_shouldKeepEachRequestsCalls_whenRequestsOverlap() throws Exception {
        // GIVEN
        String business = createBusiness("Overlapping");
        growBusiness(business, TEST_SHARDS);
        ExecutorService clients = Executors.newFixedThreadPool(6);

        // WHEN 24 requests, 6 at a time, each of which makes TEST_SHARDS or 1 calls
        List<Future<Map<String, Map<String, String>>>> shards = new ArrayList<>();
        List<Future<Map<String, Map<String, String>>>> singles = new ArrayList<>();
        try {
            for (int i = 0; i < 12; i++) {
                shards.add(clients.submit(() -> timingOfOk("/businesses/" + business + "/orders?status=SHIPPED")));
                singles.add(clients.submit(() -> timingOfOk("/businesses/" + business)));
            }

            // THEN no request sees another's calls
            for (Future<Map<String, Map<String, String>>> timing : shards) {
                assertThat(timing.get().get("db")).containsEntry("count", Integer.toString(TEST_SHARDS));
            }
            for (Future<Map<String, Map<String, String>>> timing : singles) {
                assertThat(timing.get().get("db")).containsEntry("count", "1");
            }
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void get_shouldReportConsumedCapacity_whenTheClientAsksForIt() {
        // GIVEN
        String business = createBusiness("Capacity");

        // WHEN
        Response response =
                given().header(ServerTimingFilters.CAPACITY_HEADER, "TOTAL").get("/businesses/" + business);

        // THEN a strongly consistent GetItem of an item under 4 KB: 1 RCU
        response.then().statusCode(200);
        Map<String, String> db = parse(serverTiming(response)).get("db");
        assertThat(Double.parseDouble(db.get("rcu"))).isEqualTo(1.0);
        assertThat(Double.parseDouble(db.get("wcu"))).isZero();
    }

    @Test
    void errors_shouldCarryServerTiming_too() {
        // GIVEN / WHEN a request no resource matches and one that fails validation
        Response missing = given().get("/no-such-route");
        Response invalid = given().get("/businesses/" + Ids.newId() + "/orders?status=LOST");

        // THEN
        missing.then().statusCode(404);
        assertThat(parse(serverTiming(missing))).containsOnlyKeys("app");
        invalid.then().statusCode(400);
        assertThat(parse(serverTiming(invalid))).containsKeys("app", "db");
    }

    @Test
    void notFound_shouldTellNothingOfTheReads_soAnotherBusinessesIdLooksLikeNoId() {
        // GIVEN a customer of business B, and a member of business A
        String b = createBusiness("Timing B");
        String customer = createCustomer(b, "Ann", "Smith");
        String memberOfA = TestCallerAccess.member(createBusiness("Timing A"));

        // WHEN A's member asks for B's customer and for an id that names nothing, with capacity asked for
        Response existing = given().header(TestCallerAccess.HEADER, memberOfA)
                .header(ServerTimingFilters.CAPACITY_HEADER, "TOTAL")
                .get("/customers/" + customer);
        Response absent = given().header(TestCallerAccess.HEADER, memberOfA)
                .header(ServerTimingFilters.CAPACITY_HEADER, "TOTAL")
                .get("/customers/" + Ids.newId());

        // THEN both are the same 404 with only their total time: no count, no capacity to tell them apart
        existing.then().statusCode(404);
        absent.then().statusCode(404);
        assertThat(parse(serverTiming(existing))).containsOnlyKeys("app");
        assertThat(parse(serverTiming(absent))).containsOnlyKeys("app");
    }

    private static Map<String, Map<String, String>> timingOfOk(String path) {
        return parse(
                serverTiming(given().get(path).then().statusCode(200).extract().response()));
    }

    private static Map<String, Object> order() {
        return Map.of(
                "shipTo",
                "home",
                "paymentCard",
                "visa",
                "lines",
                List.of(Map.of("sku", "SKU-1", "description", "Item", "quantity", 1, "unitPriceCents", 100)));
    }

    /**
     * The Server-Timing list of a response: HTTP lets a list header arrive as several lines, to be joined with commas
     * (RFC 9110 5.3), and Quarkus's mock API Gateway splits it so.
     */
    static String serverTiming(Response response) {
        List<String> lines = response.headers().getValues(ServerTimingHeader.NAME);
        assertThat(lines).as("Server-Timing header").isNotEmpty();
        return String.join(", ", lines);
    }

    /**
     * Parses a Server-Timing value (W3C grammar: metrics separated by commas, parameters by semicolons, values plain
     * tokens or quoted strings) into metric name -> parameters.
     */
    static Map<String, Map<String, String>> parse(String header) {
        assertThat(header).as("Server-Timing header").isNotNull();
        Map<String, Map<String, String>> metrics = new LinkedHashMap<>();
        List<String> parts = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (char c : header.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            }
            if (!quoted && (c == ',' || c == ';')) {
                parts.add(current.toString().trim());
                parts.add(String.valueOf(c));
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        parts.add(current.toString().trim());
        Map<String, String> metric = null;
        boolean expectName = true;
        for (String part : parts) {
            if (part.equals(",")) {
                expectName = true;
            } else if (part.equals(";")) {
                continue;
            } else if (expectName) {
                metric = new LinkedHashMap<>();
                metrics.put(part, metric);
                expectName = false;
            } else {
                int equals = part.indexOf('=');
                String value = part.substring(equals + 1).trim();
                metric.put(part.substring(0, equals).trim(), value.replaceAll("^\"|\"$", ""));
            }
        }
        return metrics;
    }
}
