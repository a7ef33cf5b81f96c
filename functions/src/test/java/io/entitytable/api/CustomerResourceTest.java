package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.api.write.SubjectService;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Tombstone;
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
class CustomerResourceTest {
    @Inject
    DynamoDbClient dynamo;

    @Test
    void create_shouldCountOnBusiness_inOneTransaction() {
        // GIVEN
        String business = createBusiness("Customers Inc");

        // WHEN
        RequestCounter.reset();
        var created = post(
                "/businesses/" + business + "/customers",
                Map.of("firstName", "Ann", "lastName", "Smith", "email", "ann@example.com"));

        // THEN
        created.then().statusCode(201).header("ETag", "\"1\"").body("businessId", equalTo(business));
        assertThat(RequestCounter.operations()).containsExactly("TransactWriteItems");
    }

    @Test
    void create_shouldBe404_whenBusinessMissing_andWriteNothing() {
        post("/businesses/01ARZ3NDEKTSV4RRFFQ69G5FAV/customers", Map.of("firstName", "A", "lastName", "B"))
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
    }

    @Test
    void get_shouldBeOneQuery() {
        // GIVEN
        String customer = createCustomer(createBusiness("B"), "Ann", "Smith");

        // WHEN
        RequestCounter.reset();
        var response = given().get("/customers/" + customer);

        // THEN
        response.then()
                .statusCode(200)
                .body("firstName", equalTo("Ann"))
                .body("mailingAddresses.home.city", equalTo("Austin"));
        assertThat(RequestCounter.operations()).containsExactly("Query");
    }

    @Test
    void rename_shouldChangeKeyInOneTransaction_andKeepId() {
        // GIVEN
        String business = createBusiness("Rename Co");
        String customer = createCustomer(business, "Ann", "Smith");

        // WHEN
        RequestCounter.reset();
        var renamed = given().contentType(ContentType.JSON)
                .header("If-Match", "\"1\"")
                .body(Map.of("lastName", "Jones"))
                .patch("/customers/" + customer);

        // THEN
        renamed.then()
                .statusCode(200)
                .header("ETag", "\"2\"")
                .body("id", equalTo(customer))
                .body("lastName", equalTo("Jones"));
        assertThat(RequestCounter.operations()).containsExactly("Query", "TransactWriteItems");
        awaitIndexesCaughtUp();
        given().get("/businesses/" + business + "/customers?namePrefix=jo")
                .then()
                .body("items.id", contains(customer));
        given().get("/businesses/" + business + "/customers?namePrefix=smith")
                .then()
                .body("items", org.hamcrest.Matchers.empty());
    }

    @Test
    void byName_shouldPrefixMatchCaseInsensitively_andWalkPagesExactlyOnceInOrder() {
        // GIVEN
        String business = createBusiness("Names Ltd");
        List<String> lastNames = List.of("Adams", "Baker", "Barker", "Barnes", "Bates", "Clark");
        for (String last : lastNames) {
            createCustomer(business, "Pat", last);
        }
        awaitIndexesCaughtUp();

        // WHEN
        List<String> seen = new ArrayList<>();
        String next = null;
        int pages = 0;
        do {
            RequestCounter.reset();
            var request = given().queryParam("namePrefix", "BA").queryParam("limit", 2);
            if (next != null) {
                request.queryParam("next", next);
            }
            var page = request.get("/businesses/" + business + "/customers")
                    .then()
                    .statusCode(200)
                    .extract();
            seen.addAll(page.path("items.lastName"));
            next = page.path("next");
            pages++;
            // One Query per shard of the business not yet read to its end.
            assertThat(RequestCounter.operations())
                    .hasSizeBetween(1, BusinessShards.COUNT)
                    .containsOnly("Query");
        } while (next != null);

        // THEN
        assertThat(seen).containsExactly("Baker", "Barker", "Barnes", "Bates");
        assertThat(pages).isEqualTo(2);
    }

    @Test
    void byEmail_shouldFindTheBusinessesCustomersWithThatEmailInAnyCase_inOneQuery() {
        // GIVEN two customers with one email in different letter cases, one with another, and one of another business
        String business = createBusiness("Emails Ltd");
        String first = customerWithEmail(business, "Ann", "Smith", "Ann.Smith@Example.com");
        String second = customerWithEmail(business, "Ann", "Smythe", "ann.smith@example.COM");
        String changing = customerWithEmail(business, "Bob", "Jones", "bob@example.com");
        customerWithEmail(createBusiness("Other Ltd"), "Ann", "Smith", "ann.smith@example.com");
        given().contentType(ContentType.JSON)
                .body(Map.of("email", "Ann.Smith@example.com"))
                .patch("/customers/" + changing)
                .then()
                .statusCode(200);
        awaitIndexesCaughtUp();

        // WHEN (after a first list by email, which reads the backfill's progress once per instance)
        given().queryParam("email", "bob@example.com")
                .get("/businesses/" + business + "/customers")
                .then()
                .statusCode(200)
                .body("items", org.hamcrest.Matchers.empty());
        RequestCounter.reset();
        var page = given().queryParam("email", " ANN.SMITH@EXAMPLE.COM ")
                .get("/businesses/" + business + "/customers")
                .then()
                .statusCode(200)
                .extract();

        // THEN every one of them, each as stored, from one Query of gsi1
        assertThat(page.<List<String>>path("items.id")).containsExactlyInAnyOrder(first, second, changing);
        assertThat(page.<List<String>>path("items.email"))
                .containsExactlyInAnyOrder("Ann.Smith@Example.com", "ann.smith@example.COM", "Ann.Smith@example.com");
        assertThat(RequestCounter.operations()).containsExactly("Query");
    }

    @Test
    void byEmail_shouldRefuseAnEmailThatIsNone_orOneWithANamePrefix() {
        String business = createBusiness("Bad Emails Ltd");
        for (String email : List.of(" ", "no-at-sign", "@example.com", "a@" + "x".repeat(300))) {
            given().queryParam("email", email)
                    .get("/businesses/" + business + "/customers")
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("errors[0].field", equalTo("email"));
        }
        given().queryParam("email", "ann@example.com")
                .queryParam("namePrefix", "sm")
                .get("/businesses/" + business + "/customers")
                .then()
                .statusCode(400)
                .body("errors[0].field", equalTo("email"));
    }

    private static String customerWithEmail(String business, String first, String last, String email) {
        return ApiTestSupport.idOf(post(
                        "/businesses/" + business + "/customers",
                        Map.of("firstName", first, "lastName", last, "email", email))
                .then()
                .statusCode(201));
    }

    @Test
    void link_shouldAddStore_whenStoreOfSameBusiness_andBeIdempotent() {
        // GIVEN
        String business = createBusiness("Links");
        String customer = createCustomer(business, "Ann", "Smith");
        String store = createStore(business, "Downtown", address("Austin", "TX", "73301", "US"));

        // WHEN
        RequestCounter.reset();
        given().put("/customers/" + customer + "/stores/" + store)
                .then()
                .statusCode(204)
                .header("ETag", "\"2\"");
        List<String> linkOperations = RequestCounter.operations();
        given().put("/customers/" + customer + "/stores/" + store)
                .then()
                .statusCode(204)
                .header("ETag", "\"2\"");

        // THEN
        assertThat(linkOperations).containsExactly("Query", "Query", "TransactWriteItems");
        given().get("/customers/" + customer)
                .then()
                .body("storeIds", contains(store))
                .body("version", equalTo(2));
        given().delete("/customers/" + customer + "/stores/" + store)
                .then()
                .statusCode(204)
                .header("ETag", "\"3\"");
        given().get("/customers/" + customer).then().body("storeIds", org.hamcrest.Matchers.empty());
    }

    @Test
    void link_shouldRefuseMissingStore_andStoreOfAnotherBusiness() {
        String customer = createCustomer(createBusiness("One"), "Ann", "Smith");
        String foreignStore = createStore(createBusiness("Two"), "Elsewhere", address("Austin", "TX", "73301", "US"));

        given().put("/customers/" + customer + "/stores/01ARZ3NDEKTSV4RRFFQ69G5FAV")
                .then()
                .statusCode(404);
        given().put("/customers/" + customer + "/stores/" + foreignStore)
                .then()
                .statusCode(422)
                .contentType("application/problem+json");
        given().put("/customers/" + customer + "/stores/not-an-id").then().statusCode(422);
        given().get("/customers/" + customer).then().body("version", equalTo(1));
    }

    @Test
    void tags_shouldNormaliseAndBumpVersion_andLimitTo50() {
        // GIVEN
        String customer = createCustomer(createBusiness("Tags"), "Ann", "Smith");

        // WHEN
        given().put("/customers/" + customer + "/tags/VIP")
                .then()
                .statusCode(204)
                .header("ETag", "\"2\"");
        given().put("/customers/" + customer + "/tags/vip")
                .then()
                .statusCode(204)
                .header("ETag", "\"2\"");
        given().put("/customers/" + customer + "/tags/bad%23tag").then().statusCode(422);

        // THEN
        given().get("/customers/" + customer).then().body("tags", contains("vip"));
        for (int i = 0; i < 49; i++) {
            given().put("/customers/" + customer + "/tags/t" + i).then().statusCode(204);
        }
        given().put("/customers/" + customer + "/tags/one-too-many").then().statusCode(422);
        given().delete("/customers/" + customer + "/tags/vip").then().statusCode(204);
        assertThat(given().get("/customers/" + customer).then().extract().<List<String>>path("tags"))
                .hasSize(49);
    }

    @Test
    void addresses_shouldBeLimitedTo20() {
        Map<String, Object> addresses = new java.util.HashMap<>();
        for (int i = 0; i < 21; i++) {
            addresses.put("a" + i, address("Austin", "TX", "73301", "US"));
        }
        post(
                        "/businesses/" + createBusiness("Many") + "/customers",
                        Map.of("firstName", "A", "lastName", "B", "mailingAddresses", addresses))
                .then()
                .statusCode(422)
                .body("errors[0].field", equalTo("mailingAddresses"));
    }

    @Test
    void delete_shouldRemoveCustomer_andUncountIt() {
        // GIVEN
        String business = createBusiness("Delete Co");
        String customer = createCustomer(business, "Ann", "Smith");

        // WHEN
        given().header("If-Match", "\"7\"")
                .delete("/customers/" + customer)
                .then()
                .statusCode(412);
        given().header("If-Match", "\"1\"")
                .delete("/customers/" + customer)
                .then()
                .statusCode(204);

        // THEN
        given().get("/customers/" + customer).then().statusCode(404);
        given().delete("/businesses/" + business).then().statusCode(204);
    }

    @Test
    void delete_shouldFitInOneTransaction_atTheMostStoresACustomerMayList_andLeaveATombstone() {
        // GIVEN a customer listing the most stores it may (97), and one store more
        String business = createBusiness("Many Stores");
        String customer = createCustomer(business, "Ann", "Smith");
        List<String> stores = new ArrayList<>();
        for (int i = 0; i <= SubjectService.MAX_LINKS; i++) {
            stores.add(createStore(business, "Store " + i, address("Austin", "TX", "73301", "US")));
        }
        for (String store : stores.subList(0, SubjectService.MAX_LINKS)) {
            given().put("/customers/" + customer + "/stores/" + store).then().statusCode(204);
        }
        given().put("/customers/" + customer + "/stores/" + stores.get(SubjectService.MAX_LINKS))
                .then()
                .statusCode(422)
                .contentType("application/problem+json");

        // WHEN: the delete, its tombstone, the business count and 97 store counts make DynamoDB's 100 actions
        given().delete("/customers/" + customer).then().statusCode(204);

        // THEN
        given().get("/customers/" + customer).then().statusCode(404);
        Map<String, AttributeValue> tombstone = dynamo.getItem(request -> request.tableName(LocalDynamoResource.TABLE)
                        .key(Tombstone.keyOf(customer).toAttributes())
                        .consistentRead(true))
                .item();
        assertThat(tombstone)
                .containsEntry(Attributes.KIND, Values.s(ItemKind.TOMBSTONE.value()))
                .containsEntry(Attributes.VERSION, Values.n(SubjectService.MAX_LINKS + 1));
        // and the stores were uncounted in the same transaction: a linked store could not be deleted without ?unlink
        given().delete("/stores/" + stores.get(0)).then().statusCode(204);
        given().delete("/stores/" + stores.get(SubjectService.MAX_LINKS - 1))
                .then()
                .statusCode(204);
    }
}
