package io.entitytable.infra;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The API's routes (path x method), read from its OpenAPI document, so the HTTP API routes exactly what the function
 * serves: a new endpoint needs no change here, and a route the function does not have is never exposed.
 */
public final class ApiRoutes {
    /** The operations an OpenAPI path item may hold; its other keys (parameters, summary, ...) are not routes. */
    private static final Set<String> OPERATIONS =
            Set.of("get", "put", "post", "delete", "options", "head", "patch", "trace");

    private ApiRoutes() {}

    /** One route: an HTTP method and an OpenAPI path template such as {@code /businesses/{id}}. */
    public record Route(String method, String path) {
        /** API Gateway's route key, e.g. {@code GET /businesses/{id}}. */
        public String routeKey() {
            return method + " " + path;
        }
    }

    public static List<Route> read(Path openApiDocument) {
        try {
            return fromDocument(new ObjectMapper().readTree(openApiDocument.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the OpenAPI document " + openApiDocument, e);
        }
    }

    static List<Route> fromDocument(JsonNode document) {
        JsonNode paths = document.path("paths");
        if (!paths.isObject() || paths.isEmpty()) {
            throw new IllegalArgumentException("the OpenAPI document lists no paths");
        }
        List<Route> routes = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> path = it.next();
            path.getValue().fieldNames().forEachRemaining(name -> {
                if (OPERATIONS.contains(name)) {
                    routes.add(new Route(name.toUpperCase(Locale.ROOT), path.getKey()));
                }
            });
        }
        return List.copyOf(routes);
    }
}
