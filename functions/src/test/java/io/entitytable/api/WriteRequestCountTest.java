package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The DynamoDB requests of every write endpoint: one read of the current item, then one conditional write. */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class WriteRequestCountTest {

    static List<String> operationsOf(Supplier<Integer> call, int expectedStatus) {
        RequestCounter.reset();
        assertThat(call.get()).isEqualTo(expectedStatus);
        return RequestCounter.operations();
    }

    @Test
    void writes_shouldReadOnceAndWriteOnce() {
        // GIVEN
        String business = createBusiness("Counts");
        String customer = createCustomer(business, "Ann", "Smith");
        String store = createStore(business, "Main", address("Austin", "TX", "73301", "US"));
        String order = post(
                        "/customers/" + customer + "/orders",
                        Map.of(
                                "shipTo",
                                "home",
                                "lines",
                                List.of(Map.of("sku", "A", "quantity", 1, "unitPriceCents", 5))))
                .then()
                .statusCode(201)
                .extract()
                .path("id");

        // WHEN / THEN
        assertThat(operationsOf(
                        () -> given().contentType(ContentType.JSON)
                                .body(Map.of("name", "Counts Two"))
                                .patch("/businesses/" + business)
                                .statusCode(),
                        200))
                .containsExactly("GetItem", "UpdateItem");
        assertThat(operationsOf(
                        () -> given().contentType(ContentType.JSON)
                                .body(Map.of("email", "ann@example.com"))
                                .patch("/customers/" + customer)
                                .statusCode(),
                        200))
                .containsExactly("Query", "UpdateItem");
        assertThat(operationsOf(
                        () -> given().contentType(ContentType.JSON)
                                .body(Map.of("name", "Renamed"))
                                .patch("/stores/" + store)
                                .statusCode(),
                        200))
                .containsExactly("Query", "TransactWriteItems");
        assertThat(operationsOf(
                        () -> given().put("/orders/" + order + "/tags/rush").statusCode(), 204))
                .containsExactly("Query", "UpdateItem");
        assertThat(operationsOf(
                        () -> given().delete("/orders/" + order + "/tags/rush").statusCode(), 204))
                .containsExactly("Query", "UpdateItem");
        assertThat(operationsOf(
                        () -> given().put("/customers/" + customer + "/stores/" + store)
                                .statusCode(),
                        204))
                .containsExactly("Query", "Query", "TransactWriteItems");
        assertThat(operationsOf(
                        () -> given().delete("/customers/" + customer + "/stores/" + store)
                                .statusCode(),
                        204))
                .as("an unlink reads the store's key and uncounts the link in the same transaction")
                .containsExactly("Query", "Query", "TransactWriteItems");
        // An order PATCH answers with the order as changed, its lines counted, not read again.
        assertThat(operationsOf(
                        () -> given().contentType(ContentType.JSON)
                                .body(Map.of("status", "PAID"))
                                .patch("/orders/" + order)
                                .statusCode(),
                        200))
                .containsExactly("Query", "UpdateItem");
        assertThat(operationsOf(() -> given().delete("/orders/" + order).statusCode(), 204))
                .containsExactly("Query", "TransactWriteItems");
        // A store nobody links (linkCount zero): no search for linked customers.
        assertThat(operationsOf(() -> given().delete("/stores/" + store).statusCode(), 204))
                .containsExactly("Query", "TransactWriteItems");
        assertThat(operationsOf(() -> given().delete("/customers/" + customer).statusCode(), 204))
                .containsExactly("Query", "TransactWriteItems");
        assertThat(operationsOf(() -> given().delete("/businesses/" + business).statusCode(), 204))
                .containsExactly("GetItem", "BatchGetItem", "TransactWriteItems");
    }
}
