package io.entitytable.api.declared;

import io.restassured.RestAssured;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * Requests sent byte for byte as a test writes them (RestAssured would re-encode a path or a body), to the function
 * under test.
 */
final class RawRequests {
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private RawRequests() {}

    /** One request: {@code path} with its query, already percent-encoded; {@code body} null for none. */
    record Request(String method, String path, Map<String, String> headers, byte[] body) {
        static Request of(String method, String path, Map<String, String> headers, String body) {
            return new Request(method, path, headers, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public String toString() {
            String shown = path.length() > 90 ? path.substring(0, 90) + "...(" + path.length() + ")" : path;
            return method + " " + shown;
        }
    }

    static HttpResponse<String> send(Request request) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(
                        URI.create(RestAssured.baseURI + ":" + RestAssured.port + request.path()))
                .timeout(Duration.ofSeconds(60))
                .method(
                        request.method(),
                        request.body() == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach(builder::header);
        try {
            return HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
