package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.function.RuntimeApiServer;
import io.entitytable.local.function.RuntimeClientDouble;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The API docs under {@code /docs} on the front door alone: no function runs, so whatever the docs do not answer
 * themselves would wait for one. This test plays the function's runtime client where a request must reach it.
 */
class FrontDoorDocsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    static Path dataFolder;

    private static LocalIssuer issuer;
    private static RuntimeApiServer frontDoor;
    // HTTP/1.1, as curl and browsers speak plain http: the front door's server would otherwise be asked to upgrade
    // to cleartext HTTP/2 (h2c), which it does not serve reliably for large bodies.
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();

    @BeforeAll
    static void startFrontDoor() {
        issuer = LocalIssuer.inFolder(dataFolder);
        frontDoor = RuntimeApiServer.httpFrontDoor(
                0, LocalOptions.defaults(TestRepository.root()).openApiDocument(), issuer);
    }

    @AfterAll
    static void stopFrontDoor() {
        frontDoor.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/docs", "/docs/", "/docs/index.html"})
    void docs_shouldServeSwaggerUiOverTheCommittedDocument_whenThePageIsAsked(String path) throws Exception {
        // GIVEN the front door

        // WHEN a browser opens the docs page
        HttpResponse<String> page = get(path);

        // THEN it is an HTML page that loads Swagger UI's bundle pointed at the committed document
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("content-type"))
                .hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
        assertThat(page.body())
                .contains("<script src=\"/docs/swagger-ui-bundle.js\"")
                .contains("url: \"/docs/openapi.json\"")
                .doesNotContain("petstore");
    }

    @Test
    void openApiJson_shouldBeTheCommittedDocument_whenAsked() throws Exception {
        // GIVEN the committed OpenAPI document of the checkout
        String committed = Files.readString(TestRepository.root().resolve(Path.of("functions", "openapi.json")));

        // WHEN Swagger UI loads it
        HttpResponse<String> document = get("/docs/openapi.json");

        // THEN it is that file, as JSON
        assertThat(document.statusCode()).isEqualTo(200);
        assertThat(document.headers().firstValue("content-type")).hasValue("application/json");
        assertThat(JSON.readTree(document.body())).isEqualTo(JSON.readTree(committed));
        assertThat(document.body()).isEqualTo(committed);
    }

    @Test
    void asset_shouldComeFromTheSwaggerUiWebjar_whenThePageLoadsIt() throws Exception {
        // GIVEN the front door

        // WHEN the page loads Swagger UI's bundle
        HttpResponse<String> bundle = get("/docs/swagger-ui-bundle.js");

        // THEN it is the webjar's JavaScript
        assertThat(bundle.statusCode()).isEqualTo(200);
        assertThat(bundle.headers().firstValue("content-type"))
                .hasValueSatisfying(type -> assertThat(type).contains("javascript"));
        assertThat(bundle.body()).contains("SwaggerUIBundle");
    }

    @Test
    void unknownDocsPath_shouldBeNotFound_withoutReachingTheFunction() throws Exception {
        // GIVEN the front door, with no function to hand requests to (one that reached it would hang)

        // WHEN a file Swagger UI does not have is asked under /docs
        HttpResponse<String> missing = get("/docs/no-such-file.js");

        // THEN the docs answer 404 themselves
        assertThat(missing.statusCode()).isEqualTo(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/businesses", "/docsearch", "/q/health/live"})
    void pathOutsideDocs_shouldReachTheFunction_asAnApiGatewayEvent(String path) throws Exception {
        // GIVEN a request outside /docs, with a token (see FrontDoorAuthTest), waiting for the function's answer
        CompletableFuture<HttpResponse<String>> request = http.sendAsync(
                HttpRequest.newBuilder(uri(path))
                        .header("Authorization", "Bearer " + issuer.operatorToken())
                        .timeout(TIMEOUT)
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        // WHEN the function's runtime client takes the next event and answers it
        RuntimeClientDouble runtime = new RuntimeClientDouble(frontDoor);
        RuntimeClientDouble.Invocation next = runtime.next();
        JsonNode event = JSON.readTree(next.event());
        int accepted =
                runtime.respond(next.requestId(), "{\"statusCode\": 200, \"body\": \"answered by the function\"}");

        // THEN the event was the request, and the caller got the function's answer
        assertThat(event.get("rawPath").asText()).isEqualTo(path);
        assertThat(accepted).isEqualTo(202);
        HttpResponse<String> response = request.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("answered by the function");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(uri(path)).timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(String path) {
        return URI.create("http://localhost:" + frontDoor.port() + path);
    }
}
