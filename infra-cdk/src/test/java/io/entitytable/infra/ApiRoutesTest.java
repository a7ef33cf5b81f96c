package io.entitytable.infra;

import static io.entitytable.infra.Json.properties;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.Ids;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every route of the API's OpenAPI document is routed by the HTTP API and has a sample event in {@code events/api}, so
 * {@code sam local invoke} and the tests can replay any endpoint.
 */
class ApiRoutesTest {
    static final Path EVENTS = Path.of("..", "events", "api");

    private static List<ApiRoutes.Route> routes;
    private static Map<String, JsonNode> eventsByFile;

    @BeforeAll
    static void readRoutesAndEvents() throws IOException {
        routes = ApiRoutes.read(SynthesizedStack.OPEN_API);
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.list(EVENTS)) {
            eventsByFile = files.filter(file -> file.toString().endsWith(".json"))
                    .collect(Collectors.toMap(file -> file.getFileName().toString(), file -> {
                        try {
                            return json.readTree(file.toFile());
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }));
        }
    }

    @Test
    void everyOpenApiRoute_shouldHaveAnHttpApiRoute() {
        // GIVEN the routes of functions/openapi.json
        // WHEN the stack is synthesized
        List<String> routeKeys = SynthesizedStack.defaults().resources("AWS::ApiGatewayV2::Route").values().stream()
                .map(route -> (String) properties(route).get("RouteKey"))
                .toList();
        // THEN the HTTP API has exactly one route per path x method, and no other
        assertThat(routes).hasSizeGreaterThan(30);
        assertThat(routeKeys)
                .containsExactlyInAnyOrderElementsOf(
                        routes.stream().map(ApiRoutes.Route::routeKey).toList());
    }

    @Test
    void everyOpenApiRoute_shouldHaveASampleEventWithItsRouteKey() {
        // GIVEN the routes of functions/openapi.json and the files in events/api
        Map<String, JsonNode> byRouteKey = eventsByFile.values().stream()
                .collect(Collectors.toMap(event -> event.path("routeKey").asText(), Function.identity()));
        // WHEN they are matched by route key
        // THEN every route has exactly one event, and every event belongs to a route
        assertThat(byRouteKey.keySet())
                .as("events/api and the routes differ; a route without an event gets one made from the served"
                        + " document by: mvn -pl functions -am verify -Dtest=ApiEventsReplayTest -Devents.update=true"
                        + " -Dsurefire.failIfNoSpecifiedTests=false (it never rewrites an existing event)")
                .containsExactlyInAnyOrderElementsOf(
                        routes.stream().map(ApiRoutes.Route::routeKey).toList());
        assertThat(eventsByFile).hasSameSizeAs(routes);
    }

    @Test
    void everyEvent_shouldBeAnHttpApiV2EventConsistentWithItsRoute() {
        eventsByFile.forEach((file, event) -> {
            // GIVEN a sample event
            String routeKey = event.path("routeKey").asText();
            String method = routeKey.substring(0, routeKey.indexOf(' '));
            String template = routeKey.substring(routeKey.indexOf(' ') + 1);
            // WHEN its parts are compared with its route
            String expectedPath = template;
            for (Map.Entry<String, JsonNode> parameter : iterable(event.path("pathParameters"))) {
                expectedPath = expectedPath.replace(
                        "{" + parameter.getKey() + "}", parameter.getValue().asText());
            }
            // THEN it is a payload 2.0 event whose path, method and parameters agree, with valid ULIDs
            assertThat(event.path("version").asText()).as(file).isEqualTo("2.0");
            assertThat(file).isEqualTo(fileName(method, template));
            assertThat(event.path("rawPath").asText())
                    .as(file)
                    .isEqualTo(expectedPath)
                    .doesNotContain("{");
            assertThat(event.at("/requestContext/routeKey").asText()).as(file).isEqualTo(routeKey);
            assertThat(event.at("/requestContext/http/method").asText())
                    .as(file)
                    .isEqualTo(method);
            assertThat(event.at("/requestContext/http/path").asText()).as(file).isEqualTo(expectedPath);
            assertThat(event.at("/requestContext/stage").asText()).as(file).isEqualTo(EntityHttpApi.DEFAULT_STAGE);
            assertThat(event.at("/requestContext/timeEpoch").asLong()).as(file).isPositive();
            for (String name : List.of("id", "storeId")) {
                if (event.path("pathParameters").has(name)) {
                    assertThat(Ids.isValid(event.at("/pathParameters/" + name).asText()))
                            .as(file + " " + name)
                            .isTrue();
                }
            }
            assertThat(event.path("isBase64Encoded").isBoolean()).as(file).isTrue();
            if (event.has("body")) {
                assertThat(event.at("/headers/content-type").asText()).as(file).isEqualTo("application/json");
            }
            if (method.equals("POST") || method.equals("PATCH")) {
                assertThat(event.has("body")).as(file + " has a body").isTrue();
            }
            if (method.equals("PATCH")) {
                assertThat(event.at("/headers/if-match").asText()).as(file).isEqualTo("\"1\"");
            }
            if (!event.path("rawQueryString").asText().isEmpty()) {
                assertThat(event.path("queryStringParameters").isObject())
                        .as(file)
                        .isTrue();
            }
        });
    }

    @Test
    void read_shouldTakeOperationsOnly_notOtherPathItemKeys() throws IOException {
        // GIVEN a path item with shared parameters and a summary besides its operations
        JsonNode document = new ObjectMapper()
                .readTree("{\"paths\":{\"/things/{id}\":{\"summary\":\"s\",\"parameters\":[],"
                        + "\"get\":{},\"delete\":{}}}}");
        // WHEN its routes are read
        List<ApiRoutes.Route> read = ApiRoutes.fromDocument(document);
        // THEN only the operations are routes
        assertThat(read)
                .containsExactly(
                        new ApiRoutes.Route("GET", "/things/{id}"), new ApiRoutes.Route("DELETE", "/things/{id}"));
    }

    /** {@code GET /businesses/{id}} -> {@code businesses-id-get.json}. */
    static String fileName(String method, String pathTemplate) {
        return Stream.concat(
                                Stream.of(pathTemplate.substring(1).split("/"))
                                        .map(segment -> segment.replace("{", "").replace("}", "")),
                                Stream.of(method.toLowerCase(java.util.Locale.ROOT)))
                        .collect(Collectors.joining("-"))
                + ".json";
    }

    private static Iterable<Map.Entry<String, JsonNode>> iterable(JsonNode node) {
        return node::fields;
    }
}
