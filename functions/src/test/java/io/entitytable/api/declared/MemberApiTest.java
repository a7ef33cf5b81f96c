package io.entitytable.api.declared;

import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.api.ApiTestSupport;
import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.RequestCounter;
import io.entitytable.api.table.EntityTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Values;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A member, declared in test sources only ({@link Member}), through the API: listed by a name of two fields and found
 * by its email, each one Query a page, and linking articles, with no code of its own.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class MemberApiTest {
    @Inject
    EntityTable table;

    @Test
    void list_shouldOrderByLastThenFirstName_andFindANamePrefixAcrossBoth() {
        // GIVEN
        String business = createBusiness("Club");
        String ada = member(business, "Ada", "Lovelace", "ada@example.com");
        String byron = member(business, "Byron", "Lovelace", null);
        String alan = member(business, "Alan", "Turing", null);
        awaitIndexesCaughtUp();

        // WHEN
        List<String> all = ids(business, "");
        RequestCounter.reset();
        List<String> lovelaceA = ids(business, "?namePrefix=LOVELACE.a");

        // THEN
        assertThat(all).containsExactly(ada, byron, alan);
        assertThat(lovelaceA).containsExactly(ada);
        assertThat(RequestCounter.operations()).containsExactly("Query");
        // AND a name prefix may be as long as both names and the dot between them, no longer
        given().get("/businesses/" + business + "/members?namePrefix=" + "x".repeat(201))
                .then()
                .statusCode(200);
        given().get("/businesses/" + business + "/members?namePrefix=" + "x".repeat(202))
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("namePrefix"));
    }

    @Test
    void rename_shouldMoveTheMemberInTheList_byEitherPartOfItsName() {
        // GIVEN
        String business = createBusiness("Renames");
        String ada = member(business, "Ada", "Lovelace", null);

        // WHEN its last name changes
        given().contentType(ContentType.JSON)
                .body(Map.of("lastName", "King"))
                .patch("/members/" + ada)
                .then()
                .statusCode(200);
        awaitIndexesCaughtUp();

        // THEN it is listed under its new name only
        assertThat(ids(business, "?namePrefix=king.ada")).containsExactly(ada);
        assertThat(ids(business, "?namePrefix=lovelace")).isEmpty();
    }

    @Test
    void email_shouldFindTheMembersWithIt_inAnyLetterCase_withOneQuery() {
        // GIVEN two members with one email in two letter cases, one with another, and one in another business
        String business = createBusiness("Emails");
        String first = member(business, "Ada", "Lovelace", "Ada@Example.com");
        String second = member(business, "Byron", "Lovelace", "ada@example.COM");
        member(business, "Alan", "Turing", "alan@example.com");
        member(createBusiness("Elsewhere"), "Ada", "Lovelace", "ada@example.com");
        awaitIndexesCaughtUp();

        // WHEN
        RequestCounter.reset();
        List<String> found = ids(business, "?email=ADA@example.com");

        // THEN oldest first, each as it was given
        assertThat(found).containsExactly(first, second);
        assertThat(RequestCounter.operations()).containsExactly("Query");
        given().get("/members/" + first).then().body("email", equalTo("Ada@Example.com"));
    }

    @Test
    void email_shouldRefuseABlankOrTooLongValue_andOneBesideANamePrefix() {
        String business = createBusiness("Refused lookups");
        for (String query : List.of("?email=", "?email=%20", "?email=" + "x".repeat(255), "?email=a%00b")) {
            var answer = given().urlEncodingEnabled(false)
                    .get("/businesses/" + business + "/members" + query)
                    .then()
                    .extract();
            assertThat(answer.statusCode()).as(query).isEqualTo(400);
            assertThat(answer.contentType()).as(query).startsWith("application/problem+json");
            assertThat(answer.<String>path("errors[0].field")).as(query).isEqualTo("email");
        }
        given().get("/businesses/" + business + "/members?email=ada@example.com&namePrefix=love")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("email"));
    }

    @Test
    void link_shouldCountOnTheArticle_listBothWays_andUncountOnDelete() {
        // GIVEN a member and two articles of its business, and an article of another business
        String business = createBusiness("Links");
        String ada = member(business, "Ada", "Lovelace", null);
        String beans = article(business, "beans");
        String cups = article(business, "cups");
        String foreign = article(createBusiness("Other links"), "foreign");

        // WHEN it links both (the first twice), then unlinks the second
        given().put("/members/" + ada + "/articles/" + beans)
                .then()
                .statusCode(204)
                .header("ETag", "\"2\"");
        given().put("/members/" + ada + "/articles/" + beans)
                .then()
                .statusCode(204)
                .header("ETag", "\"2\"");
        given().put("/members/" + ada + "/articles/" + cups).then().statusCode(204);
        given().delete("/members/" + ada + "/articles/" + cups).then().statusCode(204);

        // THEN it links the first, which counts it, and the second is uncounted
        given().get("/members/" + ada).then().statusCode(200).body("articleIds", contains(beans));
        assertThat(linkCount(beans)).isEqualTo(1);
        assertThat(linkCount(cups)).isZero();
        // AND the article of another business, a missing one, a malformed id and a collection it does not link are
        // refused, and a body cannot set the links
        given().put("/members/" + ada + "/articles/" + foreign)
                .then()
                .statusCode(422)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("articleId"));
        given().put("/members/" + ada + "/articles/" + Ids.newId()).then().statusCode(404);
        given().put("/members/" + ada + "/articles/not-an-id")
                .then()
                .statusCode(422)
                .body("errors[0].field", equalTo("articleId"));
        given().put("/members/" + ada + "/stores/" + beans).then().statusCode(404);
        given().contentType(ContentType.JSON)
                .body(Map.of("articleIds", List.of(cups)))
                .patch("/members/" + ada)
                .then()
                .statusCode(400);
        // AND a linked article is a 409 to delete while the member links it
        given().delete("/articles/" + beans).then().statusCode(409);

        // WHEN the fan-out's copies are written, THEN each side lists the other
        fanOut(Member.ENTITY, ada);
        given().get("/members/" + ada + "/articles").then().statusCode(200).body("items.id", contains(beans));
        given().get("/articles/" + beans + "/members").then().statusCode(200).body("items.id", contains(ada));

        // WHEN the member is deleted, THEN the article is uncounted in the same write, and may go
        given().delete("/members/" + ada).then().statusCode(204);
        assertThat(linkCount(beans)).isZero();
        given().delete("/articles/" + beans).then().statusCode(204);
    }

    private long linkCount(String article) {
        Map<String, AttributeValue> item =
                table.findCore(Article.ENTITY, article).orElseThrow();
        return Values.number(item, Attributes.LINK_COUNT);
    }

    private void fanOut(Entity entity, String id) {
        ApiTestSupport.writeCopies(table, entity, id);
        awaitIndexesCaughtUp();
    }

    private static String article(String business, String sku) {
        return post("/businesses/" + business + "/articles", Map.of("sku", sku, "name", sku, "priceCents", 100))
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    private static String member(String business, String firstName, String lastName, String email) {
        Map<String, Object> body = email == null
                ? Map.of("firstName", firstName, "lastName", lastName)
                : Map.of("firstName", firstName, "lastName", lastName, "email", email);
        return post("/businesses/" + business + "/members", body)
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    private static List<String> ids(String business, String query) {
        return given().get("/businesses/" + business + "/members" + query)
                .then()
                .statusCode(200)
                .extract()
                .path("items.id");
    }
}
