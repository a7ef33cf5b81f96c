package io.entitytable.local.engine.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** The server as the SDK sees it: its answers parse, its checksums verify, its errors map to the SDK's exceptions. */
class ApiServerSdkTest {
    private static final byte[] EMPTY_REQUEST = "{}".getBytes(StandardCharsets.UTF_8);

    private ApiServer server;
    private DynamoDbClient dynamo;

    @BeforeEach
    void start() {
        server = ApiServer.start(0, ApiServerSdkTest::answer, "test");
        dynamo = DynamoDbClient.builder()
                .endpointOverride(URI.create("http://localhost:" + server.port()))
                .region(Region.EU_WEST_3)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("any", "thing")))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    @AfterEach
    void stop() {
        dynamo.close();
        server.close();
    }

    private static ObjectNode answer(String service, String operation, ObjectNode request) {
        if (operation.equals("ListTables")) {
            ObjectNode answer = JsonNodeFactory.instance.objectNode();
            answer.putArray("TableNames").add("first").add("second");
            return answer;
        }
        throw ApiException.tableNotFound();
    }

    @Test
    void sdk_shouldReadAnswersAndVerifyTheirChecksum() {
        assertThat(dynamo.listTables().tableNames()).containsExactly("first", "second");
    }

    @Test
    void sdk_shouldMapErrorsToItsExceptions() {
        assertThatThrownBy(() -> dynamo.describeTable(request -> request.tableName("missing")))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageContaining("Requested resource not found");
    }

    @Test
    void server_shouldAnswerOneWriteRequestsInWellUnderAMillisecond() throws IOException {
        // GIVEN a client that sends each request in one write, as the SDK's Apache client does
        URL endpoint = URI.create("http://localhost:" + server.port() + "/").toURL();
        for (int i = 0; i < 2_000; i++) {
            listTablesOver(endpoint);
        }

        // WHEN
        long[] nanos = new long[3_000];
        for (int i = 0; i < nanos.length; i++) {
            long start = System.nanoTime();
            listTablesOver(endpoint);
            nanos[i] = System.nanoTime() - start;
        }

        // THEN (0.15 ms on the project's 2-core machine; the bound leaves room for a loaded build machine)
        assertThat(median("one-write HTTP/1.1 requests", nanos)).isLessThan(1_000_000L);
    }

    /**
     * The SDK's URL-connection client writes a request's headers and its body separately on a socket without
     * TCP_NODELAY, so the body waits for the server's acknowledgement of the headers, which the server's kernel delays
     * (about 1 ms on Linux loopback): a cost of that client that the JDK's server cannot avoid. Without TCP_NODELAY on
     * the server's side too ({@link ApiServer}), the answer would wait 40 ms more for the client's delayed
     * acknowledgement: the bound catches that.
     */
    @Test
    void sdk_shouldGetTrivialAnswersWithoutDelayedAcknowledgementStalls() {
        // GIVEN a warmed-up client and server
        for (int i = 0; i < 1_000; i++) {
            dynamo.listTables();
        }

        // WHEN
        long[] nanos = new long[2_000];
        for (int i = 0; i < nanos.length; i++) {
            long start = System.nanoTime();
            dynamo.listTables();
            nanos[i] = System.nanoTime() - start;
        }

        // THEN
        assertThat(median("ListTables through the SDK's URL-connection client", nanos))
                .isLessThan(10_000_000L);
    }

    private static void listTablesOver(URL endpoint) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) endpoint.openConnection();
        connection.setRequestMethod("POST");
        connection.setDoOutput(true);
        connection.setRequestProperty("X-Amz-Target", "DynamoDB_20120810.ListTables");
        try (OutputStream body = connection.getOutputStream()) {
            body.write(EMPTY_REQUEST);
        }
        try (InputStream answer = connection.getInputStream()) {
            answer.readAllBytes();
        }
    }

    private static long median(String what, long[] nanos) {
        Arrays.sort(nanos);
        long median = nanos[nanos.length / 2];
        System.out.printf(
                "%s over loopback: p50 %.3f ms, p90 %.3f ms, p99 %.3f ms%n",
                what, median / 1e6, nanos[nanos.length * 9 / 10] / 1e6, nanos[nanos.length * 99 / 100] / 1e6);
        return median;
    }
}
