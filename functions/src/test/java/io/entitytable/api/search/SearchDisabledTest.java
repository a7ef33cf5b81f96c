package io.entitytable.api.search;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.restassured.RestAssured.given;

import io.entitytable.api.LocalDynamoResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** A deployment without a search index: the route is there, and answers 404 with a problem. */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class SearchDisabledTest {

    @Test
    void search_shouldBeNotFound_whenTheDeploymentHasNoSearchIndex() {
        String business = createBusiness("No search");
        given().queryParam("q", "anything")
                .get("/businesses/" + business + "/search")
                .then()
                .statusCode(404)
                .contentType("application/problem+json");
    }
}
