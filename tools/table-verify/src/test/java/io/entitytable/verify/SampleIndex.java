package io.entitytable.verify;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.CoreItem;
import io.entitytable.search.client.SearchDocument;
import io.entitytable.search.local.SharedSearchEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.VersionType;
import org.opensearch.client.opensearch.core.GetResponse;
import org.opensearch.client.opensearch.generic.Requests;
import org.opensearch.client.opensearch.generic.Response;

/**
 * A search index of its own on the shared engine, written as a healthy indexer leaves it (each document at its
 * external {@code indexVersion()}), plus the raw writes the tests use to corrupt it on purpose.
 */
final class SampleIndex {
    private static final AtomicInteger INDEXES = new AtomicInteger();

    final OpenSearchClient client;
    final String name;

    private SampleIndex(OpenSearchClient client, String name) {
        this.client = client;
        this.name = name;
    }

    /** A new, empty index with the project's definition. */
    static SampleIndex create(OpenSearchClient client) {
        SampleIndex index = new SampleIndex(
                client, "verify-index-" + ProcessHandle.current().pid() + "-" + INDEXES.incrementAndGet());
        index.send("PUT", "/" + index.name, SearchIndex.definitionJson());
        return index;
    }

    /**
     * A new index holding the document of every core item of {@code sample} the index holds, but those {@code
     * leftOut} (as if the indexer had sent them to its dead-letter queue).
     */
    static SampleIndex of(OpenSearchClient client, SampleTable sample, CoreItem... leftOut) {
        SampleIndex index = create(client);
        for (CoreItem item : List.of(
                sample.store1, sample.store2, sample.foreignStore, sample.customer1, sample.customer2, sample.order)) {
            if (!List.of(leftOut).contains(item)) {
                index.put(documentOf(item));
            }
        }
        return index;
    }

    static SearchDocument documentOf(CoreItem item) {
        return SearchDocument.of(item.toItem(), item.collectionItems()).orElseThrow();
    }

    /** Writes {@code document} at its {@code indexVersion()}, as the indexer does. */
    void put(SearchDocument document) {
        put(document, document.indexVersion(), VersionType.External);
    }

    /** Writes {@code document} at {@code version}, whatever it holds ({@code external_gte}: same version allowed). */
    void overwrite(SearchDocument document, long version) {
        put(document, version, VersionType.ExternalGte);
    }

    void delete(String id, String routing) {
        try {
            client.delete(d -> d.index(name).id(id).routing(routing));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The document's source, or null when there is none (read in real time). */
    Map<String, Object> source(String id, String routing) {
        return get(id, routing) == null ? null : get(id, routing).source();
    }

    /** The document's external version, or -1 when there is none. */
    long version(String id, String routing) {
        GetResponse<Map<String, Object>> response = get(id, routing);
        return response == null ? -1 : response.version();
    }

    /** Makes every write visible to searches, as the engine's periodic refresh would a second later. */
    void refresh() {
        send("POST", "/" + name + "/_refresh", null);
    }

    static OpenSearchClient client() {
        return io.entitytable.search.client.SearchClients.create(
                SharedSearchEngine.get().endpoint(), false);
    }

    @SuppressWarnings("unchecked")
    private GetResponse<Map<String, Object>> get(String id, String routing) {
        try {
            GetResponse<Map<String, Object>> response = client.get(
                    g -> g.index(name).id(id).routing(routing), (Class<Map<String, Object>>) (Class<?>) Map.class);
            return response.found() ? response : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void put(SearchDocument document, long version, VersionType versionType) {
        try {
            client.index(i -> i.index(name)
                    .id(document.id())
                    .routing(document.businessId())
                    .version(version)
                    .versionType(versionType)
                    .document(document.toMap()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void send(String method, String path, String json) {
        var request = Requests.builder().method(method).endpoint(path);
        if (json != null) {
            request.json(json);
        }
        try (Response response = client.generic().execute(request.build())) {
            if (response.getStatus() >= 300) {
                throw new IllegalStateException(method + " " + path + ": " + response.getStatus() + " "
                        + response.getBody().map(b -> b.bodyAsString()).orElse(""));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (OpenSearchException e) {
            throw new IllegalStateException(method + " " + path, e);
        }
    }
}
