package io.entitytable.faultrun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Plain HTTP against the local front door, each request with the bearer token it requires; answers are returned
 * whatever their status, for the caller to judge.
 */
final class HttpApi {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String IDEMPOTENCY_KEY = "Idempotency-Key";
    private static final String IDEMPOTENT_REPLAYED = "Idempotent-Replayed";

    /**
     * @param body the parsed body, or a missing node when there is none or it is not JSON
     * @param replayed whether the answer says it is an earlier request's, replayed for its Idempotency-Key
     */
    record Answer(int status, JsonNode body, boolean replayed) {
        String text(String field) {
            return body.path(field).asText();
        }

        long number(String field) {
            return body.path(field).asLong();
        }
    }

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI base;
    private final String authorization;

    HttpApi(int port, String token) {
        this.base = URI.create("http://localhost:" + port);
        this.authorization = "Bearer " + token;
    }

    Answer send(String method, String path, JsonNode body, Long ifMatch) throws InterruptedException {
        return send(method, path, body, ifMatch, null);
    }

    /** As {@link #send(String, String, JsonNode, Long)}, with an {@code Idempotency-Key} when {@code key} is not null. */
    Answer send(String method, String path, JsonNode body, Long ifMatch, String key) throws InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path))
                .header("Authorization", authorization)
                .timeout(Duration.ofSeconds(60));
        if (key != null) {
            request.header(IDEMPOTENCY_KEY, key);
        }
        if (ifMatch != null) {
            request.header("If-Match", "\"" + ifMatch + "\"");
        }
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        }
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(
                    response.statusCode(),
                    parse(response.body()),
                    response.headers()
                            .firstValue(IDEMPOTENT_REPLAYED)
                            .orElse("")
                            .equals("true"));
        } catch (IOException e) {
            // Not an answer of the API: the caller counts it as a transport failure.
            return new Answer(-1, JSON.createObjectNode().put("detail", String.valueOf(e)), false);
        }
    }

    private static JsonNode parse(String body) {
        try {
            return body.isEmpty() ? JSON.missingNode() : JSON.readTree(body);
        } catch (IOException e) {
            return JSON.missingNode();
        }
    }
}
