package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.api.table.EntityTable;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.RelationshipCatalogue;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Reads over duplicates. The copies are written here exactly as the fan-out writes them (through the shared
 * {@link RelationshipCatalogue}), so these tests depend on the read side only.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class CopyReadsTest {
    @Inject
    EntityTable table;

    void fanOut(Entity entity, String id) {
        ApiTestSupport.writeCopies(table, entity, id);
    }

    List<String> walk(String path, int limit) {
        List<String> seen = new ArrayList<>();
        String next = null;
        do {
            RequestCounter.reset();
            var request = given().queryParam("limit", limit);
            if (next != null) {
                request.queryParam("next", next);
            }
            var page = request.get(path).then().statusCode(200).extract();
            seen.addAll(page.path("items.id"));
            next = page.path("next");
        } while (next != null);
        return seen;
    }

    @Test
    void storesOfCustomer_andCustomersOfStore_shouldReadEdgesWithOneQueryPerPage() {
        // GIVEN
        String business = createBusiness("Edges");
        String ann = createCustomer(business, "Ann", "Smith");
        String bob = createCustomer(business, "Bob", "Jones");
        List<String> stores = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            String store = createStore(business, "Store " + i, address("Austin", "TX", "73301", "US"));
            stores.add(store);
            given().put("/customers/" + ann + "/stores/" + store).then().statusCode(204);
        }
        given().put("/customers/" + bob + "/stores/" + stores.get(0)).then().statusCode(204);
        fanOut(Entity.CUSTOMER, ann);
        fanOut(Entity.CUSTOMER, bob);

        // WHEN
        RequestCounter.reset();
        var first = given().get("/customers/" + ann + "/stores?limit=2");

        // THEN
        first.then()
                .statusCode(200)
                .body("items[0].entity", equalTo("store"))
                .body("items[0].name", equalTo("Store 0"));
        assertThat(RequestCounter.operations()).containsExactly("Query");
        assertThat(walk("/customers/" + ann + "/stores", 2)).containsExactlyElementsOf(stores);
        assertThat(walk("/stores/" + stores.get(0) + "/customers", 1)).containsExactlyInAnyOrder(ann, bob);
        given().get("/stores/" + stores.get(0) + "/customers")
                .then()
                .body("items.lastName", org.hamcrest.Matchers.hasItems("Smith", "Jones"))
                .body("items[0].businessId", org.hamcrest.Matchers.nullValue());
    }

    @Test
    void tagged_shouldFilterByType_andMergeSeveralTags() {
        // GIVEN: one customer tagged a, one store tagged a and b, one store tagged b
        String business = createBusiness("Tagging");
        String customer = createCustomer(business, "Ann", "Smith");
        String both = createStore(business, "Both", address("Austin", "TX", "73301", "US"));
        String onlyB = createStore(business, "Only B", address("Austin", "TX", "73301", "US"));
        String a = "a-" + business.toLowerCase();
        String b = "b-" + business.toLowerCase();
        given().put("/customers/" + customer + "/tags/" + a).then().statusCode(204);
        given().put("/stores/" + both + "/tags/" + a).then().statusCode(204);
        given().put("/stores/" + both + "/tags/" + b).then().statusCode(204);
        given().put("/stores/" + onlyB + "/tags/" + b).then().statusCode(204);
        fanOut(Entity.CUSTOMER, customer);
        fanOut(Entity.STORE, both);
        fanOut(Entity.STORE, onlyB);
        String tagged = "/businesses/" + business + "/tagged";

        // WHEN
        RequestCounter.reset();
        var stores = given().get(tagged + "/" + a + "?type=store");
        List<String> oneTag = RequestCounter.operations();
        RequestCounter.reset();
        var any = given().get(tagged + "?any=" + a + "," + b);
        List<String> twoTags = RequestCounter.operations();

        // THEN
        stores.then().statusCode(200).body("items.id", contains(both));
        assertThat(oneTag).containsExactly("Query");
        assertThat(any.then().statusCode(200).extract().<List<String>>path("items.id"))
                .containsExactlyInAnyOrder(customer, both, onlyB);
        assertThat(twoTags).containsExactly("Query", "Query");
        any.then().body("items.entity", org.hamcrest.Matchers.containsInAnyOrder("customer", "store", "store"));
        given().get(tagged + "?all=" + a + "," + b).then().body("items.id", contains(both));
        given().get(tagged + "?any=" + a + "," + b + "&type=store")
                .then()
                .body("items.id", org.hamcrest.Matchers.hasSize(2));
        assertThat(walk(tagged + "?any=" + a + "," + b, 1)).containsExactlyInAnyOrder(customer, both, onlyB);
        assertThat(walk(tagged + "?all=" + a + "," + b, 1)).containsExactly(both);
    }

    @Test
    void tagged_shouldShowOnlyTheBusinessOwnSubjects_whenAnotherBusinessUsesTheSameTag() {
        // GIVEN two businesses, each with a store tagged the same
        String mine = createBusiness("Mine");
        String theirs = createBusiness("Theirs");
        String myStore = createStore(mine, "Mine", address("Austin", "TX", "73301", "US"));
        String theirStore = createStore(theirs, "Theirs", address("Austin", "TX", "73301", "US"));
        String tag = "shared-" + mine.toLowerCase();
        given().put("/stores/" + myStore + "/tags/" + tag).then().statusCode(204);
        given().put("/stores/" + theirStore + "/tags/" + tag).then().statusCode(204);
        fanOut(Entity.STORE, myStore);
        fanOut(Entity.STORE, theirStore);

        // WHEN
        var one = given().get("/businesses/" + mine + "/tagged/" + tag);
        var several = given().get("/businesses/" + mine + "/tagged?any=" + tag + ",other");

        // THEN
        one.then().statusCode(200).body("items.id", contains(myStore));
        several.then().statusCode(200).body("items.id", contains(myStore));
        given().get("/businesses/" + theirs + "/tagged/" + tag).then().body("items.id", contains(theirStore));
    }

    @Test
    void tagged_shouldRefuseBadInput() {
        String tagged = "/businesses/" + Ids.newId() + "/tagged";
        given().get(tagged + "/ok?type=planet").then().statusCode(400).contentType("application/problem+json");
        given().get(tagged + "?any=a&all=b").then().statusCode(400);
        given().get(tagged).then().statusCode(400);
        given().get(tagged + "?any=a,b,c,d,e,f,g,h,i,j,k").then().statusCode(400);
        given().get(tagged + "?any=ok,bad%23tag")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("any"));
        given().get(tagged + "/bad%23tag").then().statusCode(422);
        given().get("/businesses/not-an-id/tagged/ok").then().statusCode(422);
        String next = given().get(tagged + "?any=x,y&limit=1").then().extract().path("next");
        if (next != null) {
            given().queryParam("next", next).get(tagged + "?all=x,y").then().statusCode(400);
        }
        given().queryParam("next", "e30.AAAA").get(tagged + "?all=x,y").then().statusCode(400);
    }
}
