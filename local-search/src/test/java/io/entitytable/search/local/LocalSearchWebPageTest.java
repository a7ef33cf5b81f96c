package io.entitytable.search.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine checks no one, and a web page in the developer's browser may send a form POST or an image's GET to any
 * port on localhost without a preflight (it cannot read the answer, but the engine acts on it), or re-point its own
 * domain at 127.0.0.1 (DNS rebinding) and send anything. So what only a browser sends ({@code Origin}, {@code
 * Sec-Fetch-*}, a {@code Host} that is not a loopback name) must be refused before the engine acts, while the
 * project's own clients, which send none of it, are served.
 */
class LocalSearchWebPageTest {
    /** This module's tests run before its jar exists: the child JVM gets the test classpath instead. */
    private static final String CLASSPATH = System.getProperty("java.class.path");

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String INDEX = "books";
    private static final String EMPTY_EVERYTHING = "/" + INDEX + "/_delete_by_query?q=*&refresh=true";
    private static final String FORM = "application/x-www-form-urlencoded";
    private static final int DOCUMENTS = 3;

    @TempDir
    static Path dataDir;

    private static LocalSearchEngine engine;
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    @BeforeAll
    static void start() throws Exception {
        engine = LocalSearchEngine.start(dataDir, 0, CLASSPATH);
        for (int i = 1; i <= DOCUMENTS; i++) {
            assertThat(send("PUT", "/" + INDEX + "/_doc/" + i + "?refresh=true", "{\"name\":\"book " + i + "\"}")
                            .statusCode())
                    .isEqualTo(201);
        }
    }

    @AfterAll
    static void stop() {
        engine.close();
    }

    static Stream<Arguments> pageRequests() {
        return Stream.of(
                Arguments.of("a form of another site", Map.of("Origin", "http://evil.example")),
                Arguments.of("a sandboxed or file:// page", Map.of("Origin", "null")),
                Arguments.of(
                        "a fetch without an Origin header",
                        Map.of("Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "no-cors")),
                Arguments.of("a page of localhost itself", Map.of("Sec-Fetch-Site", "same-site")),
                Arguments.of("a page re-pointed at 127.0.0.1", Map.of("Host", "attacker.example:9200")),
                Arguments.of("a page re-pointed at 127.0.0.1, no port", Map.of("Host", "localhost.attacker.example")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pageRequests")
    void bodilessDeleteByQuery_shouldBe403AndDeleteNothing_whenSentByAWebPage(String page, Map<String, String> headers)
            throws Exception {
        // GIVEN the index holds its documents

        // WHEN a page's browser posts an empty form to delete every document
        String response = rawRequest("POST", EMPTY_EVERYTHING, FORM, headers);

        // THEN it is refused, with a short JSON reason, and every document is still there
        assertThat(response).startsWith("HTTP/1.1 403");
        assertThat(response).contains("application/json").contains("\"status\":403");
        assertThat(documentCount()).isEqualTo(DOCUMENTS);
    }

    @Test
    void search_shouldBe403_whenTheBrowserMarksItCrossSite() throws Exception {
        // GIVEN an image's GET from another site, which a browser sends without Origin
        Map<String, String> headers = Map.of("Sec-Fetch-Site", "cross-site", "Sec-Fetch-Mode", "no-cors");

        // WHEN it reaches the engine
        String response = rawRequest("GET", "/" + INDEX + "/_search?q=*", null, headers);

        // THEN it is refused and no document is in the answer
        assertThat(response).startsWith("HTTP/1.1 403").doesNotContain("_source");
    }

    @Test
    void bodilessDeleteByQuery_shouldEmptyTheIndex_whenSentWithoutBrowserHeaders() throws Exception {
        // GIVEN another index with a document: the request refused above is a real threat, not a malformed one
        assertThat(send("PUT", "/scratch/_doc/1?refresh=true", "{\"name\":\"gone\"}")
                        .statusCode())
                .isEqualTo(201);

        // WHEN the same empty form comes from a client that is no browser
        String response = rawRequest("POST", "/scratch/_delete_by_query?q=*&refresh=true", FORM, Map.of());

        // THEN the engine runs it
        assertThat(response).startsWith("HTTP/1.1 200").contains("\"deleted\":1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "127.0.0.1", "[::1]", "LOCALHOST"})
    void search_shouldBeServed_whenAddressedToALoopbackName(String name) throws Exception {
        for (String host : new String[] {name, name + ":" + engine.endpoint().getPort()}) {
            assertThat(rawRequest("GET", "/" + INDEX + "/_search?q=*", null, Map.of("Host", host)))
                    .as(host)
                    .startsWith("HTTP/1.1 200")
                    .contains("_source");
        }
    }

    @Test
    void indexAndSearch_shouldWork_throughTheJdkClient() throws Exception {
        // GIVEN / WHEN the project's plain HTTP client indexes a document and searches for it
        HttpResponse<String> indexed = send("PUT", "/novels/_doc/1?refresh=true", "{\"name\":\"Don Quixote\"}");
        HttpResponse<String> found = send("GET", "/novels/_search?q=name:quixote", null);

        // THEN both are served
        assertThat(indexed.statusCode()).as(indexed.body()).isEqualTo(201);
        assertThat(found.statusCode()).isEqualTo(200);
        assertThat(found.body()).contains("\"_id\":\"1\"");
    }

    private static int documentCount() throws Exception {
        HttpResponse<String> count = send("GET", "/" + INDEX + "/_count", null);
        assertThat(count.statusCode()).as(count.body()).isEqualTo(200);
        return Integer.parseInt(count.body().replaceAll(".*\"count\":(\\d+).*", "$1"));
    }

    private static HttpResponse<String> send(String method, String path, String body) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(engine.endpoint().resolve(path))
                        .header("Content-Type", "application/json")
                        .method(
                                method,
                                body == null
                                        ? HttpRequest.BodyPublishers.noBody()
                                        : HttpRequest.BodyPublishers.ofString(body))
                        .timeout(TIMEOUT)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /**
     * One request with exactly these headers, {@code Host} included (which Java's HTTP client does not let a caller
     * set; {@code localhost:PORT} unless given), as a browser would send it; the whole response.
     */
    private static String rawRequest(String method, String target, String contentType, Map<String, String> headers)
            throws Exception {
        URI endpoint = engine.endpoint();
        Map<String, String> all = new LinkedHashMap<>();
        all.put("Host", "localhost:" + endpoint.getPort());
        all.putAll(headers);
        if (contentType != null) {
            all.put("Content-Type", contentType);
            all.put("Content-Length", "0");
        }
        all.put("Connection", "close");
        StringBuilder request = new StringBuilder(method + " " + target + " HTTP/1.1\r\n");
        all.forEach(
                (name, value) -> request.append(name).append(": ").append(value).append("\r\n"));
        request.append("\r\n");
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), endpoint.getPort())) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.US_ASCII));
            return readAll(socket.getInputStream());
        }
    }

    private static String readAll(InputStream in) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
