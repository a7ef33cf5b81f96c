package io.entitytable.search.indexer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.model.SearchFields;
import io.entitytable.search.local.SharedSearchEngine;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shared engine read with its plain REST API, never through the code under test: which index an alias points at,
 * whether an index exists, and every document behind a name. Also search-repair's and table-verify's fixture, through
 * this module's test-jar.
 */
public final class EngineView {
    private static final ObjectMapper JSON = new ObjectMapper();

    public final URI endpoint = SharedSearchEngine.get().endpoint();
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** The indexes behind an alias (empty when it does not exist). */
    public List<String> aliasTargets(String alias) {
        HttpResponse<String> response = send("GET", "/_alias/" + alias, null);
        List<String> indexes = new ArrayList<>();
        if (response.statusCode() == 200) {
            read(response.body()).fieldNames().forEachRemaining(indexes::add);
        }
        return indexes;
    }

    public boolean exists(String index) {
        return send("HEAD", "/" + index, null).statusCode() == 200;
    }

    /** Every document behind {@code name} (an alias or an index): id to its stored external version. */
    public Map<String, Document> documents(String name) {
        send("POST", "/" + name + "/_refresh", null);
        HttpResponse<String> response =
                send("POST", "/" + name + "/_search", "{\"size\":10000,\"version\":true,\"query\":{\"match_all\":{}}}");
        if (response.statusCode() >= 300) {
            throw new IllegalStateException(response.body());
        }
        Map<String, Document> documents = new LinkedHashMap<>();
        read(response.body())
                .path("hits")
                .path("hits")
                .forEach(hit -> documents.put(
                        hit.path("_id").asText(),
                        new Document(
                                hit.path("_version").asLong(),
                                hit.path("_source").path(SearchFields.DELETED).asBoolean(),
                                hit.path("_source"))));
        return documents;
    }

    /** Only the live documents (no tombstones, no versioning probe): id to external version. */
    public Map<String, Long> liveVersions(String name) {
        Map<String, Long> versions = new LinkedHashMap<>();
        documents(name).forEach((id, document) -> {
            if (!document.deleted()) {
                versions.put(id, document.version());
            }
        });
        return versions;
    }

    public HttpResponse<String> send(String method, String path, String body) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create(endpoint + path))
                    .header("Content-Type", "application/json")
                    .method(
                            method,
                            body == null
                                    ? HttpRequest.BodyPublishers.noBody()
                                    : HttpRequest.BodyPublishers.ofString(body))
                    .build();
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static JsonNode read(String body) {
        try {
            return JSON.readTree(body);
        } catch (Exception e) {
            throw new IllegalStateException(body, e);
        }
    }

    public record Document(long version, boolean deleted, JsonNode source) {}
}
