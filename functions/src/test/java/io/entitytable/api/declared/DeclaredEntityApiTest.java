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
 * An article, declared in test sources only ({@link Article}), through the API: create, read, change, delete, tags and
 * its list, each with what its declaration says of its fields, and nothing written for a refused body. Runs in a JVM
 * of its own (see the functions pom): the definition adds an entity to the domain, which the contract tests of the
 * shipped document must not see.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class DeclaredEntityApiTest {

    @BeforeAll
    static void declare() {
        assertThat(Entity.fromKeyName(Article.ENTITY.keyName())).contains(Article.ENTITY);
    }

    @Test
    void article_shouldBeCreatedReadChangedAndDeleted_asItsDeclarationSays() {
        // GIVEN
        String business = createBusiness("Roastery");

        // WHEN it is created: its sku lower-cased, its name trimmed, its tags normalised
        Response created = post(
                "/businesses/" + business + "/articles",
                Map.of("sku", "Beans-1KG", "name", " Espresso beans ", "priceCents", 1890, "tags", List.of("Coffee")));

        // THEN
        created.then()
                .statusCode(201)
                .header("ETag", "\"1\"")
                .body("entity", equalTo("article"))
                .body("businessId", equalTo(business))
                .body("sku", equalTo("beans-1kg"))
                .body("name", equalTo("Espresso beans"))
                .body("priceCents", equalTo(1890))
                .body("tags", containsInAnyOrder("coffee"));
        String id = created.path("id");
        assertThat(created.header("Location")).endsWith("/articles/" + id);
        given().get("/articles/" + id).then().statusCode(200).body("name", equalTo("Espresso beans"));

        // WHEN it is renamed, then asked to change its immutable sku
        given().contentType(ContentType.JSON)
                .header("If-Match", "\"1\"")
                .body(Map.of("name", "Decaf beans", "priceCents", 1990))
                .patch("/articles/" + id)
                .then()
                .statusCode(200)
                .header("ETag", "\"2\"")
                .body("name", equalTo("Decaf beans"))
                .body("priceCents", equalTo(1990))
                .body("sku", equalTo("beans-1kg"));
        given().contentType(ContentType.JSON)
                .body(Map.of("sku", "other"))
                .patch("/articles/" + id)
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("sku"));

        // WHEN deleted at a stale version, then at the current one
        given().header("If-Match", "\"1\"").delete("/articles/" + id).then().statusCode(412);
        given().header("If-Match", "\"2\"").delete("/articles/" + id).then().statusCode(204);

        // THEN it is gone
        given().get("/articles/" + id).then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void create_shouldNameEveryRefusedField_andWriteNothing() {
        // GIVEN
        String business = createBusiness("Refusals");

        // WHEN no name, a negative price, a sku of the wrong shape
        post("/businesses/" + business + "/articles", Map.of("sku", "a b", "priceCents", -1))
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("errors.field", containsInAnyOrder("sku", "name", "priceCents"));
        // and a field the article does not have
        post("/businesses/" + business + "/articles", Map.of("sku", "a", "name", "A", "priceCents", 1, "colour", "red"))
                .then()
                .statusCode(400)
                .contentType("application/problem+json");

        // THEN the business has no article
        awaitIndexesCaughtUp();
        given().get("/businesses/" + business + "/articles")
                .then()
                .statusCode(200)
                .body("items", empty());
    }

    @Test
    void list_shouldFindArticlesByNamePrefix_inNameOrder_withOneQueryPerShard() {
        // GIVEN
        String business = createBusiness("Catalogue");
        for (String name : List.of("Espresso beans", "Filter papers", "espresso cups")) {
            post(
                            "/businesses/" + business + "/articles",
                            Map.of("sku", name.replace(' ', '-'), "name", name, "priceCents", 100))
                    .then()
                    .statusCode(201);
        }
        awaitIndexesCaughtUp();

        // WHEN
        RequestCounter.reset();
        List<String> names = given().get("/businesses/" + business + "/articles?namePrefix=ESP")
                .then()
                .statusCode(200)
                .extract()
                .path("items.name");

        // THEN
        assertThat(names).containsExactly("Espresso beans", "espresso cups");
        assertThat(RequestCounter.operations()).containsExactly("Query");
        given().get("/businesses/" + business + "/articles?namePrefix=" + "x".repeat(201))
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
    }

    @Test
    void listByFields_shouldFindArticlesByTheirShelfLevelByLevel_withOneQueryOfGsi1() {
        // GIVEN articles on shelves B7/2, B7/3 (named in lower case), B7 with no bay, C1/2, and one on no shelf
        String business = createBusiness("Warehouse");
        Map<String, Map<String, Object>> shelves = new java.util.LinkedHashMap<>();
        shelves.put("Cups", Map.of("aisle", "B7", "bay", "2"));
        shelves.put("Filters", Map.of("aisle", "B7", "bay", "3"));
        shelves.put("Mugs", Map.of("aisle", "B7"));
        shelves.put("Scales", Map.of("aisle", "C1", "bay", "2"));
        Map<String, String> ids = new java.util.HashMap<>();
        shelves.forEach((name, shelf) -> ids.put(
                name,
                created(business, Map.of("sku", name.toLowerCase(), "name", name, "priceCents", 100, "shelf", shelf))));
        created(business, Map.of("sku", "grinder", "name", "Grinder", "priceCents", 100));
        awaitIndexesCaughtUp();

        // WHEN listed by aisle, then by aisle and bay (in lower case)
        RequestCounter.reset();
        List<String> inB7 = listed(business, "?aisle=B7");
        List<String> operations = RequestCounter.operations();
        List<String> inB7Bay2 = listed(business, "?aisle=b7&bay=2");

        // THEN each is one Query, of the articles on those levels, by their next level then id
        assertThat(inB7).containsExactlyInAnyOrder("Cups", "Filters", "Mugs");
        assertThat(operations).containsExactly("Query");
        assertThat(inB7Bay2).containsExactly("Cups");
        // AND a level without the one above it, and a value that holds the keys' separator, are 400s
        for (Map<String, String> parameters :
                List.of(Map.of("bay", "2"), Map.of("aisle", "B#7"), Map.of("aisle", "B7", "namePrefix", "C"))) {
            given().queryParams(parameters)
                    .get("/businesses/" + business + "/articles")
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json");
        }

        // WHEN an article moves to another bay, and another is changed with its shelf left out (null)
        patched(ids.get("Cups"), Map.of("shelf", Map.of("aisle", "B7", "bay", "3")))
                .statusCode(200);
        given().contentType(ContentType.JSON)
                .header("If-Match", "\"1\"")
                .body("{\"shelf\":null,\"name\":\"Filters\"}")
                .patch("/articles/" + ids.get("Filters"))
                .then()
                .statusCode(200);
        awaitIndexesCaughtUp();

        // THEN the list follows: a shelf given whole moves the article; a field left out stays as it was
        assertThat(listed(business, "?aisle=B7&bay=3")).containsExactlyInAnyOrder("Cups", "Filters");
        assertThat(listed(business, "?aisle=B7&bay=2")).isEmpty();
    }

    private static List<String> listed(String business, String query) {
        return given().get("/businesses/" + business + "/articles" + query)
                .then()
                .statusCode(200)
                .extract()
                .path("items.name");
    }

    @Test
    void tags_shouldBeSetAndRemoved_throughTheSubjectsTagRoutes() {
        // GIVEN
        String business = createBusiness("Tags");
        String id = post(
                        "/businesses/" + business + "/articles", Map.of("sku", "t1", "name", "Tagged", "priceCents", 5))
                .then()
                .statusCode(201)
                .extract()
                .path("id");

        // WHEN / THEN
        given().put("/articles/" + id + "/tags/Sale").then().statusCode(204).header("ETag", "\"2\"");
        given().get("/articles/" + id).then().body("tags", containsInAnyOrder("sale"));
        given().delete("/articles/" + id + "/tags/sale").then().statusCode(204);
        given().get("/articles/" + id).then().body("tags", empty());
    }

    @Test
    void uniqueFields_shouldRefuseAValueAnotherArticleHolds_inAnyLetterCase_untilItIsReleased() {
        // GIVEN two articles of one business
        String business = createBusiness("Unique");
        String first =
                created(business, Map.of("sku", "beans-1kg", "name", "Beans", "priceCents", 1, "barcode", "40000001"));
        String second =
                created(business, Map.of("sku", "cups", "name", "Cups", "priceCents", 1, "barcode", "40000002"));

        // WHEN a third takes the first's sku in other letters, then another business takes it
        post("/businesses/" + business + "/articles", Map.of("sku", "BEANS-1KG", "name", "Copy", "priceCents", 1))
                .then()
                .statusCode(409)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("sku"));
        created(createBusiness("Elsewhere"), Map.of("sku", "beans-1kg", "name", "Beans", "priceCents", 1));

        // THEN nothing was written for the refused one
        awaitIndexesCaughtUp();
        given().get("/businesses/" + business + "/articles").then().body("items.id", containsInAnyOrder(first, second));

        // WHEN the second asks for the first's barcode, the first gives it up, and the second asks again
        patched(second, Map.of("barcode", "40000001")).statusCode(409).body("errors[0].field", equalTo("barcode"));
        patched(first, Map.of("barcode", "40000003")).statusCode(200);
        patched(second, Map.of("barcode", "40000001")).statusCode(200).body("barcode", equalTo("40000001"));

        // WHEN the first is deleted, its sku is free again
        given().delete("/articles/" + first).then().statusCode(204);
        created(business, Map.of("sku", "beans-1kg", "name", "Beans again", "priceCents", 2));
    }

    private static ValidatableResponse patched(String id, Map<String, Object> body) {
        return given().contentType(ContentType.JSON)
                .body(body)
                .patch("/articles/" + id)
                .then();
    }

    private static String created(String business, Map<String, Object> body) {
        return post("/businesses/" + business + "/articles", body)
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    @Test
    void anEntityNoOtherLinks_shouldHaveNoJobNorLinkers_andRefuseADeleteThatUnlinks() {
        // GIVEN a member: members link articles and customers stores, nothing links members
        String business = createBusiness("Unlinked");
        String id = post("/businesses/" + business + "/members", Map.of("firstName", "Solo", "lastName", "Member"))
                .then()
                .statusCode(201)
                .extract()
                .path("id");

        // WHEN / THEN the routes of a linked subject are paths the API does not serve for it
        given().get("/members/" + id + "/job").then().statusCode(404).contentType("application/problem+json");
        given().get("/members/" + id + "/customers").then().statusCode(404).contentType("application/problem+json");
        // AND a delete asking to unlink is a 400 that deletes nothing; a plain one deletes it
        given().delete("/members/" + id + "?unlink=true")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        given().get("/members/" + id).then().statusCode(200);
        given().delete("/members/" + id).then().statusCode(204);
        given().get("/members/" + id).then().statusCode(404);
    }

    @Test
    void aCollectionNoEntityDeclares_shouldBeA404Problem() {
        given().get("/widgets/01JD8X5N6P7Q8R9S0T1V2W3X4Y")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
    }
}
