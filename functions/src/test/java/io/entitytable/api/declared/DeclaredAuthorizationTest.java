package io.entitytable.api.declared;

import static io.entitytable.api.ApiTestSupport.createBusiness;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.TableWrites;
import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.api.declared.RawRequests.Request;
import io.entitytable.model.Entity;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The routes of every entity declared by its fields ({@link DeclaredEntities#all}), for each kind of caller, under the
 * rules a business's stores have: a member of another business, and a caller with no verified token (whom API
 * Gateway's authorizer answers 401 before the function; one that reaches it is nobody), get the 404 of a subject that
 * does not exist, and nothing is written; a member of the owning business uses every route.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class DeclaredAuthorizationTest {
    private static final String PROBLEM_JSON = "application/problem+json";

    @Inject
    DynamoDbClient dynamo;

    /** One request of a declared route, and what its owning business's member gets. */
    record Call(String method, String path, String body, int allowed) {
        HttpResponse<String> as(String caller) {
            Map<String, String> headers = new HashMap<>(Map.of(TestCallerAccess.HEADER, caller));
            if (body != null) {
                headers.put("Content-Type", "application/json");
            }
            return RawRequests.send(Request.of(method, path, headers, body));
        }

        @Override
        public String toString() {
            return method + " " + path;
        }
    }

    /**
     * The query that narrows the entity's list as it is sorted: a range of creation times (in one group of an entity
     * grouped by a field), or a name's start.
     */
    private static String narrowed(Entity entity) {
        String group = entity.groupField()
                // A group's field may have no example but a value it holds by default (an order's status).
                .map(field ->
                        "&" + field.name() + "=" + (field.example() != null ? field.example() : field.defaultValue()))
                .orElse("");
        return entity.isSortedByCreation() ? "?from=2020-01-01T00:00:00Z" + group : "?namePrefix=a";
    }

    /**
     * Every route of {@code entity} aimed at {@code business} and its subject {@code id}; the delete last, so that the
     * routes before it find the subject. Of an entity that links another, {@code linked} is a subject of that one in
     * the same business, which its link routes link and unlink. {@code createPath} is where a new one is made: the
     * business's collection, or a parent subject's in the business.
     */
    private static List<Call> routes(Entity entity, String business, String id, String linked, String createPath) {
        String collection = "/businesses/" + business + "/" + entity.collection();
        String subject = "/" + entity.collection() + "/" + id;
        String change = Json.write(DeclaredEntities.changeable(entity)
                .<Map<String, Object>>map(field -> Map.of(field.name(), FieldValues.valid(field, 3)))
                .orElse(Map.of()));
        List<Call> calls = new ArrayList<>(List.of(
                new Call("POST", createPath, Json.write(DeclaredEntities.validBody(entity, 2)), 201),
                new Call("GET", collection, null, 200),
                new Call("GET", collection + narrowed(entity) + "&limit=10", null, 200),
                new Call("GET", subject, null, 200),
                new Call("PATCH", subject, change, 200),
                new Call("PUT", subject + "/tags/x", null, 204),
                new Call("DELETE", subject + "/tags/x", null, 204)));
        if (!createPath.equals(collection)) {
            // The parent's list of its children.
            calls.add(new Call("GET", createPath, null, 200));
        }
        entity.link().ifPresent(link -> {
            String targets = subject + "/" + link.target().collection();
            calls.add(new Call("PUT", targets + "/" + linked, null, 204));
            calls.add(new Call("GET", targets, null, 200));
            calls.add(new Call("DELETE", targets + "/" + linked, null, 204));
        });
        entity.linkedBy()
                .ifPresent(link ->
                        calls.add(new Call("GET", subject + "/" + link.owner().collection(), null, 200)));
        calls.add(new Call("DELETE", subject, null, 204));
        return calls;
    }

    /** A subject of what {@code entity} links, in {@code business}; null when it links nothing. */
    private static String linkedIn(Entity entity, String business) {
        return entity.link().map(link -> created(link.target(), business, 9)).orElse(null);
    }

    @Test
    void aMemberOfAnotherBusiness_orNobody_shouldGet404OnEveryDeclaredRoute_andChangeNothing() {
        List<String> wrong = new ArrayList<>();
        for (Entity entity : DeclaredEntities.all()) {
            // GIVEN two businesses, the target with a subject of the entity
            String own = createBusiness("Own " + entity);
            String target = createBusiness("Target " + entity);
            String subject = created(entity, target, 1);
            String linked = linkedIn(entity, target);
            String createPath = DeclaredEntities.createPath(entity, target);
            // Each call is judged against the table the call before it left.
            TableWrites writes = TableWrites.watch(dynamo);
            for (String caller : List.of(TestCallerAccess.member(own), "nobody")) {
                for (Call call : routes(entity, target, subject, linked, createPath)) {
                    // WHEN
                    HttpResponse<String> response = call.as(caller);
                    // THEN the 404 of a subject that does not exist, never the subject, and nothing written
                    String type = response.headers().firstValue("Content-Type").orElse("");
                    if (response.statusCode() != 404
                            || !type.startsWith(PROBLEM_JSON)
                            || Json.read(response.body()).has("businessId")) {
                        wrong.add(caller + " " + call + " -> " + response.statusCode() + " " + response.body());
                    }
                    writes.sinceLastLook()
                            .ifPresent(changed -> wrong.add(caller + " " + call + " changed the table: " + changed));
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void aMemberOfTheOwningBusiness_shouldUseEveryDeclaredRoute() {
        List<String> wrong = new ArrayList<>();
        for (Entity entity : DeclaredEntities.all()) {
            // GIVEN a business with a subject of the entity
            String business = createBusiness("Members " + entity);
            String subject = created(entity, business, 1);
            String createPath = DeclaredEntities.createPath(entity, business);
            for (Call call : routes(entity, business, subject, linkedIn(entity, business), createPath)) {
                // WHEN its member calls
                HttpResponse<String> response = call.as(TestCallerAccess.member(business));
                // THEN what an operator gets
                if (response.statusCode() != call.allowed()) {
                    wrong.add(call + " -> " + response.statusCode() + " " + response.body());
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void aMemberOfOneBusiness_shouldListOnlyItsOwnSubjects() {
        for (Entity entity : DeclaredEntities.all()) {
            // GIVEN a subject in each of two businesses
            String own = createBusiness("Lists own " + entity);
            String other = createBusiness("Lists other " + entity);
            String mine = created(entity, own, 1);
            String theirs = created(entity, other, 1);
            io.entitytable.api.ApiTestSupport.awaitIndexesCaughtUp();

            // WHEN the member of one lists its business's subjects
            HttpResponse<String> page = new Call("GET", "/businesses/" + own + "/" + entity.collection(), null, 200)
                    .as(TestCallerAccess.member(own));

            // THEN its own, not the other's
            List<String> ids = new ArrayList<>();
            Json.read(page.body())
                    .path("items")
                    .forEach(item -> ids.add(item.path("id").asText()));
            assertThat(ids).as(entity.keyName()).containsExactly(mine).doesNotContain(theirs);
        }
    }

    private static String created(Entity entity, String business, int n) {
        HttpResponse<String> response = new Call(
                        "POST",
                        DeclaredEntities.createPath(entity, business),
                        Json.write(DeclaredEntities.validBody(entity, n)),
                        201)
                .as("operator");
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return Json.read(response.body()).path("id").asText();
    }
}
