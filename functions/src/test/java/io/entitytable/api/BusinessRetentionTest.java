package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Retention;
import io.entitytable.model.Values;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code GET} and {@code PUT /businesses/{id}/retention}: how long a business's finished orders stay in the table,
 * read by its members, set by operators only, every refusal a problem that writes nothing (docs/design.md §2,
 * "Lifecycle").
 */
@QuarkusTest
class BusinessRetentionTest {
    private static final String PROBLEM_JSON = "application/problem+json";

    @Inject
    DynamoDbClient dynamo;

    @Test
    void aNewBusiness_shouldKeepFinishedOrdersFourHundredDays_andAnOperatorSetsAnother() {
        // GIVEN
        String business = createBusiness("Keeping");

        // THEN the default, read by a member of the business too
        given().header(TestCallerAccess.HEADER, TestCallerAccess.member(business))
                .get("/businesses/" + business + "/retention")
                .then()
                .statusCode(200)
                .body("businessId", equalTo(business))
                .body("orders", equalTo("P400D"));
        assertThat(businessItem(business)).doesNotContainKey(Attributes.RETENTION);

        // WHEN an operator sets ten seconds (a local system's shortest)
        RequestCounter.reset();
        put(business, "{\"orders\":\"PT10S\"}").then().statusCode(200).body("orders", equalTo("PT10S"));

        // THEN one read and one write; stored on the business without a version bump, and read back
        assertThat(RequestCounter.operations()).containsExactly("GetItem", "UpdateItem");
        Map<String, AttributeValue> item = businessItem(business);
        assertThat(Retention.of(item).of(Entity.ORDER)).isEqualTo(Duration.ofSeconds(10));
        assertThat(item.get(Attributes.VERSION)).isEqualTo(Values.n(1));
        given().get("/businesses/" + business + "/retention")
                .then()
                .statusCode(200)
                .body("orders", equalTo("PT10S"));

        // AND a change of the business keeps it
        given().contentType(ContentType.JSON)
                .body("{\"name\":\"Keeping Renamed\"}")
                .patch("/businesses/" + business)
                .then()
                .statusCode(200);
        assertThat(Retention.of(businessItem(business)).of(Entity.ORDER)).isEqualTo(Duration.ofSeconds(10));

        // AND the same retention again writes nothing
        RequestCounter.reset();
        put(business, "{\"orders\":\"PT10S\"}").then().statusCode(200);
        assertThat(RequestCounter.operations()).containsExactly("GetItem");
    }

    @Test
    void refusals_shouldAnswerProblemJson_andWriteNothing() {
        // GIVEN
        String business = createBusiness("Refusing retention");
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN a duration is malformed, negative, too short or too long, or none is named: 422
        for (String body : List.of(
                "{\"orders\":\"soon\"}",
                "{\"orders\":\"P-1D\"}",
                "{\"orders\":\"-PT10S\"}",
                "{\"orders\":\"PT9S\"}",
                "{\"orders\":\"PT0S\"}",
                "{\"orders\":\"P36501D\"}",
                "{\"orders\":\"P1Y\"}",
                "{\"orders\":400}",
                "{\"orders\":null}",
                "{\"orders\":[\"P1D\"]}")) {
            put(business, body)
                    .then()
                    .statusCode(422)
                    .contentType(PROBLEM_JSON)
                    .body("errors[0].field", equalTo("orders"));
        }
        put(business, "{\"orders\":\"PT9S\"}")
                .then()
                .body("errors[0].message", org.hamcrest.Matchers.containsString("from PT10S to P36500D"));
        put(business, "{}").then().statusCode(422).contentType(PROBLEM_JSON);
        // a body of another shape, or a field that is no kind with a lifecycle: 400
        for (String body : List.of("{\"stores\":\"P1D\"}", "[]", "\"P1D\"", "{\"orders\":\"P1D\",\"isAdmin\":true}")) {
            put(business, body).then().statusCode(400).contentType(PROBLEM_JSON);
        }
        // a member of the business may read it but not set it: 403; a member of another business: 404
        given().header(TestCallerAccess.HEADER, TestCallerAccess.member(business))
                .contentType(ContentType.JSON)
                .body("{\"orders\":\"P30D\"}")
                .put("/businesses/" + business + "/retention")
                .then()
                .statusCode(403)
                .contentType(PROBLEM_JSON);
        String other = TestCallerAccess.member(Ids.newId());
        for (Response response : List.of(
                given().header(TestCallerAccess.HEADER, other).get("/businesses/" + business + "/retention"),
                given().header(TestCallerAccess.HEADER, other)
                        .contentType(ContentType.JSON)
                        .body("{\"orders\":\"P30D\"}")
                        .put("/businesses/" + business + "/retention"))) {
            response.then().statusCode(404).contentType(PROBLEM_JSON);
        }
        // no such business, or no id
        put(Ids.newId(), "{\"orders\":\"P30D\"}").then().statusCode(404).contentType(PROBLEM_JSON);
        put("not-an-id", "{\"orders\":\"P30D\"}").then().statusCode(422).contentType(PROBLEM_JSON);

        // THEN nothing was written
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void aBusinessBeingErased_shouldNotTakeARetention() {
        // GIVEN
        String business = createBusiness("Erasing retention");
        given().delete("/businesses/" + business + "?cascade=true").then().statusCode(202);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN / THEN
        put(business, "{\"orders\":\"P30D\"}").then().statusCode(409).contentType(PROBLEM_JSON);
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    private static Response put(String business, String body) {
        return given().contentType(ContentType.JSON).body(body).put("/businesses/" + business + "/retention");
    }

    private Map<String, AttributeValue> businessItem(String business) {
        return dynamo.getItem(request -> request.tableName(LocalDynamoResource.TABLE)
                        .key(new ItemKey(business, Keys.BUSINESS_TYPE).toAttributes())
                        .consistentRead(true))
                .item();
    }
}
