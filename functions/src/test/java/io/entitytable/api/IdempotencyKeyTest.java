package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.idempotency.IdempotencyKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code Idempotency-Key} on every route that takes one, through the HTTP layer: a retry's answer is the first one to
 * the byte (status, Location, ETag, body) with {@code Idempotent-Replayed: true}, and writes nothing; another body
 * under the key is a 422, a malformed key a 400, each as problem+json.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class IdempotencyKeyTest {
    @Inject
    DynamoDbClient dynamo;

    @Test
    void everyCreate_shouldReplayItsFirstAnswerToTheByte_andWriteNothing_whenRetriedWithItsKey() {
        String business = createBusiness("Retries");
        String customer = createCustomer(business, "Ann", "Buyer");
        Map<String, Object> order = Map.of(
                "shipTo", "home", "lines", List.of(Map.of("sku", "SKU-1", "quantity", 2, "unitPriceCents", 250)));
        Map<String, Map<String, Object>> creates = Map.of(
                "/businesses",
                Map.of("name", "Keyed business"),
                "/businesses/" + business + "/customers",
                Map.of(
                        "firstName",
                        "Bo",
                        "lastName",
                        "Keyed",
                        "mailingAddresses",
                        Map.of("home", address("Austin", "TX", "73301", "US"))),
                "/businesses/" + business + "/stores",
                Map.of("name", "Keyed store", "address", address("Austin", "TX", "73301", "US")),
                "/customers/" + customer + "/orders",
                order);
        creates.forEach((path, body) -> {
            // GIVEN a create with a key
            String key = UUID.randomUUID().toString();
            Response first = post(path, key, body);
            assertThat(first.statusCode()).as(path).isEqualTo(201);
            Map<String, Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue>> before =
                    TableSnapshot.of(dynamo);

            // WHEN the client retries it
            RequestCounter.reset();
            Response retry = post(path, key, body);

            // THEN the answer is the first one, marked as a replay: the create's transaction met the key's record and
            // was refused whole, and one read of the record answered
            assertThat(retry.statusCode()).as(path).isEqualTo(201);
            assertThat(retry.asByteArray()).as(path + " body").isEqualTo(first.asByteArray());
            assertThat(retry.header("Location")).as(path).isEqualTo(first.header("Location"));
            assertThat(retry.header("ETag")).as(path).isEqualTo(first.header("ETag"));
            assertThat(retry.header("Content-Type")).as(path).isEqualTo(first.header("Content-Type"));
            assertThat(retry.header(IdempotencyKeys.REPLAYED_HEADER)).as(path).isEqualTo("true");
            assertThat(first.header(IdempotencyKeys.REPLAYED_HEADER)).as(path).isNull();
            assertThat(RequestCounter.operations()).as(path).endsWith("TransactWriteItems", "GetItem");
            assertThat(RequestCounter.operations())
                    .as(path + ": the create's reads, its one refused transaction, the record's read")
                    .containsOnlyOnce("TransactWriteItems")
                    .doesNotContain("PutItem", "UpdateItem", "DeleteItem");
            assertThat(TableSnapshot.of(dynamo)).as(path + ": the table").isEqualTo(before);
        });
    }

    @Test
    void create_shouldCostTheSameOneTransactionAndNoRead_whenItCarriesAKey() {
        // GIVEN
        String business = createBusiness("Cost of a key");
        Map<String, Object> body = Map.of("name", "Costed", "address", address("Austin", "TX", "73301", "US"));

        // WHEN
        RequestCounter.reset();
        post("/businesses/" + business + "/stores", null, body).then().statusCode(201);
        List<String> without = RequestCounter.operations();
        RequestCounter.reset();
        post("/businesses/" + business + "/stores", "cost-1", body).then().statusCode(201);
        List<String> with = RequestCounter.operations();

        // THEN
        assertThat(without).containsExactly("TransactWriteItems");
        assertThat(with).containsExactly("TransactWriteItems");
    }

    @Test
    void key_shouldAnswer422AndWriteNothing_whenItComesBackWithAnotherBody() {
        // GIVEN
        String business = createBusiness("Reused key");
        String path = "/businesses/" + business + "/stores";
        post(path, "reused", Map.of("name", "First", "address", address("Austin", "TX", "73301", "US")))
                .then()
                .statusCode(201);
        var before = TableSnapshot.of(dynamo);

        // WHEN
        Response other =
                post(path, "reused", Map.of("name", "Second", "address", address("Austin", "TX", "73301", "US")));

        // THEN
        assertThat(other.statusCode()).isEqualTo(422);
        assertThat(other.contentType()).startsWith("application/problem+json");
        assertThat(other.jsonPath().getString("detail"))
                .contains("Idempotency-Key")
                .contains("another request");
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void key_shouldBeA400AndWriteNothing_whenItIsNotOneTo255PrintableAsciiCharacters() {
        String business = createBusiness("Bad keys");
        var before = TableSnapshot.of(dynamo);
        for (String key : List.of("", "k".repeat(256), "caf\u00e9")) {
            Response response = post(
                    "/businesses/" + business + "/stores",
                    key,
                    Map.of("name", "Nope", "address", address("Austin", "TX", "73301", "US")));
            assertThat(response.statusCode()).as(key).isEqualTo(400);
            assertThat(response.contentType()).startsWith("application/problem+json");
            assertThat(response.jsonPath().getString("detail")).startsWith("Idempotency-Key: must be 1 to 255");
        }
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void unlinkingStoreDelete_shouldReplayIts202_whenRetriedWithItsKey() {
        // GIVEN a store a customer links, deleted with unlink and a key
        String business = createBusiness("Keyed job");
        String store = createStore(business, "Hub", address("Austin", "TX", "73301", "US"));
        String customer = createCustomer(business, "Ann", "Linked");
        given().put("/customers/" + customer + "/stores/" + store).then().statusCode(204);
        Response first = given().header(IdempotencyKeys.HEADER, "drop-hub").delete("/stores/" + store + "?unlink=true");
        assertThat(first.statusCode()).isEqualTo(202);
        var before = TableSnapshot.of(dynamo);

        // WHEN the delete is sent again (the store is gone: without the key it would be a 404)
        Response retry = given().header(IdempotencyKeys.HEADER, "drop-hub").delete("/stores/" + store + "?unlink=true");

        // THEN
        assertThat(retry.statusCode()).isEqualTo(202);
        assertThat(retry.asByteArray()).isEqualTo(first.asByteArray());
        assertThat(retry.header("Location")).isEqualTo(first.header("Location"));
        assertThat(retry.header(IdempotencyKeys.REPLAYED_HEADER)).isEqualTo("true");
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
        given().delete("/stores/" + store + "?unlink=true").then().statusCode(404);
    }

    private static Response post(String path, String key, Object body) {
        var request = given().contentType(ContentType.JSON).body(body);
        if (key != null) {
            request.header(IdempotencyKeys.HEADER, key);
        }
        return request.post(path);
    }
}
