package io.entitytable.local.function;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.pump.InvocationResult;
import io.entitytable.local.pump.RuntimeApiInvoker;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A function's Runtime API (as the stream pumps and the queue pump use it) serves only whoever has its secret path, the
 * function's runtime client and the pump that invokes it: anyone else gets 404 for taking an event, answering one, or
 * posting one, and none of it reaches the queue or the waiting invoker.
 */
class RuntimeApiSecretTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String FORGED = "{\"Records\":[{\"eventName\":\"INSERT\",\"forged\":true}]}";

    private static RuntimeApiServer server;
    private static RuntimeClientDouble runtime;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();

    @BeforeAll
    static void startServer() {
        server = RuntimeApiServer.plain(0);
        runtime = new RuntimeClientDouble(server);
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    /** Paths that would be the Runtime API's or the invoke path with another prefix (or none) than the secret one. */
    private static List<String> withoutTheSecret(String runtimePath) {
        String otherSecret = "/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
        return List.of(
                "/_lambda_" + runtimePath,
                runtimePath,
                otherSecret + runtimePath,
                "/" + runtimePath,
                secretPath().toUpperCase(java.util.Locale.ROOT) + runtimePath);
    }

    @Test
    void next_shouldBe404_andHandOutNothing_withoutTheSecret() throws Exception {
        // GIVEN an event waiting for the function
        CompletableFuture<InvocationResult> invocation = invokeAsync("{\"legit\":true}");

        // WHEN someone without the secret asks for the next event
        for (String path : withoutTheSecret("/2018-06-01/runtime/invocation/next")) {
            HttpResponse<String> next = send("GET", path, null);

            // THEN it is 404, at once, and carries no event
            assertThat(next.statusCode()).as(path).isEqualTo(404);
            assertThat(next.headers().firstValue("Lambda-Runtime-Aws-Request-Id"))
                    .as(path)
                    .isEmpty();
            assertThat(next.body()).as(path).doesNotContain("legit");
        }
        // AND the function's runtime still gets the event, and the invoker its answer
        RuntimeClientDouble.Invocation taken = runtime.next();
        assertThat(taken.event()).isEqualTo("{\"legit\":true}");
        assertThat(runtime.respond(taken.requestId(), "{\"ok\":true}")).isEqualTo(202);
        assertThat(invocation.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).payload())
                .isEqualTo("{\"ok\":true}");
    }

    @Test
    void responseAndError_shouldBe404_andLeaveTheInvocationWaiting_withoutTheSecret() throws Exception {
        // GIVEN an invocation the function's runtime took and has not answered yet
        CompletableFuture<InvocationResult> invocation = invokeAsync("{\"legit\":true}");
        RuntimeClientDouble.Invocation taken = runtime.next();

        // WHEN someone without the secret answers it, or reports an error for it, with its request id
        for (String outcome : List.of("/response", "/error")) {
            for (String path : withoutTheSecret("/2018-06-01/runtime/invocation/" + taken.requestId() + outcome)) {
                HttpResponse<String> answer = send("POST", path, "{\"forged\":true}");

                // THEN it is 404 and the invoker is still waiting
                assertThat(answer.statusCode()).as(path).isEqualTo(404);
                assertThat(invocation).as(path).isNotDone();
            }
        }
        // AND the function's own answer is the one the invoker gets
        assertThat(runtime.respond(taken.requestId(), "{\"ok\":true}")).isEqualTo(202);
        InvocationResult result = invocation.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        assertThat(result.functionError()).isFalse();
        assertThat(result.payload()).isEqualTo("{\"ok\":true}");
    }

    @Test
    void postedEvent_shouldBe404_andNeverReachTheFunction_withoutTheSecret() throws Exception {
        // GIVEN the function waiting for events
        // WHEN someone without the secret posts a forged event, to the mock server's invoke path or any other
        for (String path : withoutTheSecret("")) {
            HttpResponse<String> posted = send("POST", path.isEmpty() ? "/" : path, FORGED);

            // THEN it is 404 at once
            assertThat(posted.statusCode()).as(path).isEqualTo(404);
        }
        for (String path : List.of("/", "/anything", "/2018-06-01/runtime/invocation/next")) {
            assertThat(send("POST", path, FORGED).statusCode()).as(path).isEqualTo(404);
        }
        // AND the next event the function gets is the next one the pump sends through the secret path
        CompletableFuture<InvocationResult> invocation = invokeAsync("{\"legit\":true}");
        RuntimeClientDouble.Invocation taken = runtime.next();
        assertThat(taken.event()).isEqualTo("{\"legit\":true}");
        assertThat(runtime.respond(taken.requestId(), "{}")).isEqualTo(202);
        assertThat(invocation.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).functionError())
                .isFalse();
    }

    @Test
    void secret_shouldBeNewAtEveryStart_andTheServerOnLoopback() {
        // GIVEN two servers
        try (RuntimeApiServer other = RuntimeApiServer.plain(0)) {
            // THEN each has its own unguessable path, carried by the address the function gets and the invoke URI
            String otherPath = URI.create("http://" + other.runtimeApiAddress()).getPath();
            assertThat(otherPath).matches("/[A-Za-z0-9_-]{43}").isNotEqualTo(secretPath());
            assertThat(other.invokeUri().getPath()).isEqualTo(otherPath);
            // AND the address is the loopback one, where the server listens
            assertThat(other.runtimeApiAddress()).startsWith("127.0.0.1:" + other.port() + "/");
        }
    }

    private static String secretPath() {
        return URI.create("http://" + server.runtimeApiAddress()).getPath();
    }

    private static CompletableFuture<InvocationResult> invokeAsync(String event) {
        RuntimeApiInvoker invoker = new RuntimeApiInvoker(server.invokeUri(), TIMEOUT);
        return CompletableFuture.supplyAsync(() -> invoker.invoke(event));
    }

    private HttpResponse<String> send(String method, String path, String body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
                        .method(
                                method,
                                body == null
                                        ? HttpRequest.BodyPublishers.noBody()
                                        : HttpRequest.BodyPublishers.ofString(body))
                        .header("Content-Type", "application/json")
                        .timeout(TIMEOUT)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
