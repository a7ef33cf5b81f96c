package io.entitytable.api.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The events made from the document are the ones written by hand in {@code events/api}: given the values those chose
 * as the document's examples, equal but for what the README leaves free (the request id) and the Idempotency-Key the
 * hand-written ones omit.
 */
class SampleEventsTest {
    static final Path DOCUMENT = Path.of("openapi.json");

    @Test
    void event_shouldEqualTheCommittedOne_givenItsValuesAsTheDocumentsExamples() throws IOException {
        // GIVEN the committed document and events
        JsonNode document = committedDocument();
        List<String> unequal = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (String route : new SampleEvents(document).routes()) {
            if (!Files.exists(SampleEvents.FOLDER.resolve(SampleEvents.fileName(route)))) {
                missing.add(route);
                continue;
            }
            JsonNode committed = committedEvent(route);
            // AND the document giving as examples the body's and query's values the committed event chose
            JsonNode withExamples = withExamplesOf(committed, document.deepCopy(), route);

            // WHEN the event is made from the document
            ObjectNode made = new SampleEvents(withExamples).event(route);

            // THEN it is the committed one, but for what the README leaves free and the Idempotency-Key
            if (!normalized(made).equals(normalized(committed))) {
                unequal.add(route + "\n  made:      " + normalized(made) + "\n  committed: " + normalized(committed));
            }
        }
        assertThat(missing)
                .as("routes of the document without an event in events/api (a new entity's, say): write them with mvn"
                        + " -pl functions -am verify -Dtest=ApiEventsReplayTest -Devents.update=true"
                        + " -Dsurefire.failIfNoSpecifiedTests=false")
                .isEmpty();
        assertThat(unequal).isEmpty();
    }

    @Test
    void event_withoutExamples_shouldDifferOnlyInItsBody() throws IOException {
        // GIVEN the committed document, whose core schemas give no examples
        SampleEvents samples = new SampleEvents(committedDocument());

        // WHEN the event of a create of a store is made
        ObjectNode made = samples.event("POST", "/businesses/{id}/stores");

        // THEN the body has the required properties, stand-ins for the values the document does not give
        JsonNode body = EventJson.read(made.get("body").asText());
        assertThat(body.fieldNames()).toIterable().containsExactly("name", "address");
        assertThat(body.at("/address").fieldNames())
                .toIterable()
                .containsExactly("street", "city", "state", "zip", "country");
        // AND everything else is the committed event's
        ObjectNode committed = (ObjectNode) committedEvent("POST /businesses/{id}/stores");
        for (ObjectNode event : List.of(made, committed)) {
            event.remove("body");
            ((ObjectNode) event.get("headers")).remove("content-length");
        }
        assertThat(normalized(made)).isEqualTo(normalized(committed));
        assertThat(made.at("/headers/idempotency-key").asText()).isEqualTo("sample-createStore");
    }

    @Test
    void event_shouldSendIfMatchOnAChangeOnly() throws IOException {
        SampleEvents samples = new SampleEvents(committedDocument());
        assertThat(samples.event("PATCH", "/stores/{id}")
                        .at("/headers/if-match")
                        .asText())
                .isEqualTo("\"1\"");
        // A delete reads If-Match too, but is sent unconditionally, as a replay deletes after changing
        assertThat(samples.event("DELETE", "/stores/{id}").path("headers").has("if-match"))
                .isFalse();
        assertThat(samples.event("GET", "/stores/{id}").path("headers").has("idempotency-key"))
                .isFalse();
    }

    @Test
    void body_shouldTakeEachFirstExample_andAStandInForARequiredPropertyWithout() {
        // GIVEN a request schema: a property with examples, required ones without, an optional one without
        JsonNode document = EventJson.read(
                """
                {"paths":{"/things":{"post":{"requestBody":{"content":{"application/json":{"schema":{
                  "$ref":"#/components/schemas/CreateThing"}}}}}}},
                 "components":{"schemas":{"CreateThing":{"type":"object","required":["code","count"],"properties":{
                  "name":{"type":"string","examples":["Widget","Gadget"]},
                  "code":{"type":"string","minLength":8,"maxLength":10},
                  "note":{"type":"string"},
                  "count":{"type":"integer","minimum":3}}}}}}
                """);

        // WHEN its event is made
        ObjectNode event = new SampleEvents(document).event("POST", "/things");

        // THEN
        assertThat(event.get("body").asText()).isEqualTo("{\"name\":\"Widget\",\"code\":\"samplesamp\",\"count\":3}");
        assertThat(event.at("/headers/content-length").asText()).isEqualTo("47");
        assertThat(event.has("pathParameters")).isFalse();
    }

    @Test
    void text_shouldBeTheFormOfTheCommittedFiles() throws IOException {
        try (Stream<Path> files = Files.list(SampleEvents.FOLDER)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                String committed = Files.readString(file);
                assertThat(SampleEvents.text(EventJson.read(committed)))
                        .as(file.toString())
                        .isEqualTo(committed);
            }
        }
    }

    @Test
    void writeMissing_shouldWriteTheAbsentEvents_andNeverAnExistingOne(@TempDir Path folder) throws IOException {
        // GIVEN a folder holding one event, changed by hand
        SampleEvents samples = new SampleEvents(committedDocument());
        Path kept = folder.resolve("stores-id-patch.json");
        Files.writeString(kept, "{\"changed\":\"by hand\"}\n");

        // WHEN the missing events are written, twice
        List<Path> written = samples.writeMissing(folder);
        List<Path> again = samples.writeMissing(folder);

        // THEN every other route's event is written once, each as made, and the one there is left as it was
        assertThat(written).hasSize(samples.routes().size() - 1).doesNotContain(kept);
        assertThat(again).isEmpty();
        assertThat(Files.readString(kept)).isEqualTo("{\"changed\":\"by hand\"}\n");
        assertThat(Files.readString(folder.resolve("businesses-id-get.json")))
                .isEqualTo(SampleEvents.text(samples.event("GET", "/businesses/{id}")));
    }

    static JsonNode committedDocument() throws IOException {
        return EventJson.read(Files.readString(DOCUMENT));
    }

    static JsonNode committedEvent(String route) throws IOException {
        return EventJson.read(Files.readString(SampleEvents.FOLDER.resolve(SampleEvents.fileName(route))));
    }

    /** {@code document} whose operation of {@code route} gives {@code event}'s body and query values as examples. */
    private static JsonNode withExamplesOf(JsonNode event, JsonNode document, String route) {
        String[] parts = route.split(" ");
        JsonNode operation = document.path("paths").path(parts[1]).path(parts[0].toLowerCase(Locale.ROOT));
        if (event.has("body")) {
            JsonNode schema = operation.at("/requestBody/content/application~1json/schema");
            ObjectNode properties =
                    (ObjectNode) document.at(schema.get("$ref").asText().substring(1) + "/properties");
            EventJson.read(event.get("body").asText()).fields().forEachRemaining(value -> ((ObjectNode)
                            properties.get(value.getKey()))
                    .set("examples", JsonNodeFactory.instance.arrayNode().add(value.getValue())));
        }
        event.path("queryStringParameters").fields().forEachRemaining(value -> {
            for (JsonNode parameter : operation.path("parameters")) {
                if (parameter.path("name").asText().equals(value.getKey())) {
                    ((ObjectNode) parameter).set("example", value.getValue());
                }
            }
        });
        return document;
    }

    /**
     * The event without what the README leaves free (the request id) or the committed events do not send (an
     * Idempotency-Key), its raw query's parameters in a fixed order (the document's is not the hand-written one).
     */
    private static JsonNode normalized(JsonNode event) {
        ObjectNode copy = event.deepCopy();
        ((ObjectNode) copy.get("requestContext")).remove("requestId");
        ((ObjectNode) copy.get("headers")).remove("idempotency-key");
        String raw = copy.get("rawQueryString").asText();
        copy.put("rawQueryString", String.join("&", new TreeSet<>(Arrays.asList(raw.split("&")))));
        return copy;
    }
}
