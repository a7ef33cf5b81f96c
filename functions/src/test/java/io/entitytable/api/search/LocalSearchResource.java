package io.entitytable.api.search;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.search.client.IndexBootstrap;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.local.SharedSearchEngine;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;

/** The real search engine (one per test JVM) with the index and its alias, and the API pointed at it. */
public class LocalSearchResource implements QuarkusTestResourceLifecycleManager {

    @Override
    public Map<String, String> start() {
        URI endpoint = SharedSearchEngine.get().endpoint();
        // As the indexer does at its start: the index and the alias, made once for all search tests.
        new IndexBootstrap(SearchClients.create(endpoint, false), SearchIndex.NAMES, false).ensureIndexAndAlias();
        return Map.of("entity-table.search-endpoint", endpoint.toString());
    }

    @Override
    public void stop() {}

    static void send(URI endpoint, String method, String path, String body) {
        try {
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(
                            HttpRequest.newBuilder(endpoint.resolve(path))
                                    .header("Content-Type", "application/json")
                                    .method(
                                            method,
                                            body == null
                                                    ? HttpRequest.BodyPublishers.noBody()
                                                    : HttpRequest.BodyPublishers.ofString(body))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() >= 300 && !response.body().contains("resource_already_exists_exception")) {
                throw new IllegalStateException(
                        method + " " + path + ": " + response.statusCode() + " " + response.body());
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
