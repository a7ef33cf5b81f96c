package io.entitytable.api.paging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * Answers {@code GetSecretValue} as Secrets Manager does (the AWS JSON 1.1 protocol: a POST naming the operation in
 * {@code X-Amz-Target}) for one secret with a current and, once rotated, a previous version, and records every call, so
 * tests drive the real SDK client and see how often it asks.
 */
final class FakeSecretsManager implements AutoCloseable {
    static final String ARN = "arn:aws:secretsmanager:us-east-1:111122223333:secret:CursorSecret-AbCdEf";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<String> calls = new CopyOnWriteArrayList<>();
    private volatile String current;
    private volatile String previous;
    private volatile boolean refusing;

    FakeSecretsManager(String initial) throws IOException {
        this.current = initial;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", this::answer);
        server.start();
    }

    /** What {@code put-secret-value} does: the new value becomes AWSCURRENT, the one it replaces AWSPREVIOUS. */
    void rotate(String value) {
        previous = current;
        current = value;
    }

    /** From now on every call is refused, as for a role that lost its permission. */
    void refuse() {
        refusing = true;
    }

    /** The staging label each call asked for, in order. */
    List<String> calls() {
        return List.copyOf(calls);
    }

    SecretsManagerClient client() {
        return SecretsManagerClient.builder()
                .endpointOverride(
                        URI.create("http://127.0.0.1:" + server.getAddress().getPort()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .httpClient(UrlConnectionHttpClient.create())
                .build();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode request = JSON.readTree(exchange.getRequestBody());
            String target = exchange.getRequestHeaders().getFirst("X-Amz-Target");
            if (!"POST".equals(exchange.getRequestMethod())
                    || !"secretsmanager.GetSecretValue".equals(target)
                    || !ARN.equals(request.path("SecretId").asText())) {
                send(exchange, 400, error("ValidationException", "unexpected request " + target + " " + request));
                return;
            }
            String stage = request.path("VersionStage").asText();
            calls.add(stage);
            if (refusing) {
                send(exchange, 400, error("AccessDeniedException", "not authorized to perform GetSecretValue"));
                return;
            }
            String value =
                    switch (stage) {
                        case SecretsManagerCursorKeys.CURRENT -> current;
                        case SecretsManagerCursorKeys.PREVIOUS -> previous;
                        default -> null;
                    };
            if (value == null) {
                send(
                        exchange,
                        400,
                        error(
                                "ResourceNotFoundException",
                                "Secrets Manager can't find the specified secret value for staging label: " + stage));
                return;
            }
            ObjectNode body = JSON.createObjectNode()
                    .put("ARN", ARN)
                    .put("Name", "CursorSecret-AbCdEf")
                    .put("VersionId", Integer.toHexString(value.hashCode()))
                    .put("SecretString", value)
                    .put("CreatedDate", 1.7e9);
            body.putArray("VersionStages").add(stage);
            send(exchange, 200, body);
        }
    }

    private static ObjectNode error(String type, String message) {
        return JSON.createObjectNode().put("__type", type).put("Message", message);
    }

    private static void send(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.1");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
