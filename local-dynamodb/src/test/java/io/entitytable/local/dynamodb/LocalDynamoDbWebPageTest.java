package io.entitytable.local.dynamodb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The local engine accepts any credentials, so a web page that could read its answers could read (and delete) the whole
 * table from the developer's browser. It must allow no web origin: no {@code Access-Control-Allow-Origin} for any
 * {@code Origin} a browser sends, on the preflight or on the request itself; and a page that re-points its own domain
 * at 127.0.0.1 (DNS rebinding, where CORS does not apply) must be refused by its {@code Host}.
 */
class LocalDynamoDbWebPageTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final String ALLOW_ORIGIN = "Access-Control-Allow-Origin";

    private static LocalDynamoDb dynamo;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(TIMEOUT).build();

    @BeforeAll
    static void start() {
        dynamo = LocalDynamoDb.startInMemory();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://evil.example", "https://localhost:3000", "http://localhost:8080", "null", "*"})
    void foreignOrigin_shouldGetNoAllowOrigin_onThePreflightNorTheRequest(String origin) throws Exception {
        // GIVEN a page of that origin about to call ListTables
        // WHEN its browser sends the preflight, and then the request
        HttpResponse<String> preflight = http.send(
                HttpRequest.newBuilder(dynamo.endpoint())
                        .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                        .header("Origin", origin)
                        .header("Access-Control-Request-Method", "POST")
                        .header("Access-Control-Request-Headers", "authorization,content-type,x-amz-date,x-amz-target")
                        .timeout(TIMEOUT)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> listTables = send(origin);

        // THEN neither answer lets the page read it; the request itself was served as any client's would be
        assertThat(preflight.headers().allValues(ALLOW_ORIGIN)).isEmpty();
        assertThat(listTables.statusCode()).as(listTables.body()).isEqualTo(200);
        assertThat(listTables.body()).contains("TableNames");
        assertThat(listTables.headers().allValues(ALLOW_ORIGIN)).isEmpty();
    }

    private HttpResponse<String> send(String origin) throws Exception {
        return http.send(
                HttpRequest.newBuilder(dynamo.endpoint())
                        .POST(HttpRequest.BodyPublishers.ofString("{}"))
                        .header("Origin", origin)
                        .header("Content-Type", "application/x-amz-json-1.0")
                        .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                        .header(
                                "Authorization",
                                "AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request,"
                                        + " SignedHeaders=host, Signature=0")
                        .timeout(TIMEOUT)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"evil.example", "evil.example:8000", "localhost.evil.example", "127.0.0.1.nip.io"})
    void request_shouldBe403_whenAddressedToAnotherHostName(String host) throws Exception {
        // GIVEN a page whose domain now resolves to 127.0.0.1, calling "its own" server
        // WHEN its request reaches the engine with the page's host name
        String statusLine = listTablesWithHost(host);

        // THEN it is refused before the engine reads it
        assertThat(statusLine).startsWith("HTTP/1.1 403");
    }

    @ParameterizedTest
    @ValueSource(strings = {"localhost", "127.0.0.1"})
    void request_shouldBeServed_whenAddressedToALoopbackName(String name) throws Exception {
        assertThat(listTablesWithHost(name + ":" + dynamo.endpoint().getPort())).startsWith("HTTP/1.1 200");
    }

    /** ListTables with this {@code Host} header (which Java's HTTP client does not let a caller set); the status line. */
    private static String listTablesWithHost(String host) throws Exception {
        String body = "{}";
        String request = "POST / HTTP/1.1\r\n"
                + "Host: " + host + "\r\n"
                + "Content-Type: application/x-amz-json-1.0\r\n"
                + "X-Amz-Target: DynamoDB_20120810.ListTables\r\n"
                + "Authorization: AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request,"
                + " SignedHeaders=host, Signature=0\r\n"
                + "Content-Length: " + body.length() + "\r\n"
                + "Connection: close\r\n\r\n"
                + body;
        try (Socket socket =
                new Socket(InetAddress.getLoopbackAddress(), dynamo.endpoint().getPort())) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            BufferedReader response =
                    new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            return response.readLine();
        }
    }
}
