package io.entitytable.api.contract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The API's routes as {@code "METHOD /path"}, as {@link ApiOperation} declares them and as the committed {@code
 * openapi.json} documents them, and what a test meant to cover every route leaves out. A test that checks each route
 * compares what it covers with these rather than with a count, so that a new route fails it by name.
 */
public final class ContractRoutes {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "patch", "delete");

    private ContractRoutes() {}

    /** Every route {@link ApiOperation} declares. */
    public static Set<String> declared() {
        Set<String> routes = new TreeSet<>();
        for (ApiOperation operation : ApiOperation.values()) {
            routes.add(operation.route().method() + " " + operation.route().path());
        }
        return routes;
    }

    /** The operations of the committed document by route, in the document's order. */
    public static Map<String, JsonNode> committed() {
        try {
            return operations(new ObjectMapper().readTree(Files.readString(OpenApiConformance.DOCUMENT)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The operations of an OpenAPI document by route, in the document's order. */
    public static Map<String, JsonNode> operations(JsonNode document) {
        Map<String, JsonNode> operations = new LinkedHashMap<>();
        document.path("paths")
                .fields()
                .forEachRemaining(path -> path.getValue().fields().forEachRemaining(operation -> {
                    if (METHODS.contains(operation.getKey())) {
                        operations.put(operation.getKey().toUpperCase() + " " + path.getKey(), operation.getValue());
                    }
                }));
        return operations;
    }

    /**
     * One line per route of {@code routes} that {@code covered} lacks, and per route of {@code covered} that {@code
     * routes} does not have; empty when the two are the same. {@code coverage} names what {@code covered} is (the
     * events, the corpus).
     */
    public static List<String> differences(Set<String> routes, Set<String> covered, String coverage) {
        List<String> lines = new ArrayList<>();
        for (String route : new TreeSet<>(routes)) {
            if (!covered.contains(route)) {
                lines.add(route + ": a route of the API that " + coverage + " lacks");
            }
        }
        for (String route : new TreeSet<>(covered)) {
            if (!routes.contains(route)) {
                lines.add(route + ": in " + coverage + " but not a route of the API");
            }
        }
        return lines;
    }
}
