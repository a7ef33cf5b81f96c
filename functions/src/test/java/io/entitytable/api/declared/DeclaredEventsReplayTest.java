package io.entitytable.api.declared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.api.ApiTestSupport;
import io.entitytable.api.FixtureEntities;
import io.entitytable.api.LocalDynamoResource;
import io.entitytable.api.events.EventReplay;
import io.entitytable.api.events.SampleEvents;
import io.entitytable.api.events.SampleIds;
import io.entitytable.api.table.EntityTable;
import io.entitytable.model.Entity;
import io.entitytable.model.EntityDeclarations;
import io.entitytable.model.Field;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A declared entity's sample events come from its declaration, with no file written by hand: made from the document
 * the API serves (which describes the entity from its declaration), written as {@code -Devents.update=true} writes
 * them, and replayed through the Lambda handler, each answered with its documented success.
 */
@QuarkusTest
@QuarkusTestResource(LocalDynamoResource.class)
class DeclaredEventsReplayTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    EntityTable table;

    @TempDir
    Path folder;

    @Test
    void everyDeclaredRoute_shouldBeAnsweredItsDocumentedSuccess_byTheEventMadeFromTheServedDocument()
            throws Exception {
        // Only the declared-entities test run names the declarations (see DeclaredContractTest).
        assumeTrue(
                System.getProperty(EntityDeclarations.PROPERTY) != null,
                "the declarations are named in the declared-entities test run only");
        // GIVEN the served document, and a business made by the event of its create
        JsonNode document = EventReplay.servedDocument();
        SampleEvents samples = new SampleEvents(document);
        JsonNode business =
                replay(document, samples.event("POST", "/businesses").toString(), "POST /businesses");
        String businessId = business.get("id").asText();
        // The declared entities the API tests' fixtures hold no subject of: those of test sources, and any a team
        // declares beside the shipped ones. A shipped one (the store) has its events replayed by ApiEventsReplayTest,
        // with the fixtures its routes need (a store's job).
        List<Entity> declared = Entity.all().stream()
                .filter(entity -> !entity.isTenant() && !FixtureEntities.hold(entity))
                .toList();
        assertThat(declared).extracting(Entity::keyName).contains("article").doesNotContain("store");

        // What the routes of a link need: a subject for an owner's link to name, and a job for a target's job route (a
        // job outlives its subject, so one its delete left earlier); and those of a child, its parent.
        Map<Entity, String> linkable = new HashMap<>();
        for (Entity entity : declared) {
            // AND the events of its routes, written from the document into a folder of their own
            List<String> routes = samples.routes().stream()
                    .filter(route -> routeOf(route, entity))
                    .toList();
            List<Path> files = samples.writeMissing(folder, routes);
            assertThat(files).as(entity.keyName()).hasSize(routes.size()).hasSizeGreaterThanOrEqualTo(7);
            List<String> events = new ArrayList<>();
            for (Path file : files) {
                events.add(Files.readString(file));
            }
            // The create first, then reads, the change, the tag and its removal, the delete last.
            events.sort(Comparator.comparingInt(DeclaredEventsReplayTest::order));

            entity.link()
                    .ifPresent(
                            link -> linkable.put(link.target(), created(document, samples, link.target(), businessId)));
            // A child of another subject is made under a parent of its own (a visit under a customer).
            entity.parent().ifPresent(parent -> linkable.put(parent, created(document, samples, parent, businessId)));
            // WHEN each is replayed, the fixed ids replaced with the business's and the created subject's
            String subjectId = null;
            Set<String> replayed = new TreeSet<>();
            for (String event : events) {
                String routeKey = routeKey(event);
                String sent = event.replace(SampleIds.BUSINESS, businessId);
                if (subjectId != null) {
                    sent = sent.replace(SampleIds.of(entity), subjectId);
                }
                for (Map.Entry<Entity, String> target : linkable.entrySet()) {
                    sent = sent.replace(SampleIds.of(target.getKey()), target.getValue());
                }
                // THEN it is answered as the document says it succeeds
                JsonNode answer = replay(document, sent, routeKey);
                if (subjectId == null) {
                    assertThat(routeKey).as("the first event creates").startsWith("POST ");
                    subjectId = answer.get("id").asText();
                    if (entity.linkedBy().isPresent()) {
                        String created = subjectId;
                        table.dynamo().putItem(r -> r.tableName(table.name())
                                .item(ApiTestSupport.doneRefreshJob(entity, created, businessId, Instant.now())));
                    }
                    // AND the subject holds the declaration's examples, as stored (with the members an item's
                    // defaults and derivations add, each item numbered from 1; of a value chosen by label, the
                    // parent's example under it)
                    for (Field field : entity.fields()) {
                        if (field.example() != null) {
                            JsonNode held = answer.path(field.name()).deepCopy();
                            if (field.kind() == Field.Kind.ITEMS) {
                                for (int n = 0; n < held.size(); n++) {
                                    JsonNode number = ((ObjectNode) held.get(n)).remove(field.numberAttribute());
                                    assertThat(number.asLong()).as(field.name()).isEqualTo(n + 1L);
                                }
                            }
                            assertThat(held.toString())
                                    .as(field.name())
                                    .isEqualTo(Json.write(field.normalised(field.storedExample())));
                        }
                    }
                }
                replayed.add(routeKey);
            }
            assertThat(replayed).as(entity.keyName()).containsExactlyInAnyOrderElementsOf(routes);
        }
    }

    /**
     * A new subject of {@code entity}, made by its sample create without its Idempotency-Key: that key's record would
     * answer the subject its own events made, and deleted, before.
     */
    private static String created(JsonNode document, SampleEvents samples, Entity entity, String businessId) {
        ObjectNode create = samples.event("POST", "/businesses/{id}/" + entity.collection());
        ((ObjectNode) create.get("headers")).remove("idempotency-key");
        String event = create.toString().replace(SampleIds.BUSINESS, businessId);
        return replay(document, event, routeKey(event)).get("id").asText();
    }

    /** The answer's body; fails unless its status is one of the operation's documented successes. */
    private static JsonNode replay(JsonNode document, String event, String routeKey) {
        JsonNode answer = EventReplay.answer(event);
        String[] route = routeKey.split(" ");
        Set<Integer> successes = new TreeSet<>();
        document.path("paths")
                .path(route[1])
                .path(route[0].toLowerCase(Locale.ROOT))
                .path("responses")
                .fieldNames()
                .forEachRemaining(status -> {
                    if (status.startsWith("2")) {
                        successes.add(Integer.parseInt(status));
                    }
                });
        assertThat(successes).as(routeKey + " documents a success").isNotEmpty();
        assertThat(answer.path("statusCode").asInt())
                .as(routeKey + " answered " + answer.path("body").asText())
                .isIn(successes);
        String body = answer.path("body").asText();
        return body.isEmpty() ? MissingNode.getInstance() : read(body);
    }

    private static String routeKey(String event) {
        return read(event).path("routeKey").asText();
    }

    private static JsonNode read(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean routeOf(String route, Entity entity) {
        String path = route.substring(route.indexOf(' ') + 1);
        return path.equals("/businesses/{id}/" + entity.collection())
                || path.startsWith("/" + entity.collection() + "/")
                || entity.parent()
                        .filter(parent -> path.equals("/" + parent.collection() + "/{id}/" + entity.collection()))
                        .isPresent();
    }

    private static int order(String event) {
        String routeKey = routeKey(event);
        String method = routeKey.substring(0, routeKey.indexOf(' '));
        // A DELETE under the subject (its tag, its link) comes before the subject's own.
        boolean under = routeKey.split("/").length > 3;
        return switch (method) {
            case "POST" -> 0;
            case "GET" -> 1;
            case "PATCH" -> 2;
            case "PUT" -> 3;
            default -> under ? 4 : 5;
        };
    }
}
