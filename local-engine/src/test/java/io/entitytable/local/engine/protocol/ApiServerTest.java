package io.entitytable.local.engine.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ApiServerTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Map<String, String> LIST_TABLES =
            Map.of("X-Amz-Target", "DynamoDB_20120810.ListTables", "Content-Type", "application/x-amz-json-1.0");

    private final List<String> calls = new CopyOnWriteArrayList<>();
    private ApiServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private int start(Operations operations) {
        server = ApiServer.start(
                0,
                (service, operation, request) -> {
                    calls.add(service + "." + operation + " " + request);
                    return operations.call(service, operation, request);
                },
                "Test engine 1.0");
        return server.port();
    }

    private static ObjectNode answer(String field, String value) {
        return JsonNodeFactory.instance.objectNode().put(field, value);
    }

    @Test
    void post_shouldDispatchTargetAndAnswerJsonWithDynamoDbHeaders() throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> answer("Answered", operation));

        // WHEN
        RawHttp.Response response;
        try (RawHttp http = new RawHttp(port)) {
            response = http.send("POST", "localhost:" + port, LIST_TABLES, "{\"Limit\": 5}");
        }

        // THEN
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"Answered\":\"ListTables\"}");
        assertThat(response.header("Content-Type")).isEqualTo("application/x-amz-json-1.0");
        assertThat(response.header("x-amzn-RequestId")).hasSize(52);
        assertThat(calls).containsExactly("DynamoDB_20120810.ListTables {\"Limit\":5}");
        CRC32 crc = new CRC32();
        crc.update(response.body().getBytes(StandardCharsets.UTF_8));
        assertThat(response.header("x-amz-crc32")).isEqualTo(Long.toString(crc.getValue()));
    }

    @Test
    void post_shouldDispatchStreamsTarget() throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> answer("Service", service));

        // WHEN
        RawHttp.Response response;
        try (RawHttp http = new RawHttp(port)) {
            response = http.send(
                    "POST", "127.0.0.1:" + port, Map.of("X-Amz-Target", "DynamoDBStreams_20120810.ListStreams"), "{}");
        }

        // THEN
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"Service\":\"DynamoDBStreams_20120810\"}");
    }

    @Test
    void post_shouldAnswerApiExceptionWithItsStatusAndBody() throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> {
            throw ApiException.validation("One or more parameter values were invalid");
        });

        // WHEN
        RawHttp.Response response;
        try (RawHttp http = new RawHttp(port)) {
            response = http.send("POST", "localhost", LIST_TABLES, "{}");
        }

        // THEN
        assertThat(response.status()).isEqualTo(400);
        assertThat(json(response))
                .isEqualTo(ApiException.validation("One or more parameter values were invalid")
                        .body());
        assertThat(response.header("x-amz-crc32")).isNotNull();
        assertThat(response.header("x-amzn-RequestId")).isNotNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"Limit\": ", "[1, 2]", "\"text\"", "{} {}", ""})
    void post_shouldAnswerSerializationExceptionToMalformedJson(String body) throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> answer("never", "called"));

        // WHEN
        RawHttp.Response response;
        try (RawHttp http = new RawHttp(port)) {
            response = http.send("POST", "localhost", LIST_TABLES, body);
        }

        // THEN
        assertThat(response.status()).isEqualTo(400);
        assertThat(json(response).get("__type").asText()).endsWith("#SerializationException");
        assertThat(calls).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"DynamoDB_20120810", "DynamoDB_20120810.", "Foo_20120810.ListTables", "ListTables", "-"})
    void post_shouldAnswerUnknownOperationExceptionToUnknownTarget(String target) throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> answer("never", "called"));
        Map<String, String> headers = target.equals("-") ? Map.of() : Map.of("X-Amz-Target", target);

        // WHEN
        RawHttp.Response response;
        try (RawHttp http = new RawHttp(port)) {
            response = http.send("POST", "localhost", headers, "{}");
        }

        // THEN
        assertThat(response.status()).isEqualTo(400);
        assertThat(json(response).get("__type").asText()).endsWith("#UnknownOperationException");
        assertThat(calls).isEmpty();
    }

    @Test
    void post_shouldAnswerInternalServerErrorToAnyOtherFailure() throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> {
            throw new IllegalStateException("broken index");
        });

        // WHEN
        RawHttp.Response response;
        try (RawHttp http = new RawHttp(port)) {
            response = http.send("POST", "localhost", LIST_TABLES, "{}");
        }

        // THEN
        assertThat(response.status()).isEqualTo(500);
        JsonNode body = json(response);
        assertThat(body.get("__type").asText()).endsWith("#InternalServerError");
        assertThat(body.get("message").asText()).contains("ListTables").contains("broken index");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "evil.example",
                "evil.example:8000",
                "localhost.evil.example",
                "127.0.0.1.nip.io",
                "127.0.0.2",
                "[::2]",
                "localhost:80x",
                "localhost:",
                "192.168.1.10:8000",
                "-"
            })
    void anyMethod_shouldBeRefusedForForeignHostWithoutDispatching(String host) throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> answer("never", "called"));

        // WHEN
        RawHttp.Response post;
        RawHttp.Response get;
        try (RawHttp http = new RawHttp(port)) {
            post = http.send("POST", host.equals("-") ? null : host, LIST_TABLES, "{}");
            get = http.send("GET", host.equals("-") ? null : host, Map.of(), "");
        }

        // THEN
        assertThat(post.status()).isEqualTo(403);
        assertThat(post.body()).contains("Host");
        assertThat(get.status()).isEqualTo(403);
        assertThat(calls).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "LocalHost:8000", "127.0.0.1", "127.0.0.1:65535", "[::1]", "[::1]:8000"})
    void post_shouldBeServedForLoopbackHost(String host) throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> answer("ok", "yes"));

        // WHEN
        RawHttp.Response response;
        try (RawHttp http = new RawHttp(port)) {
            response = http.send("POST", host, LIST_TABLES, "{}");
        }

        // THEN
        assertThat(response.status()).isEqualTo(200);
    }

    @Test
    void options_shouldBeRefusedWithoutCorsGrant() throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> answer("ok", "yes"));
        Map<String, String> preflight = Map.of(
                "Origin", "http://evil.example",
                "Access-Control-Request-Method", "POST",
                "Access-Control-Request-Headers", "x-amz-target");

        // WHEN
        RawHttp.Response options;
        RawHttp.Response post;
        try (RawHttp http = new RawHttp(port)) {
            options = http.send("OPTIONS", "localhost:" + port, preflight, "");
            post = http.send("POST", "localhost:" + port, Map.of("Origin", "http://evil.example"), "{}");
        }

        // THEN
        assertThat(options.status()).isEqualTo(403);
        assertThat(options.headers()).doesNotContainKeys("access-control-allow-origin");
        assertThat(post.headers()).doesNotContainKeys("access-control-allow-origin");
        assertThat(calls).isEmpty();
    }

    @Test
    void get_shouldNameTheEngine() throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> answer("ok", "yes"));

        // WHEN
        RawHttp.Response response;
        try (RawHttp http = new RawHttp(port)) {
            response = http.send("GET", "localhost:" + port, Map.of(), "");
        }

        // THEN
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("Test engine 1.0\n");
    }

    @Test
    void connection_shouldCarryManyRequests() throws IOException {
        // GIVEN
        int port = start((service, operation, request) ->
                answer("Echo", request.path("n").asText()));

        // WHEN one connection sends requests one after the other, errors among them
        try (RawHttp http = new RawHttp(port)) {
            for (int n = 0; n < 20; n++) {
                RawHttp.Response response = n % 5 == 4
                        ? http.send("POST", "localhost", LIST_TABLES, "{broken")
                        : http.send("POST", "localhost", LIST_TABLES, "{\"n\": \"" + n + "\"}");

                // THEN each is answered on it
                assertThat(response.status()).isEqualTo(n % 5 == 4 ? 400 : 200);
            }
        }
    }

    @Test
    void requests_shouldBeServedInParallel() throws Exception {
        // GIVEN an operation that returns only once two calls are in it at the same time
        CountDownLatch bothIn = new CountDownLatch(2);
        int port = start((service, operation, request) -> {
            bothIn.countDown();
            try {
                return JsonNodeFactory.instance.objectNode().put("together", bothIn.await(20, TimeUnit.SECONDS));
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(interrupted);
            }
        });
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/"))
                .header("X-Amz-Target", "DynamoDB_20120810.GetItem")
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build();

        // WHEN
        CompletableFuture<HttpResponse<String>> first = client.sendAsync(request, HttpResponse.BodyHandlers.ofString());
        CompletableFuture<HttpResponse<String>> second =
                client.sendAsync(request, HttpResponse.BodyHandlers.ofString());

        // THEN
        assertThat(first.get(30, TimeUnit.SECONDS).body()).isEqualTo("{\"together\":true}");
        assertThat(second.get(30, TimeUnit.SECONDS).body()).isEqualTo("{\"together\":true}");
    }

    @Test
    void close_shouldFreeThePort() throws IOException {
        // GIVEN
        int port = start((service, operation, request) -> answer("ok", "yes"));

        // WHEN
        server.close();

        // THEN
        server = ApiServer.start(port, (service, operation, request) -> answer("ok", "again"), "again");
        try (RawHttp http = new RawHttp(port)) {
            assertThat(http.send("POST", "localhost", LIST_TABLES, "{}").body()).contains("again");
        }
    }

    private static JsonNode json(RawHttp.Response response) throws IOException {
        return MAPPER.readTree(response.body());
    }
}
