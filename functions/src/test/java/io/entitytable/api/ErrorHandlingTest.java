package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;

import io.entitytable.model.BusinessShards;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every error is problem+json, and nothing is written. */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class ErrorHandlingTest {

    @Test
    void businessDelete_shouldBe409WithChildren_andLeaveEverything() {
        // GIVEN
        String business = createBusiness("Parent");
        String customer = createCustomer(business, "Ann", "Smith");

        // WHEN
        var refused = given().header("If-Match", "\"1\"").delete("/businesses/" + business);

        // THEN
        refused.then().statusCode(409).contentType("application/problem+json").body("status", equalTo(409));
        given().get("/businesses/" + business).then().statusCode(200).header("ETag", "\"1\"");
        given().get("/customers/" + customer).then().statusCode(200);
    }

    @Test
    void tooLargeBody_shouldBe413_andWriteNothing() {
        String business = createBusiness("Huge");
        String body = "{\"name\":\"" + "x".repeat(500 * 1024) + "\"}";
        given().contentType(ContentType.JSON)
                .body(body)
                .post("/businesses/" + business + "/stores")
                .then()
                .statusCode(413)
                .contentType("application/problem+json");
        awaitIndexesCaughtUp();
        given().get("/businesses/" + business + "/items").then().body("items", hasSize(1));
    }

    @Test
    void unknownRoute_wrongMethod_andWrongTypes_shouldBeProblemJson() {
        given().get("/nowhere").then().statusCode(404).contentType("application/problem+json");
        // A body is judged by its entity's declaration before anything is read: the field of the wrong type is named.
        given().contentType(ContentType.JSON)
                .body(Map.of("shipTo", 42))
                .post("/customers/01ARZ3NDEKTSV4RRFFQ69G5FAV/orders")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("errors.field", hasItem("shipTo"));
        // A declared entity's body is judged by its declaration: the field of the wrong type is named in a 422.
        given().contentType(ContentType.JSON)
                .body(Map.of("name", 42))
                .post("/businesses")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("name"));
        given().contentType(ContentType.JSON)
                .body("{\"name\": [\"a\"]}")
                .post("/businesses")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("name"));
        given().contentType(ContentType.JSON)
                .body("[]")
                .post("/businesses")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        given().contentType(ContentType.JSON)
                .header("If-Match", "yesterday")
                .body("{}")
                .patch("/businesses/01ARZ3NDEKTSV4RRFFQ69G5FAV")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
    }

    @Test
    void businessItems_shouldWalkEverythingUnderTheBusinessOnce() {
        // GIVEN
        String business = createBusiness("Everything");
        List<String> customers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            customers.add(createCustomer(business, "Pat", "Lee" + i));
        }
        awaitIndexesCaughtUp();

        // WHEN
        List<String> seen = new ArrayList<>();
        List<String> entities = new ArrayList<>();
        String next = null;
        do {
            RequestCounter.reset();
            var request = given().queryParam("limit", 2);
            if (next != null) {
                request.queryParam("next", next);
            }
            var page = request.get("/businesses/" + business + "/items")
                    .then()
                    .statusCode(200)
                    .extract();
            seen.addAll(page.path("items.id"));
            entities.addAll(page.path("items.entity"));
            next = page.path("next");
            // One Query per shard of the business not yet read to its end.
            assertThat(RequestCounter.operations())
                    .hasSizeBetween(1, BusinessShards.COUNT)
                    .containsOnly("Query");
        } while (next != null);

        // THEN
        List<String> expected = new ArrayList<>(List.of(business));
        expected.addAll(customers);
        assertThat(seen).containsExactlyElementsOf(expected);
        assertThat(entities).containsExactly("business", "customer", "customer", "customer", "customer");
    }

    @Test
    void mainCode_shouldNeverScan() throws Exception {
        List<Path> offenders = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src", "main"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String source = Files.readString(file);
                if (source.contains("ScanRequest") || source.contains(".scan(")) {
                    offenders.add(file);
                }
            }
        }
        assertThat(offenders).isEmpty();
    }
}
