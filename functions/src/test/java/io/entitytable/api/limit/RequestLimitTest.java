package io.entitytable.api.limit;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.access.TestCallerAccess.member;
import static io.entitytable.api.limit.RequestLimitProfile.PER_BUSINESS;
import static io.entitytable.api.limit.RequestLimitProfile.PER_CALLER;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.api.TableSnapshot;
import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.deployment.metrics.EmfLines;
import io.entitytable.deployment.metrics.MetricNames;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The request limit through the API: a business is held to its share of each second, and its excess never costs another
 * business an answer. The clock is held, so every request of a test falls in a second the test chose.
 */
@QuarkusTest
@TestProfile(RequestLimitProfile.class)
class RequestLimitTest {
    @Inject
    HeldRateClock clock;

    @Inject
    DynamoDbClient dynamo;

    @Inject
    EmfLines metrics;

    @Test
    void aBusinessSendingTenTimesItsLimit_shouldBeAnswered429_whileAnotherBusinessIsAnsweredEveryTime() {
        // GIVEN two businesses and a fresh second
        String a = createBusiness("Loud");
        String b = createBusiness("Quiet");
        clock.tick();
        metrics.lines();
        metrics.clear();

        // WHEN A's member sends ten times its limit, and B's member its whole share in between
        List<Integer> fromA = new ArrayList<>();
        List<Integer> fromB = new ArrayList<>();
        for (int i = 0; i < 10 * PER_BUSINESS; i++) {
            fromA.add(get("/businesses/" + a, member(a)).statusCode());
            if (i % 10 == 5) {
                fromB.add(get("/businesses/" + b, member(b)).statusCode());
            }
        }

        // THEN A got its limit answered and the rest refused; B got every call answered
        assertThat(fromA).filteredOn(status -> status == 200).hasSize(PER_BUSINESS);
        assertThat(fromA).filteredOn(status -> status == 429).hasSize(9 * PER_BUSINESS);
        assertThat(fromA.subList(0, PER_BUSINESS)).containsOnly(200);
        assertThat(fromB).hasSize(PER_BUSINESS).containsOnly(200);
        // and the API's metrics counted every refusal
        assertThat(metrics.sum(MetricNames.REQUESTS_THROTTLED, Map.of(MetricNames.FUNCTION, "api")))
                .isEqualTo(9 * PER_BUSINESS);
    }

    @Test
    void aSpentShare_shouldBeA429ProblemWithRetryAfter_thatWritesNothing_untilTheNextSecond() {
        // GIVEN a business whose member spent its share of this second
        String business = createBusiness("Spent");
        clock.tick();
        for (int i = 0; i < PER_BUSINESS; i++) {
            get("/businesses/" + business, member(business)).then().statusCode(200);
        }
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN it asks for a change
        Response refused = rename(business, "Renamed");

        // THEN 429 problem+json with Retry-After, and nothing was written, not even to its count
        refused.then()
                .statusCode(429)
                .contentType("application/problem+json")
                .header("Retry-After", "1")
                .body("status", equalTo(429))
                .body("title", equalTo("Too many requests"))
                .body("detail", containsString("business " + business));
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);

        // WHEN the next second comes, THEN the same change is made
        clock.tick();
        rename(business, "Renamed").then().statusCode(200);
        get("/businesses/" + business, member(business)).then().body("name", equalTo("Renamed"));
    }

    @Test
    void aMemberOnAnotherBusinessesRoutes_shouldSpendItsOwnShare_neverTheBusinessItNames() {
        // GIVEN two businesses and a fresh second
        String a = createBusiness("Prying");
        String b = createBusiness("Pried");
        clock.tick();

        // WHEN A's member sends ten times its limit to B's route
        List<Integer> prying = new ArrayList<>();
        for (int i = 0; i < 10 * PER_BUSINESS; i++) {
            prying.add(get("/businesses/" + b, member(a)).statusCode());
        }

        // THEN A's share was spent (404s, then 429s), B's was not: its member is answered, A's own route is not
        assertThat(prying.subList(0, PER_BUSINESS)).containsOnly(404);
        assertThat(prying.subList(PER_BUSINESS, prying.size())).containsOnly(429);
        for (int i = 0; i < PER_BUSINESS; i++) {
            get("/businesses/" + b, member(b)).then().statusCode(200);
        }
        get("/businesses/" + a, member(a)).then().statusCode(429);
    }

    @Test
    void aMemberOfSeveralBusinesses_shouldBeHeldToTheCallerLimitOnSubjectRoutes_andAnOperatorNot() {
        // GIVEN a customer of A, a member of both A and B, and a fresh second
        String a = createBusiness("First");
        String b = createBusiness("Second");
        String customer = createCustomer(a, "Ann", "Smith");
        clock.tick();

        // WHEN the member of both reads the customer three times its caller limit, and an operator ten times
        List<Integer> ofBoth = new ArrayList<>();
        for (int i = 0; i < 3 * PER_CALLER; i++) {
            ofBoth.add(get("/customers/" + customer, member(a, b)).statusCode());
        }
        List<Integer> ofOperator = new ArrayList<>();
        for (int i = 0; i < 10 * PER_BUSINESS; i++) {
            ofOperator.add(get("/customers/" + customer, "operator").statusCode());
        }

        // THEN the member of both is held to the caller limit, and neither it nor the operator spent A's share
        assertThat(ofBoth.subList(0, PER_CALLER)).containsOnly(200);
        assertThat(ofBoth.subList(PER_CALLER, ofBoth.size())).containsOnly(429);
        assertThat(ofOperator).containsOnly(200);
        for (int i = 0; i < PER_BUSINESS; i++) {
            get("/customers/" + customer, member(a)).then().statusCode(200);
        }
    }

    private static Response get(String path, String caller) {
        return given().header(TestCallerAccess.HEADER, caller).get(path);
    }

    private static Response rename(String business, String name) {
        return given().header(TestCallerAccess.HEADER, member(business))
                .contentType(ContentType.JSON)
                .body(Map.of("name", name))
                .patch("/businesses/" + business);
    }
}
