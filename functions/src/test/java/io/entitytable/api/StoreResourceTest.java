package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Values;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class StoreResourceTest {

    @Inject
    DynamoDbClient dynamo;

    @Test
    void byLocation_shouldNarrowByCountryStateCityZip_withOneQueryOnGsi1() {
        // GIVEN
        String business = createBusiness("Stores R Us");
        String austin1 = createStore(business, "Austin North", address("Austin", "TX", "73301", "US"));
        String austin2 = createStore(business, "Austin South", address("Austin", "TX", "73344", "US"));
        String dallas = createStore(business, "Dallas", address("Dallas", "TX", "75001", "US"));
        String sanJose = createStore(business, "San Jose", address("San Jose", "CA", "95101", "US"));
        String toronto = createStore(business, "Toronto", address("Toronto", "ON", "M5H", "CA"));
        awaitIndexesCaughtUp();

        // WHEN
        RequestCounter.reset();
        List<String> texas = given().get("/businesses/" + business + "/stores?country=us&state=tx")
                .then()
                .statusCode(200)
                .extract()
                .path("items.id");
        List<String> operations = RequestCounter.operations();

        // THEN
        assertThat(operations).containsExactly("Query");
        assertThat(texas).containsExactly(austin1, austin2, dallas);
        given().get("/businesses/" + business + "/stores?country=US&state=TX&city=Austin&zip=73344")
                .then()
                .body("items.id", contains(austin2));
        given().get("/businesses/" + business + "/stores?country=US")
                .then()
                .body("items.id", contains(sanJose, austin1, austin2, dallas));
        given().get("/businesses/" + business + "/stores?country=CA").then().body("items.id", contains(toronto));
        given().get("/businesses/" + business + "/stores")
                .then()
                .body("items.name", contains("Austin North", "Austin South", "Dallas", "San Jose", "Toronto"));
        given().get("/businesses/" + business + "/stores?state=TX").then().statusCode(400);
        given().get("/businesses/" + business + "/stores?country=US&city=Austin")
                .then()
                .statusCode(400);
    }

    @Test
    void byLocation_shouldWalkAllPagesExactlyOnce() {
        // GIVEN
        String business = createBusiness("Paged Stores");
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            created.add(createStore(business, "Store " + i, address("Austin", "TX", "7330" + i, "US")));
        }
        awaitIndexesCaughtUp();

        // WHEN
        List<String> seen = new ArrayList<>();
        String next = null;
        do {
            var request = given().queryParam("country", "US").queryParam("limit", 3);
            if (next != null) {
                request.queryParam("next", next);
            }
            var page = request.get("/businesses/" + business + "/stores")
                    .then()
                    .statusCode(200)
                    .extract();
            seen.addAll(page.path("items.id"));
            next = page.path("next");
        } while (next != null);

        // THEN
        assertThat(seen).containsExactlyElementsOf(created);
    }

    @Test
    void rename_shouldMoveKey_andUpdateLocationIndex() {
        // GIVEN
        String business = createBusiness("Moves");
        String store = createStore(business, "Old Name", address("Austin", "TX", "73301", "US"));

        // WHEN
        given().contentType(ContentType.JSON)
                .header("If-Match", "\"1\"")
                .body(Map.of("name", "New Name", "address", address("Dallas", "TX", "75001", "US")))
                .patch("/stores/" + store)
                .then()
                .statusCode(200)
                .header("ETag", "\"2\"");
        awaitIndexesCaughtUp();

        // THEN
        given().get("/stores/" + store)
                .then()
                .body("name", equalTo("New Name"))
                .body("address.city", equalTo("Dallas"));
        given().get("/businesses/" + business + "/stores?country=US&state=TX&city=Dallas")
                .then()
                .body("items.id", contains(store));
        given().get("/businesses/" + business + "/stores?country=US&state=TX&city=Austin")
                .then()
                .body("items", empty());
    }

    @Test
    void delete_shouldBe409WhileLinked_andLeaveTheCustomersToTheJobWhenAskedToUnlink() {
        // GIVEN
        String business = createBusiness("Linked");
        String store = createStore(business, "Hub", address("Austin", "TX", "73301", "US"));
        String ann = createCustomer(business, "Ann", "Smith");
        String bob = createCustomer(business, "Bob", "Jones");
        given().put("/customers/" + ann + "/stores/" + store).then().statusCode(204);
        given().put("/customers/" + bob + "/stores/" + store).then().statusCode(204);

        // WHEN
        var refused = given().delete("/stores/" + store);
        var unlinked = given().delete("/stores/" + store + "?unlink=true");

        // THEN the store is gone at once; its customers are the job's (the fan-out's), so this request left them
        refused.then().statusCode(409).contentType("application/problem+json");
        unlinked.then().statusCode(202);
        given().get("/stores/" + store).then().statusCode(404);
        given().get("/customers/" + ann)
                .then()
                .body("storeIds", contains(store))
                .body("version", equalTo(2));
        given().get("/stores/" + store + "/job").then().statusCode(200).body("copiesTotal", equalTo(2));
    }

    @Test
    void linkCount_shouldCountTheCustomersNamingTheStore_throughLinksRenameUnlinkAndCustomerDelete() {
        // GIVEN
        String business = createBusiness("Counted");
        String store = createStore(business, "Counted", address("Austin", "TX", "73301", "US"));
        String ann = createCustomer(business, "Ann", "Count");
        String bob = createCustomer(business, "Bob", "Count");

        // WHEN / THEN: each change of a customer's storeIds counts on the store, and a rename keeps the count
        given().put("/customers/" + ann + "/stores/" + store).then().statusCode(204);
        given().put("/customers/" + ann + "/stores/" + store).then().statusCode(204);
        given().put("/customers/" + bob + "/stores/" + store).then().statusCode(204);
        assertThat(linkCount(store))
                .as("two customers, one of them linked twice")
                .isEqualTo(2);
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "Renamed"))
                .patch("/stores/" + store)
                .then()
                .statusCode(200);
        assertThat(linkCount(store)).as("after the store's rename").isEqualTo(2);
        given().delete("/customers/" + ann + "/stores/" + store).then().statusCode(204);
        given().delete("/customers/" + ann + "/stores/" + store).then().statusCode(204);
        assertThat(linkCount(store)).as("after ann unlinked, twice").isEqualTo(1);
        given().delete("/customers/" + bob).then().statusCode(204);
        assertThat(linkCount(store)).as("after bob was deleted").isZero();
        given().delete("/stores/" + store).then().statusCode(204);
    }

    @Test
    void patch_shouldKeepAttributesThisVersionDoesNotKnow_inPlaceAndThroughARename() {
        // GIVEN a store that a newer version of the API gave an attribute this one does not know (as after a rollback)
        String business = createBusiness("Rolled Back");
        String store = createStore(business, "Before", address("Austin", "TX", "73301", "US"));
        Map<String, AttributeValue> key = ItemKey.of(storeItem(store)).toAttributes();
        dynamo.updateItem(request -> request.tableName(LocalDynamoResource.TABLE)
                .key(key)
                .updateExpression("SET #future = :value")
                .expressionAttributeNames(Map.of("#future", "openingHours"))
                .expressionAttributeValues(Map.of(":value", AttributeValue.fromS("9-17"))));

        // WHEN this version changes the store in place, then renames it (a new key)
        given().contentType(ContentType.JSON)
                .body(Map.of("address", address("Dallas", "TX", "75001", "US")))
                .patch("/stores/" + store)
                .then()
                .statusCode(200);
        Map<String, AttributeValue> changed = storeItem(store);
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "After"))
                .patch("/stores/" + store)
                .then()
                .statusCode(200);
        Map<String, AttributeValue> renamed = storeItem(store);

        // THEN both writes kept it, beside what they changed
        assertThat(changed.get("openingHours")).isEqualTo(AttributeValue.fromS("9-17"));
        assertThat(renamed.get("openingHours")).isEqualTo(AttributeValue.fromS("9-17"));
        assertThat(Values.string(renamed, Attributes.TYPE)).isNotEqualTo(Values.string(changed, Attributes.TYPE));
        assertThat(renamed.get(Attributes.NAME)).isEqualTo(AttributeValue.fromS("After"));
    }

    @Test
    void delete_shouldRefuse_whileTheCountSaysLinked_evenWhenNoLinkedCustomerIsVisibleYet() {
        // GIVEN a store whose count says a customer links it, though the index shows none (a link committed a moment
        // ago, not yet in the eventually consistent index)
        String business = createBusiness("Lagging");
        String store = createStore(business, "Lagging", address("Austin", "TX", "73301", "US"));
        Map<String, AttributeValue> key = ItemKey.of(storeItem(store)).toAttributes();
        dynamo.updateItem(request -> request.tableName(LocalDynamoResource.TABLE)
                .key(key)
                .updateExpression("SET #links = :one")
                .expressionAttributeNames(Map.of("#links", Attributes.LINK_COUNT))
                .expressionAttributeValues(Map.of(":one", Values.n(1))));

        // WHEN
        var plain = given().delete("/stores/" + store);

        // THEN the delete waits for the count, not for what an index shows
        plain.then().statusCode(409).contentType("application/problem+json");
        given().get("/stores/" + store).then().statusCode(200);
    }

    private long linkCount(String storeId) {
        Map<String, AttributeValue> item = storeItem(storeId);
        return Values.number(item, Attributes.LINK_COUNT);
    }

    private Map<String, AttributeValue> storeItem(String storeId) {
        return dynamo.query(request -> request.tableName(LocalDynamoResource.TABLE)
                        .keyConditionExpression("#id = :id")
                        .expressionAttributeNames(Map.of("#id", Attributes.ID))
                        .expressionAttributeValues(Map.of(":id", AttributeValue.fromS(storeId)))
                        .consistentRead(true))
                .items()
                .get(0);
    }

    @Test
    void create_shouldRefuseHashInLocation_andBadCountry() {
        String business = createBusiness("Bad");
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "X", "address", address("Aus#tin", "TX", "73301", "US")))
                .post("/businesses/" + business + "/stores")
                .then()
                .statusCode(422)
                .body("errors[0].field", equalTo("address"))
                .body("errors[0].message", equalTo("city: must not hold '#'"));
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "X", "address", address("Austin", "TX", "73301", "USA")))
                .post("/businesses/" + business + "/stores")
                .then()
                .statusCode(422);
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "X"))
                .post("/businesses/" + business + "/stores")
                .then()
                .statusCode(422)
                .body("errors[0].field", equalTo("address"));
    }
}
