package io.entitytable.api.declared;

import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.RequestCounter;
import io.entitytable.model.Entity;
import io.entitytable.model.supplier.Supplier;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The supplier, the test-only entity the table model's test jar shares ({@link Supplier}), through the API: the same
 * declaration whose tag copies, renames, search document, verify, capacity recipes, erase and tenant file the other
 * modules' tests run through their code. Here it is created, read, changed (a rename moves its key), tagged, listed by
 * its depot's city and zip, refused a duplicate of its unique email in other letters, and deleted, with no main code
 * written for it. The contract, authorization and hostile-input corpora of this folder take it as they take every
 * declared entity ({@link DeclaredEntities#all}).
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class SupplierApiTest {

    @BeforeAll
    static void declare() {
        assertThat(Entity.fromKeyName(Supplier.ENTITY.keyName())).contains(Supplier.ENTITY);
    }

    @Test
    void supplier_shouldBeCreatedReadChangedTaggedAndDeleted_asItsDeclarationSays() {
        // GIVEN
        String business = createBusiness("Roastery");

        // WHEN it is made with its depot, contacts, deliveries and regions: its email lower-cased, regions upper-cased
        Response made = post(
                "/businesses/" + business + "/suppliers",
                Map.of(
                        "name",
                        "Acme Beans",
                        "email",
                        "Orders@Acme.example",
                        "code",
                        "ACM-001",
                        "depot",
                        Map.of("city", "Lyon", "zip", "69001"),
                        "contacts",
                        Map.of("orders", Map.of("name", "Ann Lee")),
                        "deliveries",
                        List.of(Map.of("sku", "BEAN-1", "days", 2)),
                        "regions",
                        List.of("eu"),
                        "tags",
                        List.of("Green")));

        // THEN its answer holds the values as stored, the delivery's hours made of its days
        made.then()
                .statusCode(201)
                .header("ETag", "\"1\"")
                .body("entity", equalTo("supplier"))
                .body("email", equalTo("orders@acme.example"))
                .body("depot.city", equalTo("Lyon"))
                .body("contacts.orders.name", equalTo("Ann Lee"))
                .body("deliveries[0].hours", equalTo(48))
                .body("regions", containsInAnyOrder("EU"))
                .body("tags", containsInAnyOrder("green"));
        String id = made.path("id");
        given().get("/suppliers/" + id).then().statusCode(200).body("name", equalTo("Acme Beans"));

        // WHEN it is renamed at its version, then asked to change its immutable code
        patched(id, "\"1\"", Map.of("name", "Acme Roasters"))
                .statusCode(200)
                .header("ETag", "\"2\"")
                .body("name", equalTo("Acme Roasters"));
        patched(id, null, Map.of("code", "ACM-002"))
                .statusCode(422)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("code"));

        // THEN the business lists it under its new name only
        awaitIndexesCaughtUp();
        assertThat(listed(business, "?namePrefix=acme r")).containsExactly("Acme Roasters");
        assertThat(listed(business, "?namePrefix=acme b")).isEmpty();

        // WHEN it is tagged and untagged
        given().put("/suppliers/" + id + "/tags/Organic").then().statusCode(204).header("ETag", "\"3\"");
        given().delete("/suppliers/" + id + "/tags/green").then().statusCode(204);

        // THEN
        given().get("/suppliers/" + id).then().body("tags", containsInAnyOrder("organic"));

        // WHEN deleted at a stale version, then at the current one
        given().header("If-Match", "\"1\"").delete("/suppliers/" + id).then().statusCode(412);
        given().header("If-Match", "\"4\"").delete("/suppliers/" + id).then().statusCode(204);

        // THEN it is gone
        given().get("/suppliers/" + id).then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void email_shouldBeUniqueWithinTheBusiness_inAnyLetterCase_andFreeAgainOnceReleased() {
        // GIVEN a supplier of one business
        String business = createBusiness("Unique");
        String first = created(business, "Acme Beans", "orders@acme.example", "Lyon");

        // WHEN another takes its email in other letters, then a supplier of another business takes it
        post("/businesses/" + business + "/suppliers", Map.of("name", "Copy", "email", "ORDERS@ACME.EXAMPLE"))
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("email"));
        created(createBusiness("Elsewhere"), "Acme Beans", "orders@acme.example", "Lyon");

        // THEN nothing was written for the refused one
        awaitIndexesCaughtUp();
        given().get("/businesses/" + business + "/suppliers").then().body("items.id", containsInAnyOrder(first));

        // WHEN the first gives its email up, another may take it
        patched(first, null, Map.of("email", "sales@acme.example")).statusCode(200);
        created(business, "Beans Two", "orders@acme.example", "Lyon");
    }

    @Test
    void listByDepot_shouldFindSuppliersByCityThenZip_withOneQueryOfGsi1() {
        // GIVEN suppliers in Lyon (two zips) and Paris
        String business = createBusiness("Depots");
        created(business, "Lyon One", "one@example.com", Map.of("city", "Lyon", "zip", "69001"));
        created(business, "Lyon Two", "two@example.com", Map.of("city", "Lyon", "zip", "69002"));
        created(business, "Paris", "paris@example.com", Map.of("city", "Paris", "zip", "75001"));
        awaitIndexesCaughtUp();

        // WHEN listed by city, then by city and zip
        RequestCounter.reset();
        List<String> inLyon = listed(business, "?city=lyon");
        List<String> operations = RequestCounter.operations();

        // THEN each is one Query, of the suppliers at those levels
        assertThat(inLyon).containsExactlyInAnyOrder("Lyon One", "Lyon Two");
        assertThat(operations).containsExactly("Query");
        assertThat(listed(business, "?city=Lyon&zip=69002")).containsExactly("Lyon Two");
        // AND a zip without its city is a 400
        given().get("/businesses/" + business + "/suppliers?zip=69001")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        given().get("/businesses/" + business + "/suppliers?city=Marseille")
                .then()
                .body("items", empty());
    }

    private static String created(String business, String name, String email, String city) {
        return created(business, name, email, Map.of("city", city));
    }

    private static String created(String business, String name, String email, Map<String, String> depot) {
        return post("/businesses/" + business + "/suppliers", Map.of("name", name, "email", email, "depot", depot))
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    private static ValidatableResponse patched(String id, String ifMatch, Map<String, Object> body) {
        var request = given().contentType(ContentType.JSON).body(body);
        if (ifMatch != null) {
            request.header("If-Match", ifMatch);
        }
        return request.patch("/suppliers/" + id).then();
    }

    private static List<String> listed(String business, String query) {
        return given().get("/businesses/" + business + "/suppliers" + query)
                .then()
                .statusCode(200)
                .extract()
                .path("items.name");
    }
}
