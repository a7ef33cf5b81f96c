package io.entitytable.api.declared;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.growBusiness;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.RequestCounter;
import io.entitytable.api.table.EntityTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A visit, declared in test sources only ({@link Visit}): a customer's, and sorted by creation time. Its sort key holds
 * the time it was recorded, so its business lists it newest first and reads a range of times as one Query a page, and
 * its customer lists its own from the index the customer heads, with no code of its own.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class VisitApiTest {
    @Inject
    EntityTable table;

    @Test
    void create_shouldKeyTheVisitByItsCreationTime_andAChangeShouldNotMoveIt() {
        // GIVEN
        String business = createBusiness("Visited");
        JsonPath created = visit(createCustomer(business, "Ada", "Lovelace"), "Quarterly review");
        String id = created.getString("id");
        String sortKey = sortKey(created);

        // WHEN
        given().contentType(ContentType.JSON)
                .body(Map.of("purpose", "Annual review", "minutes", 90))
                .patch("/visits/" + id)
                .then()
                .statusCode(200)
                .body("purpose", equalTo("Annual review"));

        // THEN the core item is where its creation time put it, changed in place
        var item = table.findCore(Visit.ENTITY, id).orElseThrow();
        assertThat(Values.string(item, Attributes.TYPE)).isEqualTo(sortKey).startsWith("visit#");
        assertThat(Values.string(item, "purpose")).isEqualTo("Annual review");
    }

    @Test
    void list_shouldBeNewestFirst_andARangeOfTimesOneQuery() {
        // GIVEN three visits, recorded one after the other
        String business = createBusiness("Visits");
        String customer = createCustomer(business, "Ada", "Lovelace");
        List<JsonPath> visits = List.of(visit(customer, "First"), visit(customer, "Second"), visit(customer, "Third"));
        awaitIndexesCaughtUp();
        Instant secondRecorded = Instant.parse(visits.get(1).getString("createdAt"));

        // WHEN
        List<String> all = ids(business, "");
        RequestCounter.reset();
        List<String> fromSecond = ids(business, "?from=" + secondRecorded);
        List<String> untilSecond = ids(business, "?to=" + secondRecorded);

        // THEN newest first (by creation time, then id), each range as its key condition holds it
        assertThat(all).containsExactlyElementsOf(newestFirst(visits, Instant.EPOCH, Keys.LATEST_CREATED));
        assertThat(fromSecond).containsExactlyElementsOf(newestFirst(visits, secondRecorded, Keys.LATEST_CREATED));
        assertThat(untilSecond).containsExactlyElementsOf(newestFirst(visits, Instant.EPOCH, secondRecorded));
        assertThat(fromSecond)
                .contains(visits.get(1).getString("id"), visits.get(2).getString("id"));
        assertThat(untilSecond)
                .contains(visits.get(0).getString("id"), visits.get(1).getString("id"));
        assertThat(RequestCounter.operations()).containsExactly("Query", "Query");
    }

    @Test
    void aCustomer_shouldListItsOwnVisits_newestFirst_inOneQuery_andTheVisitNamesIt() {
        // GIVEN two customers of one business, with visits of each
        String business = createBusiness("Customers' visits");
        String ada = createCustomer(business, "Ada", "Lovelace");
        String alan = createCustomer(business, "Alan", "Turing");
        List<JsonPath> adas = List.of(visit(ada, "First"), visit(ada, "Second"), visit(ada, "Third"));
        JsonPath alans = visit(alan, "Other");
        awaitIndexesCaughtUp();

        // WHEN
        RequestCounter.reset();
        List<String> listed = given().get("/customers/" + ada + "/visits")
                .then()
                .statusCode(200)
                .extract()
                .path("items.id");

        // THEN the customer's own, newest first, from one Query of the index it heads (and its own read, as a member's
        // list would make; an operator's makes none)
        assertThat(listed).containsExactlyElementsOf(newestFirst(adas, Instant.EPOCH, Keys.LATEST_CREATED));
        assertThat(listed).doesNotContain(alans.getString("id"));
        assertThat(RequestCounter.operations()).containsExactly("Query");
        assertThat(adas)
                .allSatisfy(visit -> assertThat(visit.getString("customerId")).isEqualTo(ada));
        var item = table.findCore(Visit.ENTITY, alans.getString("id")).orElseThrow();
        assertThat(Values.string(item, Attributes.CUSTOMER_ID)).isEqualTo(alan);
        assertThat(Values.string(item, Attributes.BUSINESS_ID)).isEqualTo(business);
    }

    @Test
    void aBusiness_shouldListItsVisitsInOneOutcome_newestFirst_oneQueryPerShard_andFollowAChangeOfOutcome() {
        // GIVEN three visits of a business, two of them held, at two write shards
        String business = createBusiness("Visit outcomes");
        growBusiness(business, 2);
        String customer = createCustomer(business, "Ada", "Lovelace");
        JsonPath first = visit(customer, "First", "held");
        JsonPath second = visit(customer, "Second", "PLANNED");
        JsonPath third = visit(customer, "Third", "HELD");
        awaitIndexesCaughtUp();

        // WHEN
        RequestCounter.reset();
        List<String> held = ids(business, "?outcome=Held");
        List<String> queries = RequestCounter.operations();
        List<String> heldSinceSecond = ids(business, "?outcome=HELD&from=" + second.getString("createdAt"));
        given().contentType(ContentType.JSON)
                .body(Map.of("outcome", "missed"))
                .patch("/visits/" + first.getString("id"))
                .then()
                .statusCode(200)
                .body("outcome", equalTo("MISSED"));
        awaitIndexesCaughtUp();

        // THEN the held ones in any letter case, newest first, from one Query of gsi1 per shard; a range narrows them,
        // and a change of outcome moves the visit to its new group
        assertThat(held)
                .containsExactlyElementsOf(newestFirst(List.of(first, third), Instant.EPOCH, Keys.LATEST_CREATED));
        assertThat(queries).containsExactly("Query", "Query");
        assertThat(heldSinceSecond).containsExactly(third.getString("id"));
        assertThat(ids(business, "?outcome=HELD")).containsExactly(third.getString("id"));
        assertThat(ids(business, "?outcome=MISSED")).containsExactly(first.getString("id"));
        var item = table.findCore(Visit.ENTITY, second.getString("id")).orElseThrow();
        assertThat(Values.string(item, Attributes.GSI1_PK)).startsWith("VISITOUTCOME#" + business + "#PLANNED#");
        assertThat(Values.string(item, Attributes.GSI1_SK))
                .isEqualTo(Keys.createdSk(Instant.parse(second.getString("createdAt")), second.getString("id")));
    }

    @Test
    void topics_shouldBeItemsOfTheVisitsCollection_readWithItById_neverChanged_andDeletedWithIt() {
        // GIVEN a visit with three topics
        String business = createBusiness("Visit topics");
        String customer = createCustomer(business, "Ada", "Lovelace");
        List<Map<String, Object>> topics = List.of(
                Map.of("title", "Budget", "minutes", 20, "attendees", 3),
                Map.of("title", " Hiring "),
                Map.of("title", "Roadmap", "minutes", 5));
        JsonPath created = post(
                        "/customers/" + customer + "/visits",
                        Map.of("purpose", "Planning", "outcome", "HELD", "topics", topics))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        String id = created.getString("id");
        awaitIndexesCaughtUp();

        // WHEN
        RequestCounter.reset();
        JsonPath read =
                given().get("/visits/" + id).then().statusCode(200).extract().jsonPath();
        List<String> readBy = RequestCounter.operations();
        JsonPath listed = given().get("/customers/" + customer + "/visits")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        var changed = given().contentType(ContentType.JSON)
                .body(Map.of("topics", List.of(Map.of("title", "Other"))))
                .patch("/visits/" + id)
                .then()
                .extract();

        // THEN the topics, trimmed, in the order given and numbered so, from one Query of the visit's partition; each
        // an item of its own, counted on the visit; a list answers the count, not the topics; a change of them is
        // refused
        assertThat(created.getList("topics.title")).containsExactly("Budget", "Hiring", "Roadmap");
        assertThat(read.getList("topics.title")).containsExactly("Budget", "Hiring", "Roadmap");
        assertThat(created.getList("topics.topicNo")).containsExactly(1, 2, 3);
        assertThat(read.getList("topics.topicNo")).containsExactly(1, 2, 3);
        assertThat(read.getList("topics.minutes")).containsExactly(20, null, 5);
        // each topic's attendees, one unless given, and its person-minutes and the visit's topic minutes, made of them
        assertThat(read.getList("topics.attendees")).containsExactly(3, 1, 1);
        assertThat(read.getList("topics.personMinutes")).containsExactly(60, null, 5);
        assertThat(read.getInt("topicMinutes")).isEqualTo(25);
        assertThat(read.getList("titles")).containsExactly("Budget", "Hiring", "Roadmap");
        assertThat(created.getInt("topicMinutes")).isEqualTo(25);
        assertThat(listed.getInt("items[0].topicMinutes")).isEqualTo(25);
        assertThat(read.getInt("topicCount")).isEqualTo(3);
        assertThat(readBy).containsExactly("Query");
        assertThat(listed.getList("items[0].topics")).isNull();
        assertThat(listed.getInt("items[0].topicCount")).isEqualTo(3);
        assertThat(changed.statusCode()).isEqualTo(422);
        var items = table.dynamo()
                .query(q -> q.tableName(table.name())
                        .keyConditionExpression("id = :id AND begins_with(#type, :topic)")
                        .expressionAttributeNames(Map.of("#type", Attributes.TYPE))
                        .expressionAttributeValues(
                                Map.of(":id", Values.s(id), ":topic", Values.s(Keys.collectionItemPrefix("topic")))))
                .items();
        assertThat(items)
                .extracting(item -> item.get(Attributes.TYPE).s())
                .containsExactly("topic#0001", "topic#0002", "topic#0003");
        assertThat(items).extracting(item -> item.get("title").s()).containsExactly("Budget", "Hiring", "Roadmap");
        assertThat(items.get(0).get("personMinutes").n()).isEqualTo("60");
        assertThat(items).extracting(item -> item.get("topicNo").n()).containsExactly("1", "2", "3");

        // AND its delete takes its topics with it
        given().delete("/visits/" + id).then().statusCode(204);
        assertThat(table.dynamo()
                        .query(q -> q.tableName(table.name())
                                .keyConditionExpression("id = :id")
                                .expressionAttributeValues(Map.of(":id", Values.s(id))))
                        .items())
                .isEmpty();
    }

    @Test
    void create_shouldTakeTheDefaultOutcome_andRefuseADerivedValueGiven_writingNothing() {
        // GIVEN
        String business = createBusiness("Visit defaults");
        String customer = createCustomer(business, "Ada", "Lovelace");
        List<Map<String, Object>> topics = List.of(Map.of("title", "Budget", "minutes", 20));

        // WHEN a visit leaves its outcome out (and names a room twice), and two more give what is made of their other
        // values
        JsonPath planned = post(
                        "/customers/" + customer + "/visits",
                        Map.of("purpose", "Walk-in", "rooms", List.of(" b-12 ", "B-12", "a-1")))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        awaitIndexesCaughtUp();
        var givenTotal = post(
                        "/customers/" + customer + "/visits",
                        Map.of("purpose", "Planning", "topics", topics, "topicMinutes", 20))
                .then()
                .extract();
        var givenPersonMinutes = post(
                        "/customers/" + customer + "/visits",
                        Map.of(
                                "purpose",
                                "Planning",
                                "topics",
                                List.of(Map.of("title", "Budget", "minutes", 20, "personMinutes", 20))))
                .then()
                .extract();

        // THEN the first is PLANNED and listed so; the others are refused, naming the field, and write nothing
        assertThat(planned.getString("outcome")).isEqualTo("PLANNED");
        assertThat(planned.getList("rooms")).containsExactly("A-1", "B-12");
        assertThat(Values.set(
                        table.findCore(Visit.ENTITY, planned.getString("id")).orElseThrow(), "rooms"))
                .containsExactlyInAnyOrder("A-1", "B-12");
        assertThat(planned.getList("titles")).isNull();
        assertThat(ids(business, "?outcome=PLANNED")).containsExactly(planned.getString("id"));
        assertThat(givenTotal.statusCode()).isEqualTo(422);
        assertThat(givenTotal.contentType()).startsWith("application/problem+json");
        assertThat(givenTotal.body().asString()).contains("topicMinutes", "is made of topics, never given");
        assertThat(givenPersonMinutes.statusCode()).isEqualTo(422);
        assertThat(givenPersonMinutes.body().asString())
                .contains("topics", "personMinutes: is made of minutes, attendees, never given");
        awaitIndexesCaughtUp();
        assertThat(ids(business, "")).containsExactly(planned.getString("id"));
    }

    @Test
    void create_shouldCopyTheVisitorsNameAndTheAddressChosen_asTheCustomerHeldThem_whichLaterChangesLeave() {
        // GIVEN a customer with two addresses
        String business = createBusiness("Visited places");
        String customer = createCustomer(business, "Ada", "Lovelace");
        given().contentType(ContentType.JSON)
                .body(Map.of(
                        "mailingAddresses",
                        Map.of(
                                "home", address("Austin", "TX", "73301", "US"),
                                "office", address("Dallas", "TX", "75201", "US"))))
                .patch("/customers/" + customer)
                .then()
                .statusCode(200);

        // WHEN a visit at the office is recorded, and the customer then renamed and the office moved
        JsonPath created = post("/customers/" + customer + "/visits", Map.of("purpose", "Review", "address", "office"))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
        given().contentType(ContentType.JSON)
                .body(Map.of(
                        "firstName",
                        "Augusta",
                        "mailingAddresses",
                        Map.of("office", address("Houston", "TX", "77001", "US"))))
                .patch("/customers/" + customer)
                .then()
                .statusCode(200);
        JsonPath read = given().get("/visits/" + created.getString("id"))
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();

        // THEN the visit holds the name and the office as they were when it was recorded, as stored
        for (JsonPath visit : List.of(created, read)) {
            assertThat(visit.getMap("visitor")).isEqualTo(Map.of("firstName", "Ada", "lastName", "Lovelace"));
            assertThat(visit.getMap("address")).isEqualTo(address("Dallas", "TX", "75201", "US"));
        }
        var item = table.findCore(Visit.ENTITY, created.getString("id")).orElseThrow();
        assertThat(item.get("address").m().get(Attributes.CITY).s()).isEqualTo("Dallas");
        assertThat(item.get("visitor").m().get(Attributes.FIRST_NAME).s()).isEqualTo("Ada");
    }

    @Test
    void create_shouldRefuseAnUnheldLabel_aCopyGiven_andAChangeOfTheChoice_writingNothing() {
        // GIVEN a customer with a home address, and one visit there
        String business = createBusiness("Unvisited places");
        String customer = createCustomer(business, "Ada", "Lovelace");
        String visit = post("/customers/" + customer + "/visits", Map.of("purpose", "Review", "address", "home"))
                .then()
                .statusCode(201)
                .extract()
                .path("id");

        // WHEN
        var unheld = post("/customers/" + customer + "/visits", Map.of("purpose", "Review", "address", "office"));
        var valueForLabel = post(
                "/customers/" + customer + "/visits",
                Map.of("purpose", "Review", "address", address("Dallas", "TX", "75201", "US")));
        var visitorGiven = post(
                "/customers/" + customer + "/visits",
                Map.of("purpose", "Review", "visitor", Map.of("firstName", "Eve")));
        var choiceChanged = given().contentType(ContentType.JSON)
                .body(Map.of("address", "home"))
                .patch("/visits/" + visit);

        // THEN each is a 422 naming the field, and only the first visit is there
        assertThat(unheld.statusCode()).isEqualTo(422);
        assertThat(unheld.contentType()).startsWith("application/problem+json");
        assertThat(unheld.body().asString()).contains("address", "the customer has no mailingAddresses labelled");
        assertThat(valueForLabel.statusCode()).isEqualTo(422);
        assertThat(valueForLabel.body().asString()).contains("address", "must be a label of the mailingAddresses held");
        assertThat(visitorGiven.statusCode()).isEqualTo(422);
        assertThat(visitorGiven.body().asString()).contains("visitor", "is copied from the customer, never given");
        assertThat(choiceChanged.statusCode()).isEqualTo(422);
        assertThat(choiceChanged.body().asString()).contains("address", "cannot change once the visit is created");
        awaitIndexesCaughtUp();
        assertThat(ids(business, "")).containsExactly(visit);
        assertThat(table.findCore(Visit.ENTITY, visit)
                        .orElseThrow()
                        .get(Attributes.VERSION)
                        .n())
                .isEqualTo("1");
    }

    @Test
    void lists_shouldTakeTheFilters_asAFilterOfTheirQueries_andRefuseAValueNoVisitHolds() {
        // GIVEN four visits of one business, of two purposes and lengths, one of them missed
        String business = createBusiness("Filtered visits");
        String customer = createCustomer(business, "Ada", "Lovelace");
        String shortReview = visit(customer, "Review", 15, "HELD");
        String longReview = visit(customer, " Review ", 60, "HELD");
        String longPlanning = visit(customer, "Planning", 90, "HELD");
        String missedReview = visit(customer, "Review", 45, "MISSED");
        awaitIndexesCaughtUp();

        // WHEN
        RequestCounter.reset();
        List<String> reviews = ids(business, "?purpose=%20Review");
        List<String> readBy = RequestCounter.operations();
        List<String> long45 = ids(business, "?minMinutes=45");
        List<String> heldLongReviews = ids(business, "?outcome=held&purpose=Review&minMinutes=30");
        List<String> none = ids(business, "?purpose=review");

        // THEN each list holds what passes, newest first, from the Queries it makes without the filter (one a shard)
        assertThat(reviews).containsExactly(missedReview, longReview, shortReview);
        assertThat(readBy).containsExactly("Query");
        assertThat(long45).containsExactly(missedReview, longPlanning, longReview);
        assertThat(heldLongReviews).containsExactly(longReview);
        assertThat(none).isEmpty();
        // AND a value no visit could hold is a 400 naming the parameter
        for (String query : List.of("?minMinutes=ten", "?minMinutes=0", "?purpose=%20", "?purpose=%00")) {
            given().urlEncodingEnabled(false)
                    .get("/businesses/" + business + "/visits" + query)
                    .then()
                    .statusCode(400)
                    .contentType("application/problem+json")
                    .body("detail", org.hamcrest.Matchers.containsString(query.substring(1, query.indexOf('='))));
        }
    }

    @Test
    void create_shouldNeedAnExistingCustomer_andBeRefusedUnderTheBusiness_writingNothing() {
        // GIVEN
        String business = createBusiness("No visits without customers");
        Map<String, Object> body = Map.of("purpose", "Walk-in", "minutes", 5, "outcome", "HELD");

        // WHEN a visit is made under the business (whatever its body), under a customer that does not exist, and with a
        // customer's id in its body
        var underBusiness = post("/businesses/" + business + "/visits", Map.of("purpose", 7))
                .then()
                .extract();
        var noCustomer =
                post("/customers/" + Ids.newId() + "/visits", body).then().extract();
        String customer = createCustomer(business, "Ada", "Lovelace");
        var named = post("/customers/" + customer + "/visits", Map.of("purpose", "Walk-in", "customerId", customer))
                .then()
                .extract();

        // THEN each is a problem, and the business has no visit
        assertThat(underBusiness.statusCode()).isEqualTo(404);
        assertThat(underBusiness.contentType()).startsWith("application/problem+json");
        assertThat(underBusiness.<String>path("detail")).contains("POST /customers/{id}/visits");
        assertThat(noCustomer.statusCode()).isEqualTo(404);
        assertThat(noCustomer.<String>path("detail")).startsWith("customer ");
        assertThat(named.statusCode()).isEqualTo(400);
        assertThat(named.<String>path("detail")).contains("'customerId'");
        awaitIndexesCaughtUp();
        assertThat(ids(business, "")).isEmpty();
    }

    @Test
    void list_shouldRefuseANamePrefix_aMalformedTime_andARangeThatEndsBeforeItStarts() {
        String business = createBusiness("Refused ranges");
        Map<String, String> refused = Map.of(
                "?namePrefix=q", "namePrefix",
                "?from=yesterday", "from",
                "?to=2026-13-01T00:00:00Z", "to",
                "?from=2300-01-01T00:00:00Z", "from",
                "?to=2300-01-01T00:00:00Z", "to",
                "?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z", "from",
                "?outcome=LOST", "outcome",
                "?outcome=HELD&from=soon", "from");
        refused.forEach((query, field) -> {
            var answer = given().urlEncodingEnabled(false)
                    .get("/businesses/" + business + "/visits" + query)
                    .then()
                    .extract();
            assertThat(answer.statusCode()).as(query).isEqualTo(400);
            assertThat(answer.contentType()).as(query).startsWith("application/problem+json");
            assertThat(answer.<String>path("errors[0].field")).as(query).isEqualTo(field);
        });
    }

    /**
     * The ids of {@code visits} whose sort key lies from {@code from}'s to {@code to}'s (the millisecond of each), in the
     * order the list gives them: by sort key, then id, newest first.
     */
    private static List<String> newestFirst(List<JsonPath> visits, Instant from, Instant to) {
        String first = Keys.createdType(Visit.ENTITY, from);
        String last = Keys.createdType(Visit.ENTITY, to);
        return visits.stream()
                .filter(visit ->
                        sortKey(visit).compareTo(first) >= 0 && sortKey(visit).compareTo(last) <= 0)
                .sorted(Comparator.comparing(VisitApiTest::sortKey)
                        .thenComparing(visit -> visit.getString("id"))
                        .reversed())
                .map(visit -> visit.getString("id"))
                .toList();
    }

    private static String sortKey(JsonPath visit) {
        return Keys.createdType(Visit.ENTITY, Instant.parse(visit.getString("createdAt")));
    }

    private static JsonPath visit(String customer, String purpose) {
        return visit(customer, purpose, "PLANNED");
    }

    private static JsonPath visit(String customer, String purpose, String outcome) {
        return post("/customers/" + customer + "/visits", Map.of("purpose", purpose, "minutes", 30, "outcome", outcome))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath();
    }

    private static String visit(String customer, String purpose, int minutes, String outcome) {
        return post(
                        "/customers/" + customer + "/visits",
                        Map.of("purpose", purpose, "minutes", minutes, "outcome", outcome))
                .then()
                .statusCode(201)
                .extract()
                .path("id");
    }

    private static List<String> ids(String business, String query) {
        return given().urlEncodingEnabled(false)
                .get("/businesses/" + business + "/visits" + query)
                .then()
                .statusCode(200)
                .extract()
                .path("items.id");
    }
}
