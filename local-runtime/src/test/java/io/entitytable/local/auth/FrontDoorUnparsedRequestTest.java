package io.entitytable.local.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.LocalOptions;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.function.RuntimeApiServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request the front door's HTTP server cannot parse never reaches a route or the function: it is answered with the
 * status Vert.x gives it, as a problem document like every other error of the API. No runtime client polls here, so a
 * request that became an event would go unanswered and time out.
 */
class FrontDoorUnparsedRequestTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    static Path dataFolder;

    private static RuntimeApiServer frontDoor;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();

    @BeforeAll
    static void startFrontDoor() {
        frontDoor = RuntimeApiServer.httpFrontDoor(
                0, LocalOptions.defaults(RepositoryRoot.find()).openApiDocument(), LocalIssuer.inFolder(dataFolder));
    }

    @AfterAll
    static void stopFrontDoor() {
        frontDoor.close();
    }

    @Test
    void requestLineOverItsLimit_shouldBe414ProblemJson() throws Exception {
        assertProblem(HttpRequest.newBuilder(uri("/businesses?next=" + "A".repeat(5_000))), 414);
    }

    @Test
    void headersOverTheirLimit_shouldBe431ProblemJson() throws Exception {
        assertProblem(HttpRequest.newBuilder(uri("/businesses")).header("X-Padding", "p".repeat(10_000)), 431);
    }

    @Test
    void malformedRequestLine_shouldBe400ProblemJson_andTheConnectionClosed() throws Exception {
        // Read to the end: the server closes the connection after its answer.
        String answer = rawExchange("GET /businesses HTTP/1.1 extra\r\nHost: localhost\r\n\r\n");

        // HTTP/1.0: the request's version could not be read either.
        assertRawProblem(answer, "(?s)http/1\\.[01] 400 .*");
    }

    @Test
    void pathThatIsNotPercentEncoding_shouldBe400ProblemJson() throws Exception {
        // No HTTP client library sends this path; a socket does.
        String answer = rawExchange("GET /customers/%G1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

        assertRawProblem(answer, "(?s)http/1\\.1 400 .*");
    }

    private static String rawExchange(String request) throws Exception {
        try (Socket socket = new Socket("localhost", frontDoor.port())) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void assertRawProblem(String answer, String statusLine) throws Exception {
        String head = answer.substring(0, answer.indexOf("\r\n\r\n")).toLowerCase();
        assertThat(head).matches(statusLine);
        assertThat(head).contains("content-type: " + Problems.PROBLEM_JSON);
        assertProblemBody(answer.substring(answer.indexOf("\r\n\r\n") + 4), 400);
    }

    private void assertProblem(HttpRequest.Builder request, int expectedStatus) throws Exception {
        HttpResponse<String> response =
                http.send(request.timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(expectedStatus);
        assertThat(response.headers().firstValue("Content-Type")).contains(Problems.PROBLEM_JSON);
        assertProblemBody(response.body(), expectedStatus);
    }

    private static void assertProblemBody(String body, int expectedStatus) throws Exception {
        JsonNode problem = JSON.readTree(body);
        assertThat(problem.path("status").asInt()).isEqualTo(expectedStatus);
        assertThat(problem.path("title").asText()).isNotBlank();
        assertThat(problem.path("detail").asText()).isNotBlank();
    }

    private static URI uri(String path) {
        return URI.create("http://localhost:" + frontDoor.port() + path);
    }
}
