package io.entitytable.api;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.api.table.EntityTable;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.Values;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Requests that many tests need: create a business, a customer, a store, an order; and the wait for the engine's
 * indexes, which follow the table a few milliseconds behind as DynamoDB's do.
 */
public final class ApiTestSupport {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration CATCH_UP_WITHIN = Duration.ofSeconds(30);

    private ApiTestSupport() {}

    /**
     * Waits until the engine has applied every index change it queued: for a test whose GIVEN is "these subjects are
     * listed", after writing them, since a list reads an eventually consistent index.
     */
    /**
     * The item of a refresh job that a delete with {@code unlink=true} of the subject left earlier, done: a job
     * outlives its subject, so its route answers it whether or not the subject is still there.
     */
    public static Map<String, AttributeValue> doneRefreshJob(
            Entity entity, String subjectId, String businessId, Instant at) {
        Map<String, AttributeValue> job =
                new HashMap<>(RefreshJob.keyOf(subjectId).toAttributes());
        job.put(Attributes.KIND, Values.s(ItemKind.JOB.value()));
        job.put(Attributes.JOB_SUBJECT, Values.s(Keys.subjectRef(entity, subjectId)));
        job.put(Attributes.BUSINESS_ID, Values.s(businessId));
        job.put(Attributes.JOB_REQUESTED_VERSION, Values.n(1));
        job.put(Attributes.JOB_PASS_VERSION, Values.n(1));
        job.put(Attributes.UPDATED_AT, Values.instant(at));
        return job;
    }

    /**
     * Writes every copy that a subject's current core item implies, copying each source's current item, as the fan-out
     * writes them (through the shared {@link RelationshipCatalogue}): for the reads of copies, with no fan-out running.
     */
    public static void writeCopies(EntityTable table, Entity entity, String id) {
        Map<String, AttributeValue> core = table.findCore(entity, id).orElseThrow();
        for (RelationshipCatalogue.Duplicate duplicate : RelationshipCatalogue.impliedBy(core)) {
            var source = duplicate.source();
            Map<String, AttributeValue> sourceItem =
                    table.findCore(source.entity(), source.id()).orElseThrow();
            table.dynamo().putItem(r -> r.tableName(table.name())
                    .item(RelationshipCatalogue.copyItem(duplicate, sourceItem)));
        }
    }

    public static void awaitIndexesCaughtUp() {
        LocalDynamoResource.control().awaitIndexesCaughtUp(CATCH_UP_WITHIN);
    }

    public static String createBusiness(String name) {
        return idOf(given().contentType(ContentType.JSON)
                .body(Map.of("name", name))
                .post("/businesses")
                .then()
                .statusCode(201));
    }

    /** Grows a business to {@code shards} write shards (lists read them all at once). */
    public static void growBusiness(String businessId, int shards) {
        given().contentType(ContentType.JSON)
                .body(Map.of("shards", shards))
                .put("/businesses/" + businessId + "/capacity")
                .then()
                .statusCode(200);
    }

    public static Response post(String path, Object body) {
        return given().contentType(ContentType.JSON).body(body).post(path);
    }

    public static Map<String, Object> address(String city, String state, String zip, String country) {
        return Map.of("street", "1 Main St", "city", city, "state", state, "zip", zip, "country", country);
    }

    public static String createCustomer(String businessId, String first, String last) {
        return idOf(post(
                        "/businesses/" + businessId + "/customers",
                        Map.of(
                                "firstName", first,
                                "lastName", last,
                                "mailingAddresses", Map.of("home", address("Austin", "TX", "73301", "US"))))
                .then()
                .statusCode(201));
    }

    public static String createStore(String businessId, String name, Map<String, Object> address) {
        return idOf(post("/businesses/" + businessId + "/stores", Map.of("name", name, "address", address))
                .then()
                .statusCode(201));
    }

    /**
     * The {@code id} of a created subject, read with Jackson: RestAssured's {@code path} evaluates a Groovy expression
     * on every call, a large part of a request's cost on the test's side, and tests create subjects by the hundred.
     */
    static String idOf(ValidatableResponse created) {
        try {
            return JSON.readTree(created.extract().asString()).path("id").textValue();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
