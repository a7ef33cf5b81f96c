package io.entitytable.api;

import static io.entitytable.api.ApiTestSupport.address;
import static io.entitytable.api.ApiTestSupport.createBusiness;
import static io.entitytable.api.ApiTestSupport.createCustomer;
import static io.entitytable.api.ApiTestSupport.createStore;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Tombstone;
import io.entitytable.model.Values;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code DELETE /stores/{id}?unlink=true} on a linked store: the store goes at once and its job is asked for a pass
 * in the same transaction (202); {@code GET /stores/{id}/job} follows the job.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class StoreJobTest {
    @Inject
    DynamoDbClient dynamo;

    @Test
    void unlinkingDelete_shouldDeleteTheStore_andAskItsJobForAPass_inOneTransaction() {
        // GIVEN a store two customers link
        String business = createBusiness("Jobs");
        String store = createStore(business, "Hub", address("Austin", "TX", "73301", "US"));
        for (String last : List.of("Smith", "Jones")) {
            given().put("/customers/" + createCustomer(business, "Ann", last) + "/stores/" + store)
                    .then()
                    .statusCode(204);
        }
        Map<String, AttributeValue> storeItem = storeItem(store);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN
        RequestCounter.reset();
        var response = given().header("If-Match", "\"1\"").delete("/stores/" + store + "?unlink=true");
        List<String> operations = RequestCounter.operations();

        // THEN 202, the job as Location and body
        response.then()
                .statusCode(202)
                .header("Location", endsWith("/stores/" + store + "/job"))
                .body("storeId", equalTo(store))
                .body("status", equalTo("pending"))
                .body("stopped", equalTo(false))
                .body("copiesTotal", equalTo(2))
                .body("copiesDone", equalTo(0))
                .body("startedAt", nullValue())
                .body("finishedAt", nullValue())
                .body("updatedAt", org.hamcrest.Matchers.notNullValue());
        assertThat(operations).containsExactly("Query", "TransactWriteItems");

        // AND the table differs by exactly the store (gone), its tombstone (new), its business's counter (uncounted)
        // and
        // the job (new)
        Map<String, Map<String, AttributeValue>> after = TableSnapshot.of(dynamo);
        String storeKey = store + " " + Values.string(storeItem, Attributes.TYPE);
        ItemKey counterKey = ChildCounters.of(business, store);
        String counter = counterKey.id() + " " + counterKey.type();
        String job = Keys.refreshJobId(store) + " " + Keys.REFRESH_JOB_TYPE;
        String tombstone = store + " " + Keys.TOMBSTONE_TYPE;
        Map<String, Map<String, AttributeValue>> expected = new TreeMap<>(before);
        expected.remove(storeKey);
        expected.remove(counter);
        expected.remove(job);
        Map<String, Map<String, AttributeValue>> rest = new TreeMap<>(after);
        rest.remove(counter);
        rest.remove(job);
        rest.remove(tombstone);
        assertThat(rest).isEqualTo(expected);
        assertThat(after.get(tombstone)).isEqualTo(Tombstone.of(storeItem));
        assertThat(after).doesNotContainKey(storeKey);
        assertThat(Values.number(after.get(counter), Attributes.CHILD_COUNT))
                .isEqualTo(Values.number(before.get(counter), Attributes.CHILD_COUNT) - 1);
        assertThat(after.get(job))
                .containsOnlyKeys(
                        Attributes.ID,
                        Attributes.TYPE,
                        Attributes.KIND,
                        Attributes.JOB_SUBJECT,
                        Attributes.BUSINESS_ID,
                        Attributes.JOB_REQUESTED_VERSION,
                        Attributes.JOB_COPIES_TOTAL,
                        Attributes.UPDATED_AT)
                .containsEntry(Attributes.KIND, Values.s(ItemKind.JOB.value()))
                .containsEntry(Attributes.JOB_SUBJECT, Values.s(Keys.subjectRef(Entity.STORE, store)))
                .containsEntry(Attributes.BUSINESS_ID, Values.s(business))
                .containsEntry(Attributes.JOB_REQUESTED_VERSION, Values.n(2))
                .containsEntry(Attributes.JOB_COPIES_TOTAL, Values.n(2));
    }

    @Test
    void unlinkingDelete_shouldMakeOneReadAndOneTransaction_whateverTheLinkCount() {
        // GIVEN a store whose count says 100,000 customers link it
        String business = createBusiness("Popular");
        String store = createStore(business, "Popular", address("Austin", "TX", "73301", "US"));
        setLinkCount(store, 100_000);

        // WHEN
        RequestCounter.reset();
        var response = given().delete("/stores/" + store + "?unlink=true");
        List<String> operations = RequestCounter.operations();
        List<String> indexes = RequestCounter.queriedIndexes();

        // THEN no request reads the business's customers
        response.then().statusCode(202).body("copiesTotal", equalTo(100_000));
        assertThat(operations).containsExactly("Query", "TransactWriteItems");
        assertThat(indexes).containsExactly("table");
    }

    @Test
    void unlinkingDelete_shouldLeaveARunningPassToTheFanOut() {
        // GIVEN a linked store whose job is running a pass for an earlier version
        String business = createBusiness("Busy");
        String store = createStore(business, "Busy", address("Austin", "TX", "73301", "US"));
        setLinkCount(store, 3);
        Instant started = Instant.now().minusSeconds(5);
        Map<String, AttributeValue> running = jobItem(store, business, started);
        dynamo.putItem(request -> request.tableName(LocalDynamoResource.TABLE).item(running));

        // WHEN
        given().delete("/stores/" + store + "?unlink=true").then().statusCode(202);

        // THEN the request asked for the next pass and left where the running one stands alone
        Map<String, AttributeValue> job = job(store);
        for (String owned : List.of(
                Attributes.JOB_STATUS,
                Attributes.JOB_PASS,
                Attributes.JOB_PASS_VERSION,
                Attributes.JOB_SEGMENTS,
                Attributes.JOB_COPIES_DONE,
                Attributes.JOB_STARTED_AT)) {
            assertThat(job.get(owned)).as(owned).isEqualTo(running.get(owned));
        }
        assertThat(job.get(Attributes.JOB_REQUESTED_VERSION)).isEqualTo(Values.n(2));
        assertThat(job.get(Attributes.JOB_COPIES_TOTAL)).isEqualTo(Values.n(3));
        given().get("/stores/" + store + "/job")
                .then()
                .statusCode(200)
                .body("status", equalTo("running"))
                .body("pass", equalTo(4))
                .body("segments", equalTo(2))
                .body("doneSegments", equalTo(1))
                .body("copiesDone", equalTo(7));
    }

    @Test
    void unlinkingDelete_withAStaleIfMatch_shouldBe412_andWriteNothing() {
        // GIVEN a linked store at version 2
        String business = createBusiness("Stale");
        String store = createStore(business, "Stale", address("Austin", "TX", "73301", "US"));
        given().put("/customers/" + createCustomer(business, "Ann", "Stale") + "/stores/" + store)
                .then()
                .statusCode(204);
        given().put("/stores/" + store + "/tags/x").then().statusCode(204);
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);

        // WHEN
        var response = given().header("If-Match", "\"1\"").delete("/stores/" + store + "?unlink=true");

        // THEN
        response.then().statusCode(412).contentType("application/problem+json");
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    @Test
    void deleteOfAnUnlinkedStore_shouldBe204_withoutAJob() {
        // GIVEN
        String business = createBusiness("Alone");
        String store = createStore(business, "Alone", address("Austin", "TX", "73301", "US"));

        // WHEN
        var response = given().delete("/stores/" + store + "?unlink=true");

        // THEN
        response.then().statusCode(204);
        assertThat(jobOrNull(store)).isNull();
        given().get("/stores/" + store + "/job").then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void getJob_shouldReadTheJobItem_andSayWhenItStopped() {
        // GIVEN a job without progress for longer than a job may go without
        String business = createBusiness("Stopped");
        String store = Ids.newId();
        Instant stale = Instant.now().minus(RefreshJob.STOPPED_AFTER).minus(Duration.ofMinutes(1));
        Map<String, AttributeValue> item = jobItem(store, business, stale);
        dynamo.putItem(request -> request.tableName(LocalDynamoResource.TABLE).item(item));

        // WHEN
        RequestCounter.reset();
        var response = given().get("/stores/" + store + "/job");
        List<String> operations = RequestCounter.operations();

        // THEN one GetItem, the job's fields, and stopped
        response.then()
                .statusCode(200)
                .body("storeId", equalTo(store))
                .body("status", equalTo("running"))
                .body("stopped", equalTo(true))
                .body("pass", equalTo(4))
                .body("copiesTotal", equalTo(3))
                .body("startedAt", equalTo(stale.toString()))
                .body("finishedAt", nullValue());
        assertThat(operations).containsExactly("GetItem");
    }

    @Test
    void aMemberOfAnotherBusiness_shouldGetTheSame404AsForNoJob() {
        // GIVEN business B's store, deleted with its links, and a member of A
        String a = createBusiness("A");
        String b = createBusiness("B");
        String store = createStore(b, "B's", address("Austin", "TX", "73301", "US"));
        setLinkCount(store, 1);
        String memberOfA = TestCallerAccess.member(a);

        // WHEN A's member deletes it, then B's member does, then each reads the job
        var denied = given().header(TestCallerAccess.HEADER, memberOfA).delete("/stores/" + store + "?unlink=true");
        given().header(TestCallerAccess.HEADER, TestCallerAccess.member(b))
                .delete("/stores/" + store + "?unlink=true")
                .then()
                .statusCode(202);
        var hidden = given().header(TestCallerAccess.HEADER, memberOfA).get("/stores/" + store + "/job");
        var absent = given().header(TestCallerAccess.HEADER, memberOfA).get("/stores/" + Ids.newId() + "/job");

        // THEN A's member learns nothing: 404s, worded as for a job that does not exist
        denied.then().statusCode(404).contentType("application/problem+json");
        hidden.then().statusCode(404).contentType("application/problem+json");
        assertThat(hidden.jsonPath().getString("detail"))
                .isEqualTo(absent.jsonPath().getString("detail").replace(absentId(absent), store));
        given().header(TestCallerAccess.HEADER, TestCallerAccess.member(b))
                .get("/stores/" + store + "/job")
                .then()
                .statusCode(200);
    }

    @Test
    void badIdsAndParameters_shouldBeProblems_andWriteNothing() {
        Map<String, Map<String, AttributeValue>> before = TableSnapshot.of(dynamo);
        for (String id : List.of("not-an-id", "01ARZ3NDEKTSV4RRFFQ69G5FAVX", "01arz3ndektsv4rrffq69g5fav")) {
            given().get("/stores/" + id + "/job").then().statusCode(422).contentType("application/problem+json");
            given().delete("/stores/" + id + "?unlink=true")
                    .then()
                    .statusCode(422)
                    .contentType("application/problem+json");
        }
        given().delete("/stores/" + Ids.newId() + "?unlink=yes")
                .then()
                .statusCode(400)
                .contentType("application/problem+json");
        assertThat(TableSnapshot.of(dynamo)).isEqualTo(before);
    }

    private static String absentId(io.restassured.response.Response absent) {
        String detail = absent.jsonPath().getString("detail");
        return detail.split(" ")[3];
    }

    /** A job running pass 4 (for version 1) of a store, 2 segments, 1 done, last progress at {@code at}. */
    private static Map<String, AttributeValue> jobItem(String store, String business, Instant at) {
        Map<String, AttributeValue> item = new HashMap<>(RefreshJob.keyOf(store).toAttributes());
        item.put(Attributes.KIND, Values.s(ItemKind.JOB.value()));
        item.put(Attributes.JOB_SUBJECT, Values.s(Keys.subjectRef(Entity.STORE, store)));
        item.put(Attributes.BUSINESS_ID, Values.s(business));
        item.put(Attributes.JOB_STATUS, Values.s(RefreshJob.Status.RUNNING.value()));
        item.put(Attributes.JOB_PASS, Values.n(4));
        item.put(Attributes.JOB_PASS_VERSION, Values.n(1));
        item.put(Attributes.JOB_REQUESTED_VERSION, Values.n(1));
        item.put(Attributes.JOB_SEGMENTS, Values.n(2));
        item.put(Attributes.JOB_DONE_SEGMENTS, AttributeValue.fromSs(List.of("0")));
        item.put(Attributes.JOB_COPIES_DONE, Values.n(7));
        item.put(Attributes.JOB_COPIES_TOTAL, Values.n(3));
        item.put(Attributes.JOB_STARTED_AT, Values.instant(at));
        item.put(Attributes.UPDATED_AT, Values.instant(at));
        return item;
    }

    private void setLinkCount(String store, long links) {
        Map<String, AttributeValue> key = ItemKey.of(storeItem(store)).toAttributes();
        dynamo.updateItem(request -> request.tableName(LocalDynamoResource.TABLE)
                .key(key)
                .updateExpression("SET #links = :links")
                .expressionAttributeNames(Map.of("#links", Attributes.LINK_COUNT))
                .expressionAttributeValues(Map.of(":links", Values.n(links))));
    }

    private Map<String, AttributeValue> job(String store) {
        Map<String, AttributeValue> job = jobOrNull(store);
        assertThat(job).as("job of %s", store).isNotNull();
        return job;
    }

    private Map<String, AttributeValue> jobOrNull(String store) {
        Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(LocalDynamoResource.TABLE)
                        .key(RefreshJob.keyOf(store).toAttributes())
                        .consistentRead(true))
                .item();
        return item == null || item.isEmpty() ? null : item;
    }

    private Map<String, AttributeValue> storeItem(String storeId) {
        return dynamo.query(request -> request.tableName(LocalDynamoResource.TABLE)
                        .keyConditionExpression("#id = :id")
                        .expressionAttributeNames(Map.of("#id", Attributes.ID))
                        .expressionAttributeValues(Map.of(":id", AttributeValue.fromS(storeId)))
                        .consistentRead(true))
                .items()
                .get(0);
    }
}
