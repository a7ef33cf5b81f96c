package io.entitytable.search.indexer;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.deployment.SearchIndexNames;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.client.TextHit;
import io.entitytable.search.client.TextQuery;
import io.entitytable.search.client.TextSearch;
import io.entitytable.search.local.LocalSearchEngine;
import io.entitytable.search.local.SharedSearchEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One test's own index on the shared engine, and reads of it: what the indexer wrote is checked with the engine's
 * REST API and the API's search ({@link TextSearch}), never through the code under test.
 */
final class EngineIndex {
    private static final AtomicInteger COUNTER = new AtomicInteger();

    final LocalSearchEngine engine = SharedSearchEngine.get();
    final String alias;
    final String physical;
    private final EngineView view = new EngineView();

    EngineIndex() {
        this("t" + ProcessHandle.current().pid() + "-" + COUNTER.incrementAndGet() + "-entities");
    }

    /** The index behind {@code alias} (the first of its names, which the indexer creates). */
    EngineIndex(String alias) {
        this.alias = alias;
        this.physical = new SearchIndexNames(alias).first();
    }

    IndexerConfig config() {
        return IndexerConfig.forEndpoint(engine.endpoint())
                .withNames(new SearchIndexNames(alias))
                .withRetries(3, Duration.ofMillis(1), Duration.ofMillis(10));
    }

    /** The stored document of an item, or null when the index has none. */
    JsonNode document(String id, String businessId) {
        HttpResponse<String> response = send("GET", "/" + physical + "/_doc/" + id + "?routing=" + businessId, null);
        JsonNode body = EngineView.read(response.body());
        return body.path("found").asBoolean() ? body : null;
    }

    /** Ids of the live documents of a business that the API's search finds (exact, fuzzy or prefix). */
    List<String> search(String businessId, String text) {
        send("POST", "/" + alias + "/_refresh", null);
        TextSearch search = new TextSearch(SearchClients.create(engine.endpoint(), false), alias);
        try {
            return search.run(new TextQuery(businessId, text, Set.of(), 100, null)).hits().stream()
                    .map(TextHit::id)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Creates the index before the indexer does, from another definition (e.g. a field of another type). */
    void createWith(String definitionJson) {
        HttpResponse<String> response = send("PUT", "/" + physical, definitionJson);
        if (response.statusCode() >= 300) {
            throw new IllegalStateException(response.body());
        }
    }

    /** Makes the engine forget delete tombstones at once (the default keeps them 60 s). */
    void forgetDeletesAtOnce() {
        send("PUT", "/" + physical + "/_settings", "{\"index\":{\"gc_deletes\":\"0s\"}}");
    }

    HttpResponse<String> send(String method, String path, String body) {
        return view.send(method, path, body);
    }
}
