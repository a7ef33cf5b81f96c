package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class StoreResourceTest {

    @Test
    void byLocation_shouldNarrowByCountryStateCityZip_withOneQueryOnGsi1() {
        // GIVEN
        String business = createBusiness("Stores R Us");
        String austin1 = createStore(business, "Austin North", address("Austin", "TX", "73301", "US"));
        String austin2 = createStore(business, "Austin South", address("Austin", "TX", "73344", "US"));
        String dallas = createStore(business, "Dallas", address("Dallas", "TX", "75001", "US"));
        String sanJose = createStore(business, "San Jose", address("San Jose", "CA", "95101", "US"));
        String toronto = createStore(business, "Toronto", address("Toronto", "ON", "M5H", "CA"));

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
        given().get("/businesses/" + business + "/stores?state=TX").then().statusCode(422);
        given().get("/businesses/" + business + "/stores?country=US&city=Austin")
                .then()
                .statusCode(422);
    }

    @Test
    void byLocation_shouldWalkAllPagesExactlyOnce() {
        // GIVEN
        String business = createBusiness("Paged Stores");
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            created.add(createStore(business, "Store " + i, address("Austin", "TX", "7330" + i, "US")));
        }

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
    void delete_shouldBe409WhileLinked_andUnlinkCustomersWhenAsked() {
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

        // THEN
        refused.then().statusCode(409).contentType("application/problem+json");
        unlinked.then().statusCode(204);
        given().get("/stores/" + store).then().statusCode(404);
        given().get("/customers/" + ann).then().body("storeIds", empty()).body("version", equalTo(3));
        given().get("/customers/" + bob).then().body("storeIds", empty());
    }

    @Test
    void create_shouldRefuseHashInLocation_andBadCountry() {
        String business = createBusiness("Bad");
        given().contentType(ContentType.JSON)
                .body(Map.of("name", "X", "address", address("Aus#tin", "TX", "73301", "US")))
                .post("/businesses/" + business + "/stores")
                .then()
                .statusCode(422)
                .body("errors[0].field", equalTo("address.city"));
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
