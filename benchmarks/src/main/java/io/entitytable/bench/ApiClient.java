package io.entitytable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/** Plain HTTP calls to the local system's front door, as a client of the deployed API would make them. */
final class ApiClient {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final String base;

    ApiClient(int port) {
        this.base = "http://localhost:" + port;
    }

    record Response(int status, String body) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new UncheckedIOException("Not JSON: " + body, e);
            }
        }
    }

    Response get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    Response put(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).PUT(HttpRequest.BodyPublishers.noBody()));
    }

    Response delete(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE());
    }

    Response post(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)));
    }

    /** POSTs and returns the new resource's id; fails unless the API answered 2xx. */
    String create(String path, String json) {
        Response response = post(path, json);
        if (response.status() / 100 != 2) {
            throw new IllegalStateException("POST " + path + " answered " + response.status() + ": " + response.body());
        }
        return response.json().get("id").asText();
    }

    void expect2xx(Response response, String what) {
        if (response.status() / 100 != 2) {
            throw new IllegalStateException(what + " answered " + response.status() + ": " + response.body());
        }
    }

    private Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response =
                    http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            return new Response(response.statusCode(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
