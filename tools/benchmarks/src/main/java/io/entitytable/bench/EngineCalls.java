package io.entitytable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.SearchFields;
import io.entitytable.search.client.SearchDocument;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plain HTTP calls to the local search engine that the benchmark needs beside the API: counting documents, asking
 * whether one document is searchable yet (a search, so it sees only what a refresh has published, as the API's
 * search does), the index's size. Nothing here writes to the index but a refresh before measuring its size.
 */
final class EngineCalls {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalHttp http = new LocalHttp();
    private final URI endpoint;

    EngineCalls(URI endpoint) {
        this.endpoint = endpoint;
    }

    /** Live (not deleted) documents in the index as of its last refresh; 0 before the indexer created it. */
    long liveDocuments() {
        JsonNode response = call(
                "POST",
                "/" + SearchIndex.ALIAS + "/_count",
                Map.of("query", Map.of("term", Map.of(SearchFields.DELETED, false))),
                true);
        return response == null ? 0 : response.path("count").asLong();
    }

    /** Whether a search (not a real-time get) finds document {@code id} with {@code word} in {@code field}. */
    boolean searchable(String businessId, String id, String field, String word) {
        Map<String, Object> query = Map.of(
                "size",
                1,
                "query",
                Map.of(
                        "bool",
                        Map.of(
                                "filter",
                                List.of(
                                        Map.of("term", Map.of(SearchFields.ID, id)),
                                        Map.of("match", Map.of(field, word))))));
        JsonNode response = call("POST", "/" + SearchIndex.ALIAS + "/_search?routing=" + businessId, query, true);
        return response != null && response.path("hits").path("hits").size() > 0;
    }

    /**
     * Indexes {@code documents} of one business with one bulk request, as the indexer writes them (to the alias, id,
     * routing by business, the document's external version); fails on any item the engine refused.
     */
    void bulk(String businessId, List<SearchDocument> documents) {
        StringBuilder body = new StringBuilder();
        try {
            for (SearchDocument document : documents) {
                Map<String, Object> action = new LinkedHashMap<>();
                action.put("_index", SearchIndex.ALIAS);
                action.put("_id", document.id());
                action.put("routing", businessId);
                action.put("version", document.indexVersion());
                action.put("version_type", "external");
                body.append(JSON.writeValueAsString(Map.of("index", action))).append('\n');
                body.append(JSON.writeValueAsString(document.toMap())).append('\n');
            }
            HttpRequest request = HttpRequest.newBuilder(endpoint.resolve("/_bulk"))
                    .timeout(Duration.ofSeconds(120))
                    .header("content-type", "application/x-ndjson")
                    .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8))
                    .build();
            HttpResponse<String> response = http.send(request);
            JsonNode result = JSON.readTree(response.body());
            if (response.statusCode() / 100 != 2 || result.path("errors").asBoolean(true)) {
                throw new IllegalStateException("bulk answered " + response.statusCode() + ": "
                        + response.body()
                                .substring(0, Math.min(2000, response.body().length())));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The cheapest search of one business (its filter alone, one hit, no scoring, no highlight), straight to the
     * engine: the floor under which no search of the API can go on this machine at this moment, for comparison.
     */
    void minimalSearch(String businessId) {
        Map<String, Object> query =
                Map.of("size", 1, "query", Map.of("term", Map.of(SearchFields.BUSINESS_ID, businessId)));
        call("POST", "/" + SearchIndex.ALIAS + "/_search?routing=" + businessId, query, false);
    }

    /** One search of {@code businessId}'s shard with {@code body}, its answer read and dropped. */
    void search(String businessId, Map<String, Object> body) {
        call("POST", "/" + SearchIndex.ALIAS + "/_search?routing=" + businessId, body, false);
    }

    /** One search of {@code businessId}'s shard with {@code body}, and its answer. */
    JsonNode searchResponse(String businessId, Map<String, Object> body) {
        return call("POST", "/" + SearchIndex.ALIAS + "/_search?routing=" + businessId, body, false);
    }

    /** Creates index {@code name} from {@code definitionJson} and points {@code alias} at it. */
    void createIndex(String name, String definitionJson, String alias) {
        try {
            call("PUT", "/" + name, JSON.readTree(definitionJson), false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        call(
                "POST",
                "/_aliases",
                Map.of("actions", List.of(Map.of("add", Map.of("index", name, "alias", alias)))),
                false);
    }

    /** The physical index's primary store size and document count ({@code _stats}), after a refresh. */
    IndexSize indexSize() {
        call("POST", "/" + SearchIndex.ALIAS + "/_refresh", null, false);
        JsonNode stats = call("GET", "/" + SearchIndex.ALIAS + "/_stats/store,docs,segments", null, false);
        JsonNode primaries = stats.path("_all").path("primaries");
        return new IndexSize(
                primaries.path("store").path("size_in_bytes").asLong(),
                primaries.path("docs").path("count").asLong(),
                primaries.path("docs").path("deleted").asLong(),
                primaries.path("segments").path("count").asLong());
    }

    /**
     * @param storeBytes primary store size on disk
     * @param documents Lucene documents (live, tombstones and the indexer's versioning probe)
     * @param deleted documents replaced but not merged away yet
     */
    record IndexSize(long storeBytes, long documents, long deleted, long segments) {}

    /** The settings the index runs with, flat ({@code index.refresh_interval} and so on), defaults included. */
    JsonNode settings() {
        JsonNode response = call(
                "GET",
                "/" + SearchIndex.physicalName() + "/_settings?flat_settings=true&include_defaults=true",
                null,
                false);
        return response.path(SearchIndex.physicalName());
    }

    /** The value of index setting {@code name} the index runs with, and whether it is its own or the engine's. */
    String setting(String name) {
        return setting(settings(), name);
    }

    /** The value of {@code name} in {@link #settings()}: the index's own setting, else the engine's default. */
    static String setting(JsonNode settings, String name) {
        JsonNode own = settings.path("settings").path(name);
        if (!own.isMissingNode()) {
            return own.asText() + " (set on the index)";
        }
        JsonNode fallback = settings.path("defaults").path(name);
        return fallback.isMissingNode() ? "n/a" : fallback.asText() + " (engine default)";
    }

    private JsonNode call(String method, String path, Object body, boolean missingIsNull) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.resolve(path))
                    .timeout(Duration.ofSeconds(30))
                    .header("content-type", "application/json");
            request.method(
                    method,
                    body == null
                            ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(
                                    JSON.writeValueAsString(body), StandardCharsets.UTF_8));
            HttpResponse<String> response = http.send(request.build());
            if (response.statusCode() == 404 && missingIsNull) {
                return null;
            }
            if (response.statusCode() / 100 != 2) {
                throw new IllegalStateException(
                        method + " " + path + " answered " + response.statusCode() + ": " + response.body());
            }
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
