package io.entitytable.local.function;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.LocalOptions;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.auth.LocalIssuer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The front door serves no Runtime API and no raw invoke path to callers: the mock event server's {@code /_lambda_}
 * prefix, in any spelling and with any method, is an API request like any other, so without a token the authorizer
 * answers 401, and an invocation in flight is neither handed out nor answered. The API function's runtime reaches its
 * Runtime API only through the secret path of its environment (this test plays it).
 */
class FrontDoorRuntimeApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final List<String> METHODS = List.of("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS");

    private static LocalIssuer issuer;
    private static RuntimeApiServer frontDoor;
    private static RuntimeClientDouble runtime;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();

    @BeforeAll
    static void startFrontDoor(@TempDir Path dataFolder) {
        issuer = LocalIssuer.inFolder(dataFolder);
        frontDoor = RuntimeApiServer.httpFrontDoor(
                0, LocalOptions.defaults(RepositoryRoot.find()).openApiDocument(), issuer);
        runtime = new RuntimeClientDouble(frontDoor);
    }

    @AfterAll
    static void stopFrontDoor() {
        frontDoor.close();
    }

    /** The mock server's prefix as a caller might spell it to slip past a path check, and no prefix at all. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "/_lambda_",
                "//_lambda_",
                "/%5Flambda%5F",
                "/%5flambda%5f",
                "/_LAMBDA_",
                "/_Lambda_",
                "/_lambda_.",
                "/./_lambda_",
                "/docs/../_lambda_",
                "/_lambda_/.",
                "/_lambda_%2F.",
                ""
            })
    void runtimeApiPaths_shouldBe401_andNeitherHandOutNorAnswerAnInvocation_inEverySpelling(String prefix)
            throws Exception {
        // GIVEN an authorized request waiting for the function
        CompletableFuture<HttpResponse<String>> caller = sendAsync("GET", "/businesses", issuer.operatorToken());

        // WHEN someone without a token asks for the next event, with every method and every trailing spelling
        for (String next : List.of("/2018-06-01/runtime/invocation/next", "/2018-06-01/runtime/invocation/next.")) {
            for (String method : METHODS) {
                HttpResponse<String> answer = send(method, prefix + next, null);

                // THEN the front door refuses it before any event is involved
                assertThat(answer.statusCode()).as(method + " " + prefix + next).isIn(401, 404);
                assertThat(answer.headers().firstValue("Lambda-Runtime-Aws-Request-Id"))
                        .isEmpty();
            }
        }
        // AND the waiting request is still the function's to take
        RuntimeClientDouble.Invocation taken = runtime.next();
        assertThat(JSON.readTree(taken.event()).path("rawPath").asText()).isEqualTo("/businesses");

        // WHEN someone without a token answers it, or posts an event, with its request id, with every method
        for (String path : List.of(
                prefix + "/2018-06-01/runtime/invocation/" + taken.requestId() + "/response",
                prefix + "/2018-06-01/runtime/invocation/" + taken.requestId() + "/error",
                prefix.isEmpty() ? "/" : prefix)) {
            for (String method : METHODS) {
                HttpResponse<String> answer = send(method, path, "{\"statusCode\":200,\"body\":\"forged\"}");

                // THEN it is refused and the caller is still waiting for the function
                assertThat(answer.statusCode()).as(method + " " + path).isIn(401, 404);
                assertThat(caller).as(method + " " + path).isNotDone();
            }
        }
        // AND the caller gets the function's own answer
        assertThat(runtime.respond(taken.requestId(), "{\"statusCode\":200,\"body\":\"from the function\"}"))
                .isEqualTo(202);
        assertThat(caller.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).body()).isEqualTo("from the function");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/_lambda_", "/%5Flambda%5F", "//_lambda_"})
    void runtimeApiPath_shouldBeAPlainApiRequest_whenSentWithAToken(String prefix) throws Exception {
        // GIVEN an authorized request waiting for the function
        String token = issuer.businessToken(List.of("01JD8X3K5Q7Y2M4N6P8R0T2V4W"));
        CompletableFuture<HttpResponse<String>> caller = sendAsync("GET", "/businesses", issuer.operatorToken());
        RuntimeClientDouble.Invocation waiting = runtime.next();

        // WHEN a member asks the front door for the next event with a valid token
        CompletableFuture<HttpResponse<String>> asking =
                sendAsync("GET", prefix + "/2018-06-01/runtime/invocation/next", token);

        // THEN the request becomes an API Gateway event for the function like any other, with the member's claims,
        // and not the Runtime API: the member gets what the function answers to it (the API: 404)
        RuntimeClientDouble.Invocation asEvent = runtime.next();
        JsonNode event = JSON.readTree(asEvent.event());
        assertThat(event.path("rawPath").asText()).contains("ambda").endsWith("/2018-06-01/runtime/invocation/next");
        assertThat(event.at("/requestContext/authorizer/jwt/claims/cognito:groups")
                        .asText())
                .isEqualTo("[business-01JD8X3K5Q7Y2M4N6P8R0T2V4W]");
        assertThat(runtime.respond(asEvent.requestId(), "{\"statusCode\":404,\"body\":\"no such route\"}"))
                .isEqualTo(202);
        HttpResponse<String> answered = asking.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(answered.statusCode()).isEqualTo(404);
        assertThat(answered.headers().firstValue("Lambda-Runtime-Aws-Request-Id"))
                .isEmpty();
        // AND the invocation the function holds is still its own to answer
        assertThat(caller).isNotDone();
        assertThat(runtime.respond(waiting.requestId(), "{\"statusCode\":200,\"body\":\"from the function\"}"))
                .isEqualTo(202);
        assertThat(caller.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).body()).isEqualTo("from the function");
    }

    private HttpResponse<String> send(String method, String path, String body) throws Exception {
        return sendAsync(method, path, null, body).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }

    private CompletableFuture<HttpResponse<String>> sendAsync(String method, String path, String token) {
        return sendAsync(method, path, token, null);
    }

    private CompletableFuture<HttpResponse<String>> sendAsync(String method, String path, String token, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + frontDoor.port() + path))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json")
                .timeout(TIMEOUT);
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
