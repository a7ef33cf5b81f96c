package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class BusinessResourceTest {

    @Test
    void create_shouldReturn201WithLocationAndEtag() {
        // WHEN
        RequestCounter.reset();
        var response = given().contentType(ContentType.JSON)
                .body(Map.of("name", "Acme", "tags", java.util.List.of("VIP")))
                .post("/businesses");

        // THEN
        response.then()
                .statusCode(201)
                .header("ETag", "\"1\"")
                .header("Location", startsWith("http"))
                .body("entity", equalTo("business"))
                .body("name", equalTo("Acme"))
                .body("tags[0]", equalTo("vip"))
                .body("version", equalTo(1));
        assertThat(RequestCounter.operations())
                .containsExactly("TransactWriteItems"); // the business and its child counters
    }

    @Test
    void get_shouldBeOneGetItem() {
        // GIVEN
        String id = createBusiness("Globex");

        // WHEN
        RequestCounter.reset();
        var response = given().get("/businesses/" + id);

        // THEN
        response.then().statusCode(200).header("ETag", "\"1\"").body("name", equalTo("Globex"));
        assertThat(RequestCounter.operations()).containsExactly("GetItem");
    }

    @Test
    void patch_shouldBumpVersion_andRefuseStaleIfMatch() {
        // GIVEN
        String id = createBusiness("Initech");

        // WHEN
        var patched = given().contentType(ContentType.JSON)
                .header("If-Match", "\"1\"")
                .body(Map.of("name", "Initech Two"))
                .patch("/businesses/" + id);
        var stale = given().contentType(ContentType.JSON)
                .header("If-Match", "\"1\"")
                .body(Map.of("name", "Lost update"))
                .patch("/businesses/" + id);

        // THEN
        patched.then().statusCode(200).header("ETag", "\"2\"").body("name", equalTo("Initech Two"));
        stale.then().statusCode(412).contentType("application/problem+json").body("status", equalTo(412));
        given().get("/businesses/" + id).then().body("name", equalTo("Initech Two"));
    }

    @Test
    void errors_shouldBeProblemJson() {
        given().get("/businesses/01ARZ3NDEKTSV4RRFFQ69G5FAV")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
        given().get("/businesses/abc#def").then().statusCode(422).contentType("application/problem+json");
        given().contentType(ContentType.JSON)
                .body("{\"name\": ")
                .post("/businesses")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        given().contentType(ContentType.JSON)
                .body("{\"name\": \"A\", \"color\": \"red\"}")
                .post("/businesses")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("detail", startsWith("unknown field 'color'"));
        given().contentType(ContentType.JSON)
                .body("{}")
                .post("/businesses")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("name"));
        // A name of white space alone is none: the declaration judges it trimmed.
        given().contentType(ContentType.JSON)
                .body("{\"name\": \"   \"}")
                .post("/businesses")
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("name"));
    }
}
