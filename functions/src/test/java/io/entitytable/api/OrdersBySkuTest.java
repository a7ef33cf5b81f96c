package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.table.EntityTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.BackfillProgressItems;
import io.entitytable.model.backfill.IndexBackfill;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Access pattern 15, {@code GET /businesses/{id}/orders?sku=}: the orders with a line of a SKU, from the SKU copies
 * the fan-out keeps. No fan-out runs beside these tests, so each test writes the copies of its orders as the fan-out
 * would, from the order items the API wrote ({@link RelationshipCatalogue#copyItem}).
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class OrdersBySkuTest {
    private static final String PROBLEM_JSON = "application/problem+json";

    @Inject
    DynamoDbClient dynamo;

    @Inject
    ApiConfig config;

    @Test
    void theOrdersWithALineOfTheSku_newestFirst_eachOnce_pagedWithOneQueryPerShard() {
        // GIVEN 7 orders of one business: those with an even number hold P-RED, one of them on two lines
        String business = createBusiness("Paint");
        String customer = createCustomer(business, "Ann", "Smith");
        List<String> red = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            List<String> skus =
                    i % 2 == 0 ? (i == 2 ? List.of("P-RED", "P-BLUE", "P-RED") : List.of("P-RED")) : List.of("P-BLUE");
            String id = placeOrder(customer, skus);
            if (i % 2 == 0) {
                red.add(0, id);
            }
        }
        // ... and one of another business
        placeOrder(createCustomer(createBusiness("Elsewhere"), "Bo", "Lee"), List.of("P-RED"));

        // WHEN (after a first list by SKU, which reads the backfill's progress once per instance) its orders of P-RED
        // are paged through, 3 at a time
        given().queryParam("sku", "P-RED")
                .get("/businesses/" + business + "/orders")
                .then()
                .statusCode(200);
        List<String> seen = new ArrayList<>();
        List<Integer> requestsPerPage = new ArrayList<>();
        String next = null;
        do {
            RequestCounter.reset();
            var request = given().queryParam("sku", "P-RED").queryParam("limit", 3);
            if (next != null) {
                request.queryParam("next", next);
            }
            var page = request.get("/businesses/" + business + "/orders")
                    .then()
                    .statusCode(200)
                    .extract();
            seen.addAll(page.path("items.id"));
            assertThat(page.<List<String>>path("items.businessId")).containsOnly(business);
            next = page.path("next");
            requestsPerPage.add(RequestCounter.operations().size());
        } while (next != null);

        // THEN each once, newest first, one Query per page (a new business has one shard)
        assertThat(seen).containsExactlyElementsOf(red);
        assertThat(requestsPerPage).hasSize(2).allMatch(count -> count == ShardCount.FIRST);
        given().queryParam("sku", "P-GREEN")
                .get("/businesses/" + business + "/orders")
                .then()
                .statusCode(200)
                .body("items.size()", equalTo(0));
    }

    @Test
    void aSkuWithAnotherFilterOrOfAnotherShape_isA400() {
        String business = createBusiness("Filters");

        for (String query : List.of("sku=P-1&status=OPEN", "sku=P-1&from=2020-01-01T00:00:00Z", "sku=not%20a%20sku")) {
            given().get("/businesses/" + business + "/orders?" + query)
                    .then()
                    .statusCode(400)
                    .contentType(PROBLEM_JSON)
                    .body("errors[0].field", equalTo("sku"));
        }
    }

    @Test
    void untilItsBackfillIsReady_thePatternIsA503() {
        // GIVEN the SKU backfill still running (as on a table written before pattern 15)
        BackfillProgressItems items = new BackfillProgressItems(dynamo, config.tableName());
        BackfillProgress ready = items.read(IndexBackfill.ORDERS_BY_SKU).orElseThrow();
        Instant at = Instant.parse("2026-11-29T10:00:00Z");
        BackfillProgress running = new BackfillProgress(
                ready.name(), BackfillProgress.Phase.BACKFILLING, 1, null, 10, 2, 0, 100, 3, at, at, null);
        assertThat(items.save(ready, running)).isTrue();
        try {
            // WHEN an instance that has not seen it ready is asked for the pattern
            Throwable refused = catchThrowable(
                    () -> new EntityTable(dynamo, config.tableName()).patterns().require(AccessPattern.ORDERS_BY_SKU));

            // THEN a 503 with the backfill's progress
            assertThat(refused).isInstanceOfSatisfying(ApiProblem.class, problem -> {
                assertThat(problem.status()).isEqualTo(503);
                assertThat(problem.getMessage()).contains("15").contains("backfilling");
            });
        } finally {
            assertThat(items.save(running, ready)).isTrue();
        }
    }

    /** Places an order with one line per SKU given, and writes its SKU copies as the fan-out would. */
    private String placeOrder(String customer, List<String> skus) {
        List<Map<String, Object>> lines = new ArrayList<>();
        for (String sku : skus) {
            lines.add(Map.of("sku", sku, "description", "Paint", "quantity", 1, "unitPriceCents", 500));
        }
        String id = post("/customers/" + customer + "/orders", Map.of("shipTo", "home", "lines", lines))
                .then()
                .statusCode(201)
                .extract()
                .path("id");
        Map<String, AttributeValue> order = dynamo
                .query(PartitionQuery.partition(null, id).consistentRead().toRequest(config.tableName()))
                .items()
                .stream()
                .filter(item -> ItemKind.CORE.value().equals(Values.string(item, Attributes.KIND)))
                .findFirst()
                .orElseThrow();
        assertThat(Values.set(order, Attributes.SKUS)).containsExactlyInAnyOrderElementsOf(new TreeSet<>(skus));
        RelationshipCatalogue.impliedBy(order).stream()
                .filter(duplicate -> duplicate.kind() == ItemKind.SKU)
                .forEach(duplicate -> dynamo.putItem(request ->
                        request.tableName(config.tableName()).item(RelationshipCatalogue.copyItem(duplicate, order))));
        return id;
    }
}
