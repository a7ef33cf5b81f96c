package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.entitytable.api.ApiTestSupport.post;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.api.idempotency.IdempotencyKeys;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.EraseJob;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code DELETE /businesses/{id}?cascade=true}: one transaction marks the business and its child counters {@code
 * erasing} and puts its erase job (202); {@code GET /businesses/{id}/job} follows the job; a business being erased
 * takes no new child and no change (409) and still answers its reads.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class BusinessEraseTest {
    private static final String PROBLEM_JSON = "application/problem+json";

    @Inject
    DynamoDbClient dynamo;

    @Test
    void cascade_shouldMarkTheBusinessAndItsCounters_andPutItsJob_inOneTransaction() {
        // GIVEN a business with a customer, a store and an order
        String business = createBusiness("Erased");
        String customer = createCustomer(business, "Ann", "Gone");
        createStore(business, "Gone", address("Austin", "TX", "73301", "US"));
        placeOrder(customer).then().statusCode(201);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN an operator erases it
        RequestCounter.reset();
        Response response = given().header("If-Match", "\"1\"").delete("/businesses/" + business + "?cascade=true");
        List<String> operations = RequestCounter.operations();

        // THEN 202, the job as Location and body: one segment, the new business's one shard
        response.then()
                .statusCode(202)
                .header("Location", endsWith("/businesses/" + business + "/job"))
                .body("businessId", equalTo(business))
                .body("status", equalTo("running"))
                .body("round", equalTo(1))
                .body("phase", equalTo("children"))
                .body("doneSegments", equalTo(0))
                .body("segments", equalTo(ShardCount.FIRST))
                .body("itemsDeleted", equalTo(0))
                .body("$", not(hasKey("finishedAt")));
        String startedAt = response.jsonPath().getString("startedAt");
        assertThat(response.jsonPath().getString("updatedAt")).isEqualTo(startedAt);
        assertThat(operations).containsExactly("GetItem", "TransactWriteItems");

        // AND the table differs by exactly the business (marked, version + 1), its 16 counters (marked) and the job
        Map<String, Map<String, AttributeValue>> after = TableSnapshot.of(dynamo);
        String businessKey = business + " " + Keys.BUSINESS_TYPE;
        List<String> counters = ChildCounters.all(business).stream()
                .map(key -> key.id() + " " + key.type())
                .toList();
        String jobKey = key(EraseJob.keyOf(business));
        Map<String, Map<String, AttributeValue>> expected = new TreeMap<>(before);
        expected.remove(businessKey);
        counters.forEach(expected::remove);
        Map<String, Map<String, AttributeValue>> rest = new TreeMap<>(after);
        rest.remove(businessKey);
        counters.forEach(rest::remove);
        rest.remove(jobKey);
        assertThat(rest).isEqualTo(expected);

        Map<String, AttributeValue> marked = new HashMap<>(after.get(businessKey));
        assertThat(marked.get(Attributes.ERASING)).isEqualTo(Values.s(startedAt));
        assertThat(marked.get(Attributes.UPDATED_AT)).isEqualTo(Values.s(startedAt));
        assertThat(marked.get(Attributes.VERSION)).isEqualTo(Values.n(2));
        Map<String, AttributeValue> unmarked = new HashMap<>(before.get(businessKey));
        for (String changed :
                List.of(Attributes.ERASING, Attributes.UPDATED_AT, Attributes.VERSION, Attributes.CORRELATION_ID)) {
            marked.remove(changed);
            unmarked.remove(changed);
        }
        assertThat(marked).isEqualTo(unmarked);
        for (String counter : counters) {
            Map<String, AttributeValue> was = new HashMap<>(before.get(counter));
            was.put(Attributes.ERASING, Values.s(startedAt));
            assertThat(after.get(counter)).as(counter).isEqualTo(was);
        }
        assertThat(after.get(jobKey))
                .isEqualTo(EraseJob.newItem(business, ShardCount.first(), Instant.parse(startedAt)));
    }

    @Test
    void getJob_shouldAnswerTheRunningJob_toOperatorsOnly() {
        // GIVEN a business being erased
        String business = createBusiness("Followed");
        erase(business).then().statusCode(202);

        // WHEN an operator, the business's member and an operator asking for an unknown business read the job
        RequestCounter.reset();
        Response job = given().get("/businesses/" + business + "/job");
        List<String> operations = RequestCounter.operations();
        Response member = given().header(TestCallerAccess.HEADER, TestCallerAccess.member(business))
                .get("/businesses/" + business + "/job");
        String unknown = Ids.newId();
        Response absent = given().get("/businesses/" + unknown + "/job");

        // THEN the job, read with one GetItem; the member gets the 404 of a business without a job
        job.then()
                .statusCode(200)
                .body("businessId", equalTo(business))
                .body("status", equalTo("running"))
                .body("round", equalTo(1))
                .body("phase", equalTo("children"))
                .body("segments", equalTo(ShardCount.FIRST));
        assertThat(operations).containsExactly("GetItem");
        member.then().statusCode(404).contentType(PROBLEM_JSON);
        absent.then().statusCode(404).contentType(PROBLEM_JSON);
        assertThat(member.jsonPath().getString("detail"))
                .isEqualTo(absent.jsonPath().getString("detail").replace(unknown, business));
    }

    @Test
    void getJob_shouldSayStopped_andDone() {
        // GIVEN one job without progress for longer than a job may go without, and one done
        String stopped = Ids.newId();
        Instant stale = Instant.now().minus(EraseJob.STOPPED_AFTER).minus(Duration.ofMinutes(1));
        putItem(EraseJob.newItem(stopped, stale));
        String done = Ids.newId();
        Map<String, AttributeValue> finished = new HashMap<>(EraseJob.newItem(done, stale));
        finished.put(Attributes.JOB_STATUS, Values.s(EraseJob.Status.DONE.value()));
        finished.put(Attributes.ERASE_PHASE, Values.s(EraseJob.Phase.STORES.value()));
        finished.put(Attributes.JOB_DONE_SEGMENTS, AttributeValue.fromSs(List.of("0", "1")));
        finished.put(Attributes.ERASE_ITEMS_DELETED, Values.n(42));
        finished.put(Attributes.JOB_FINISHED_AT, Values.instant(stale));
        putItem(finished);

        // WHEN / THEN
        given().get("/businesses/" + stopped + "/job")
                .then()
                .statusCode(200)
                .body("status", equalTo("stopped"))
                .body("startedAt", equalTo(stale.toString()));
        given().get("/businesses/" + done + "/job")
                .then()
                .statusCode(200)
                .body("status", equalTo("done"))
                .body("phase", equalTo("stores"))
                .body("doneSegments", equalTo(2))
                .body("itemsDeleted", equalTo(42))
                .body("finishedAt", equalTo(stale.toString()));
    }

    @Test
    void cascade_shouldBe404ForAMemberOfTheBusiness_andWriteNothing() {
        // GIVEN
        String business = createBusiness("Members may not erase");
        createCustomer(business, "Ann", "Member");
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);
        String unknown = Ids.newId();

        // WHEN the business's own member erases it, and an operator erases a business that does not exist
        Response member = given().header(TestCallerAccess.HEADER, TestCallerAccess.member(business))
                .delete("/businesses/" + business + "?cascade=true");
        Response absent = erase(unknown);

        // THEN both 404, worded alike, and nothing written
        member.then().statusCode(404).contentType(PROBLEM_JSON);
        absent.then().statusCode(404).contentType(PROBLEM_JSON);
        assertThat(member.jsonPath().getString("detail"))
                .isEqualTo(absent.jsonPath().getString("detail").replace(unknown, business));
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void cascade_withAStaleIfMatch_shouldBe412_andWriteNothing() {
        // GIVEN a business at version 2
        String business = createBusiness("Stale");
        given().put("/businesses/" + business + "/tags/x").then().statusCode(204);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN
        Response response = given().header("If-Match", "\"1\"").delete("/businesses/" + business + "?cascade=true");

        // THEN
        response.then().statusCode(412).contentType(PROBLEM_JSON);
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void cascade_shouldBeTrueOrFalse() {
        // GIVEN
        String business = createBusiness("Maybe");
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN
        Response response = given().delete("/businesses/" + business + "?cascade=maybe");

        // THEN
        response.then().statusCode(400).contentType(PROBLEM_JSON).body("errors[0].field", equalTo("cascade"));
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void cascadeFalse_shouldDeleteAnEmptyBusiness_andRefuseOneWithChildren_asWithout() {
        // GIVEN an empty business and one with a customer
        String empty = createBusiness("Empty");
        String owning = createBusiness("Owning");
        createCustomer(owning, "Ann", "Child");

        // WHEN / THEN
        given().delete("/businesses/" + owning + "?cascade=false")
                .then()
                .statusCode(409)
                .contentType(PROBLEM_JSON)
                .body("detail", containsString("still has 1"));
        given().delete("/businesses/" + empty + "?cascade=false").then().statusCode(204);
        given().get("/businesses/" + empty).then().statusCode(404);
        assertThat(item(EraseJob.keyOf(owning))).isNull();
    }

    @Test
    void aSecondErase_shouldBe409_andWriteNothing() {
        // GIVEN a business being erased
        String business = createBusiness("Twice");
        erase(business).then().statusCode(202);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN it is erased again, with and without its new version
        Response again = erase(business);
        Response withVersion = given().header("If-Match", "\"2\"").delete("/businesses/" + business + "?cascade=true");

        // THEN
        for (Response response : List.of(again, withVersion)) {
            response.then()
                    .statusCode(409)
                    .contentType(PROBLEM_JSON)
                    .body(
                            "detail",
                            equalTo("business " + business + " is being erased; nothing more can be written to it"));
        }
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void aBusinessBeingErased_shouldTakeNoNewChild_andNoChange_butAnswerItsReads() {
        // GIVEN a business with a customer, being erased
        String business = createBusiness("Closing");
        String customer = createCustomer(business, "Ann", "Last");
        String leaving = createCustomer(business, "Cy", "Gone");
        erase(business).then().statusCode(202);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN new children and changes of the business come
        Map<String, Response> writes = new TreeMap<>();
        writes.put(
                "POST customer",
                post(
                        "/businesses/" + business + "/customers",
                        Map.of(
                                "firstName",
                                "Bo",
                                "lastName",
                                "Late",
                                "mailingAddresses",
                                Map.of("home", address("Austin", "TX", "73301", "US")))));
        writes.put(
                "POST store",
                post(
                        "/businesses/" + business + "/stores",
                        Map.of("name", "Late", "address", address("Austin", "TX", "73301", "US"))));
        writes.put("POST order", placeOrder(customer));
        writes.put(
                "PATCH business",
                given().contentType(ContentType.JSON)
                        .body(Map.of("name", "Renamed"))
                        .patch("/businesses/" + business));
        writes.put("PUT tag", given().put("/businesses/" + business + "/tags/late"));
        writes.put("DELETE tag", given().delete("/businesses/" + business + "/tags/late"));
        writes.put("DELETE", given().delete("/businesses/" + business));
        writes.put("DELETE customer", given().delete("/customers/" + leaving));

        // THEN each is a 409 saying so, and nothing was written (no child, no counter moved, no child deleted: the
        // erase's job deletes them)
        writes.forEach((what, response) -> {
            assertThat(response.statusCode()).as(what).isEqualTo(409);
            assertThat(response.contentType()).as(what).startsWith(PROBLEM_JSON);
            assertThat(response.jsonPath().getString("detail"))
                    .as(what)
                    .isEqualTo("business " + business + " is being erased; nothing more can be written to it");
        });
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);

        // AND its reads answer as before
        given().get("/businesses/" + business)
                .then()
                .statusCode(200)
                .header("ETag", equalTo("\"2\""))
                .body("name", equalTo("Closing"));
        given().get("/customers/" + customer).then().statusCode(200);
    }

    @Test
    void anotherBusiness_shouldBeUnaffected() {
        // GIVEN one business being erased and another
        String erased = createBusiness("Erased neighbour");
        String other = createBusiness("Neighbour");
        String customer = createCustomer(other, "Ann", "Next");
        erase(erased).then().statusCode(202);

        // WHEN / THEN the other's creates and changes go through
        createCustomer(other, "Bo", "Next");
        createStore(other, "Next", address("Austin", "TX", "73301", "US"));
        placeOrder(customer).then().statusCode(201);
        given().put("/businesses/" + other + "/tags/fine").then().statusCode(204);
        given().get("/businesses/" + other + "/job").then().statusCode(404);
        assertThat(item(new ItemKey(other, Keys.BUSINESS_TYPE))).doesNotContainKey(Attributes.ERASING);
    }

    @Test
    void cascadeWithAKey_shouldReplayItsFirstAnswer_whenRetried() {
        // GIVEN an erase with a key
        String business = createBusiness("Retried erase");
        String key = UUID.randomUUID().toString();
        Response first =
                given().header(IdempotencyKeys.HEADER, key).delete("/businesses/" + business + "?cascade=true");
        first.then().statusCode(202);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN the client retries it
        Response retry =
                given().header(IdempotencyKeys.HEADER, key).delete("/businesses/" + business + "?cascade=true");

        // THEN the first answer again, marked as a replay, and nothing written
        retry.then().statusCode(202).header(IdempotencyKeys.REPLAYED_HEADER, equalTo("true"));
        assertThat(first.header(IdempotencyKeys.REPLAYED_HEADER)).isNull();
        assertThat(retry.header("Location")).isEqualTo(first.header("Location"));
        assertThat(retry.jsonPath().getMap("$")).isEqualTo(first.jsonPath().getMap("$"));
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void aCreateWithAKey_shouldReplayItsFirstAnswer_evenOnceTheBusinessIsBeingErased() {
        // GIVEN a store created with a key, then its business erased
        String business = createBusiness("Created before");
        String key = UUID.randomUUID().toString();
        Map<String, Object> body = Map.of("name", "Early", "address", address("Austin", "TX", "73301", "US"));
        Response first = given().header(IdempotencyKeys.HEADER, key)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/businesses/" + business + "/stores");
        first.then().statusCode(201);
        erase(business).then().statusCode(202);

        // WHEN the client retries the create
        Response retry = given().header(IdempotencyKeys.HEADER, key)
                .contentType(ContentType.JSON)
                .body(body)
                .post("/businesses/" + business + "/stores");

        // THEN the first answer, not the 409 a new create gets
        retry.then().statusCode(201).header(IdempotencyKeys.REPLAYED_HEADER, equalTo("true"));
        assertThat(retry.asString()).isEqualTo(first.asString());
    }

    @Test
    void cascade_shouldReuseTheRecordOfAFinishedErase_butNotOfARunningOne() {
        // GIVEN two businesses, one with the done job of an earlier erase, one with a job still running
        String again = createBusiness("Erased again");
        Map<String, AttributeValue> done =
                new HashMap<>(EraseJob.newItem(again, Instant.now().minusSeconds(60)));
        done.put(Attributes.JOB_STATUS, Values.s(EraseJob.Status.DONE.value()));
        done.put(Attributes.ERASE_ITEMS_DELETED, Values.n(9));
        putItem(done);
        String finishing = createBusiness("Still finishing");
        putItem(EraseJob.newItem(finishing, Instant.now().minusSeconds(60)));
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN both are erased
        Response reused = erase(again);
        Response refused = erase(finishing);

        // THEN the first starts a new job on the record; the second is a 409, and nothing of it was written
        reused.then().statusCode(202).body("itemsDeleted", equalTo(0));
        assertThat(item(EraseJob.keyOf(again)))
                .isEqualTo(EraseJob.newItem(
                        again,
                        ShardCount.first(),
                        Instant.parse(reused.jsonPath().getString("startedAt"))));
        refused.then().statusCode(409).contentType(PROBLEM_JSON).body("detail", containsString("still finishing"));
        Map<String, Map<String, AttributeValue>> after = TableSnapshot.of(dynamo);
        for (String key : List.of(finishing + " " + Keys.BUSINESS_TYPE, key(EraseJob.keyOf(finishing)))) {
            assertThat(after.get(key)).as(key).isEqualTo(before.get(key));
        }
        for (ItemKey counter : ChildCounters.all(finishing)) {
            assertThat(after.get(key(counter))).isEqualTo(before.get(key(counter)));
        }
    }

    private static Response erase(String business) {
        return given().delete("/businesses/" + business + "?cascade=true");
    }

    private static Response placeOrder(String customer) {
        return post(
                "/customers/" + customer + "/orders",
                Map.of(
                        "shipTo",
                        "home",
                        "lines",
                        List.of(Map.of("sku", "P-1", "description", "Pens", "quantity", 1, "unitPriceCents", 100))));
    }

    private static String key(ItemKey key) {
        return key.id() + " " + key.type();
    }

    private void putItem(Map<String, AttributeValue> item) {
        dynamo.putItem(request -> request.tableName(LocalDynamoResource.TABLE).item(item));
    }

    private Map<String, AttributeValue> item(ItemKey key) {
        Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(LocalDynamoResource.TABLE)
                        .key(key.toAttributes())
                        .consistentRead(true))
                .item();
        return item == null || item.isEmpty() ? null : item;
    }
}
