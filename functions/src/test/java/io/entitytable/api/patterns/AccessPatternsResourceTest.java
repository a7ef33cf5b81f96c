package io.entitytable.api.patterns;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.api.config.ApiConfig;
import io.entitytable.model.access.AccessPattern;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.BackfillProgressItems;
import io.entitytable.model.backfill.IndexBackfill;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code GET /patterns}: every list access pattern and its index backfill's state, for operators only. */
@QuarkusTest
class AccessPatternsResourceTest {
    @Inject
    DynamoDbClient dynamo;

    @Inject
    ApiConfig config;

    @Test
    void operatorsSeeEveryPattern_andTheBackfillOfPattern14_readyOnATableCreatedWithIt() {
        JsonPath body =
                given().get("/patterns").then().statusCode(200).extract().jsonPath();

        assertThat(body.getList("patterns")).hasSize((int) Arrays.stream(AccessPattern.values())
                .filter(pattern -> pattern.number() > 0)
                .count());
        Map<String, Object> byEmail = pattern(body, "customers-by-email");
        assertThat(byEmail)
                .containsEntry("number", 14)
                .containsEntry("operationId", "listCustomersByName")
                .containsEntry("index", AccessPattern.CUSTOMERS_BY_EMAIL.index())
                .containsEntry("ready", true);
        assertThat(backfill(byEmail))
                .containsEntry("name", IndexBackfill.CUSTOMERS_BY_EMAIL.name())
                .containsEntry("phase", "ready")
                .containsEntry("pass", 0)
                .containsEntry("percent", 100);
        assertThat(backfill(pattern(body, "orders-by-sku")))
                .containsEntry("name", IndexBackfill.ORDERS_BY_SKU.name())
                .containsEntry("phase", "ready");
        assertThat(pattern(body, "business-items"))
                .containsEntry("number", 2)
                .containsEntry("ready", true)
                .doesNotContainKey("backfill");
    }

    @Test
    void aBackfillStillRunningShowsItsProgress_andThePatternNotReady() {
        BackfillProgressItems items = new BackfillProgressItems(dynamo, config.tableName());
        BackfillProgress ready = items.read(IndexBackfill.CUSTOMERS_BY_EMAIL).orElseThrow();
        Instant at = Instant.parse("2026-11-29T10:00:00Z");
        BackfillProgress running = new BackfillProgress(
                ready.name(), BackfillProgress.Phase.VERIFYING, 2, null, 250, 3, 1, 1000, 41, at, at, null);
        items.save(ready, running);
        try {
            Map<String, Object> byEmail = pattern(
                    given().get("/patterns").then().statusCode(200).extract().jsonPath(), "customers-by-email");

            assertThat(byEmail).containsEntry("ready", false);
            assertThat(backfill(byEmail))
                    .containsEntry("phase", "verifying")
                    .containsEntry("pass", 2)
                    .containsEntry("percent", 25)
                    .containsEntry("scanned", 250)
                    .containsEntry("changed", 3)
                    .containsEntry("conflicts", 1)
                    .doesNotContainKey("readyAt");
        } finally {
            assertThat(items.save(running, ready)).isTrue();
        }
    }

    @Test
    void aMemberOfABusinessIsRefused() {
        given().header(TestCallerAccess.HEADER, TestCallerAccess.member("01JANYBUSINESS0000000000000"))
                .get("/patterns")
                .then()
                .statusCode(403)
                .contentType("application/problem+json")
                .body("detail", equalTo("only operators may read the access patterns' state"));
    }

    private static Map<String, Object> pattern(JsonPath body, String name) {
        List<Map<String, Object>> patterns = body.getList("patterns");
        return patterns.stream()
                .filter(pattern -> name.equals(pattern.get("name")))
                .findFirst()
                .orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> backfill(Map<String, Object> pattern) {
        return (Map<String, Object>) pattern.get("backfill");
    }
}
