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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An invocation its function does not answer ends as on Lambda rather than leaving its caller waiting: at the function's
 * timeout it is answered as timed out and the environment is to be replaced; when the environment's JVM dies it is
 * answered as a runtime that exited. Through the front door the caller sees API Gateway's 500.
 */
class UnansweredInvocationTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration SHORT_TIMEOUT = Duration.ofSeconds(1);
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final JsonNode GATEWAY_ERROR = JSON.createObjectNode().put("message", "Internal Server Error");

    private static LocalIssuer issuer;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(WAIT)
            .build();

    @BeforeAll
    static void makeIssuer(@TempDir Path dataFolder) {
        issuer = LocalIssuer.inFolder(dataFolder);
    }

    @Test
    void invocation_shouldBeAnsweredAsTimedOut_andTheEnvironmentReplaced_whenTheFunctionOutlivesItsTimeout()
            throws Exception {
        try (RuntimeApiServer server = RuntimeApiServer.plain(0, SHORT_TIMEOUT)) {
            CountDownLatch replaced = replacements(server);
            RuntimeClientDouble runtime = new RuntimeClientDouble(server);

            // GIVEN an event the function took and never answers
            CompletableFuture<HttpResponse<String>> caller = invoke(server, "{\"n\":1}");
            RuntimeClientDouble.Invocation invocation = runtime.next();

            // WHEN its timeout passes
            HttpResponse<String> answer = caller.get(WAIT.toSeconds(), TimeUnit.SECONDS);

            // THEN the caller has Lambda's timeout error, the environment is to be replaced, and a late answer is
            // refused
            assertThat(answer.statusCode()).isEqualTo(500);
            JsonNode error = JSON.readTree(answer.body());
            assertThat(error.path("errorType").asText()).isEqualTo("Sandbox.Timedout");
            assertThat(error.path("errorMessage").asText())
                    .isEqualTo("RequestId: " + invocation.requestId() + " Error: Task timed out after 1.00 seconds");
            assertThat(replaced.await(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(runtime.respond(invocation.requestId(), "{\"late\":true}"))
                    .isEqualTo(404);
        }
    }

    @Test
    void invocation_shouldNotTimeOut_whenTheFunctionAnswersInTime() throws Exception {
        try (RuntimeApiServer server = RuntimeApiServer.plain(0, SHORT_TIMEOUT)) {
            CountDownLatch replaced = replacements(server);

            // GIVEN an event the function answers at once
            CompletableFuture<HttpResponse<String>> caller = invoke(server, "{\"n\":2}");
            RuntimeClientDouble runtime = new RuntimeClientDouble(server);
            RuntimeClientDouble.Invocation invocation = runtime.next();
            assertThat(runtime.respond(invocation.requestId(), "{\"ok\":true}")).isEqualTo(202);

            // WHEN its timeout passes
            HttpResponse<String> answer = caller.get(WAIT.toSeconds(), TimeUnit.SECONDS);

            // THEN the caller has the function's answer and the environment is kept
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.body()).isEqualTo("{\"ok\":true}");
            assertThat(replaced.await(SHORT_TIMEOUT.toMillis() * 2, TimeUnit.MILLISECONDS))
                    .as("environment replaced")
                    .isFalse();
        }
    }

    @Test
    void failHandedOut_shouldAnswerTheInvocationAsARuntimeExit_andLeaveQueuedEventsForTheNextEnvironment()
            throws Exception {
        try (RuntimeApiServer server = RuntimeApiServer.plain(0)) {
            RuntimeClientDouble runtime = new RuntimeClientDouble(server);

            // GIVEN one event handed to the function and one still queued
            CompletableFuture<HttpResponse<String>> first = invoke(server, "{\"n\":1}");
            RuntimeClientDouble.Invocation handedOut = runtime.next();
            CompletableFuture<HttpResponse<String>> second = invoke(server, "{\"n\":2}");

            // WHEN the function's JVM dies
            int answered = server.failHandedOut("exited with code 137 (killed by signal 9)", 0);

            // THEN the handed-out one is answered as Lambda answers a runtime that exited
            assertThat(answered).isEqualTo(1);
            HttpResponse<String> answer = first.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(answer.statusCode()).isEqualTo(500);
            JsonNode error = JSON.readTree(answer.body());
            assertThat(error.path("errorType").asText()).isEqualTo("Runtime.ExitError");
            assertThat(error.path("errorMessage").asText())
                    .isEqualTo("RequestId: " + handedOut.requestId()
                            + " Error: Runtime exited with error: exited with code 137 (killed by signal 9)");

            // AND the queued one goes to the next runtime that asks
            RuntimeClientDouble.Invocation next = runtime.next();
            assertThat(JSON.readTree(next.event()).path("n").asInt()).isEqualTo(2);
            assertThat(runtime.respond(next.requestId(), "{\"ok\":true}")).isEqualTo(202);
            assertThat(second.get(WAIT.toSeconds(), TimeUnit.SECONDS).statusCode())
                    .isEqualTo(200);
        }
    }

    @Test
    void failHandedOut_shouldAnswerOnlyTheExitedEnvironmentsInvocation_whenSeveralEnvironmentsPoll() throws Exception {
        try (RuntimeApiServer server = RuntimeApiServer.plain(0)) {
            RuntimeClientDouble first = new RuntimeClientDouble(server, 0);
            RuntimeClientDouble second = new RuntimeClientDouble(server, 1);

            // GIVEN two environments of one function, each holding one of its events
            CompletableFuture<HttpResponse<String>> toFirst = invoke(server, "{\"n\":1}");
            RuntimeClientDouble.Invocation heldByFirst = first.next();
            CompletableFuture<HttpResponse<String>> toSecond = invoke(server, "{\"n\":2}");
            RuntimeClientDouble.Invocation heldBySecond = second.next();
            assertThat(server.awaitFirstPoll(1, WAIT)).isTrue();

            // WHEN the second environment's JVM dies
            int answered = server.failHandedOut("exited with code 137 (killed by signal 9)", 1);

            // THEN only its own invocation is answered as a runtime exit
            assertThat(answered).isEqualTo(1);
            HttpResponse<String> failed = toSecond.get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(failed.statusCode()).isEqualTo(500);
            assertThat(JSON.readTree(failed.body()).path("errorMessage").asText())
                    .startsWith("RequestId: " + heldBySecond.requestId());
            // AND the first environment still answers its own
            assertThat(first.respond(heldByFirst.requestId(), "{\"ok\":true}")).isEqualTo(202);
            assertThat(toFirst.get(WAIT.toSeconds(), TimeUnit.SECONDS).statusCode())
                    .isEqualTo(200);
        }
    }

    @Test
    void frontDoorRequest_shouldBeApiGateways500_whenTheApiFunctionOutlivesItsTimeout() throws Exception {
        try (RuntimeApiServer frontDoor = frontDoor()) {
            // GIVEN an API request the function took and never answers
            CompletableFuture<HttpResponse<String>> caller = apiRequest(frontDoor);
            new RuntimeClientDouble(frontDoor).next();

            // WHEN its timeout passes
            // THEN the caller has what API Gateway answers for a function that failed, and no detail of the failure
            assertGatewayError(caller);
        }
    }

    @Test
    void frontDoorRequest_shouldBeApiGateways500WithoutTheError_whenTheApiFunctionReportsOne() throws Exception {
        try (RuntimeApiServer frontDoor = frontDoor()) {
            // GIVEN an API request whose function reports an error, with its message and stack trace
            CompletableFuture<HttpResponse<String>> caller = apiRequest(frontDoor);
            RuntimeClientDouble runtime = new RuntimeClientDouble(frontDoor);
            RuntimeClientDouble.Invocation invocation = runtime.next();

            // WHEN the runtime posts it
            int posted = runtime.error(
                    invocation.requestId(),
                    "{\"errorMessage\":\"secret detail\",\"errorType\":\"java.lang.IllegalStateException\","
                            + "\"stackTrace\":[\"io.entitytable.api.Internal.method(Internal.java:1)\"]}");

            // THEN Lambda's Runtime API accepts it, and the caller has API Gateway's 500 with nothing of the error
            assertThat(posted).isEqualTo(202);
            assertGatewayError(caller);
        }
    }

    /** The caller's answer is API Gateway's 500 for a failed function. */
    private static void assertGatewayError(CompletableFuture<HttpResponse<String>> caller) throws Exception {
        HttpResponse<String> answer = caller.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(answer.statusCode()).isEqualTo(500);
        assertThat(JSON.readTree(answer.body())).isEqualTo(GATEWAY_ERROR);
    }

    private static RuntimeApiServer frontDoor() {
        return RuntimeApiServer.httpFrontDoor(
                RuntimeApiServer.LOOPBACK,
                0,
                LocalOptions.defaults(RepositoryRoot.find()).openApiDocument(),
                issuer,
                SHORT_TIMEOUT,
                null,
                null);
    }

    private CompletableFuture<HttpResponse<String>> apiRequest(RuntimeApiServer frontDoor) {
        return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + frontDoor.port() + "/businesses"))
                .header("Authorization", "Bearer " + issuer.operatorToken()));
    }

    /** Counted down when {@code server} asks for the function's environment to be replaced. */
    private static CountDownLatch replacements(RuntimeApiServer server) {
        CountDownLatch replaced = new CountDownLatch(1);
        server.onOverdue(0, replaced::countDown);
        return replaced;
    }

    private CompletableFuture<HttpResponse<String>> invoke(RuntimeApiServer server, String event) {
        return send(HttpRequest.newBuilder(server.invokeUri()).POST(HttpRequest.BodyPublishers.ofString(event)));
    }

    private CompletableFuture<HttpResponse<String>> send(HttpRequest.Builder request) {
        return http.sendAsync(request.timeout(WAIT).build(), HttpResponse.BodyHandlers.ofString());
    }
}
