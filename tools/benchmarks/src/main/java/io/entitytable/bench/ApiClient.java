package io.entitytable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * Plain HTTP calls to the local system's front door, as a client of the deployed API would make them: each with the
 * bearer token the front door, like the HTTP API's JWT authorizer, requires.
 */
final class ApiClient {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalHttp http = new LocalHttp();
    private final String base;
    private final String authorization;

    ApiClient(int port, String token) {
        this.base = "http://localhost:" + port;
        this.authorization = "Bearer " + token;
    }

    /**
     * @param serverTiming the response's {@code Server-Timing} list, its lines joined with commas (HTTP's rule for a
     *     list header; the local front door splits it at commas), or null when it has none
     */
    record Response(int status, String body, String serverTiming) {
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

    /** GETs asking the function for the DynamoDB capacity its calls consume (reported in Server-Timing). */
    Response getWithCapacity(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header(ServerTiming.CAPACITY_HEADER, "TOTAL")
                .GET());
    }

    Response put(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).PUT(HttpRequest.BodyPublishers.noBody()));
    }

    Response put(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("content-type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)));
    }

    Response delete(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE());
    }

    Response post(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)));
    }

    Response patch(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(base + path))
                .header("content-type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8)));
    }

    /**
     * POSTs asking the function for the DynamoDB capacity its calls consume, with an {@code Idempotency-Key} when
     * {@code key} is not null.
     */
    Response postWithCapacity(String path, String json, String key) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("content-type", "application/json")
                .header(ServerTiming.CAPACITY_HEADER, "TOTAL")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        if (key != null) {
            request.header("Idempotency-Key", key);
        }
        return send(request);
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
        HttpResponse<String> response = http.send(request.header("Authorization", authorization)
                .timeout(Duration.ofSeconds(30))
                .build());
        List<String> timing = response.headers().allValues(ServerTiming.HEADER);
        return new Response(response.statusCode(), response.body(), timing.isEmpty() ? null : String.join(",", timing));
    }

    /**
     * What the function reported about one request in its {@code Server-Timing} header (see the functions module's
     * {@code ServerTimingHeader}): {@code app} = its time from the JAX-RS layer to the response written, {@code db} =
     * the wall time at least one DynamoDB call was outstanding, {@code count} = DynamoDB calls, {@code rcu} / {@code
     * wcu} = consumed capacity (NaN unless asked for), {@code search} = time in calls to the search engine (NaN when
     * none was made). Times in ms.
     */
    record ServerTiming(double appMs, double dbMs, int count, double rcu, double wcu, double searchMs) {
        static final String HEADER = "server-timing";
        static final String CAPACITY_HEADER = "Return-Consumed-Capacity";

        /** The function's own time: app minus DynamoDB minus the search engine (when it was called). */
        double ownMs() {
            return appMs - dbMs - (Double.isNaN(searchMs) ? 0 : searchMs);
        }

        /**
         * Parses the metrics this API writes ({@code app;dur=..}, {@code db;dur=..;count=..[;rcu=..;wcu=..]} and, on a
         * search, {@code search;dur=..;count=..}).
         * Values here never contain commas or semicolons except inside the quoted {@code desc}, which is skipped.
         */
        static ServerTiming parse(String header) {
            if (header == null) {
                throw new IllegalStateException("the response has no Server-Timing header");
            }
            double app = Double.NaN;
            double db = Double.NaN;
            int count = -1;
            double rcu = Double.NaN;
            double wcu = Double.NaN;
            double search = Double.NaN;
            for (String metric : header.replaceAll("desc=\"[^\"]*\"", "").split(",")) {
                String[] parts = metric.trim().split(";");
                for (int i = 1; i < parts.length; i++) {
                    String[] param = parts[i].trim().split("=", 2);
                    if (param.length < 2) {
                        continue;
                    }
                    String key = parts[0].trim() + "." + param[0].trim();
                    String value = param[1].trim();
                    switch (key) {
                        case "app.dur" -> app = Double.parseDouble(value);
                        case "db.dur" -> db = Double.parseDouble(value);
                        case "db.count" -> count = Integer.parseInt(value);
                        case "db.rcu" -> rcu = Double.parseDouble(value);
                        case "db.wcu" -> wcu = Double.parseDouble(value);
                        case "search.dur" -> search = Double.parseDouble(value);
                        default -> {}
                    }
                }
            }
            if (Double.isNaN(app) || Double.isNaN(db) || count < 0) {
                throw new IllegalStateException("unexpected Server-Timing: " + header);
            }
            return new ServerTiming(app, db, count, rcu, wcu, search);
        }
    }
}
