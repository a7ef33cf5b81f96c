package io.entitytable.search.indexer;

import io.entitytable.model.SearchIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch.generic.Requests;
import org.opensearch.client.opensearch.generic.Response;

/**
 * Creates the search index and its alias when they are missing, from {@link SearchIndex}: at every start, so a new
 * collection or a local engine on an empty folder needs no separate step. Idempotent, and safe when two instances
 * start together (the loser's "already exists" is success). Then checks that the engine honours external versions
 * ({@link VersioningProbe}).
 */
final class IndexBootstrap {
    private final OpenSearchClient client;
    private final IndexerConfig config;

    IndexBootstrap(OpenSearchClient client, IndexerConfig config) {
        this.client = client;
        this.config = config;
    }

    void ensureIndexAndAlias() {
        try {
            if (!client.indices().exists(e -> e.index(config.physicalIndex())).value()) {
                createIndex();
            }
            if (!client.indices().existsAlias(e -> e.name(config.alias())).value()) {
                client.indices().putAlias(a -> a.index(config.physicalIndex()).name(config.alias()));
            }
            new VersioningProbe(client, config.alias(), Clock.systemUTC()).check();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach the search engine at " + config.endpoint(), e);
        }
    }

    private void createIndex() throws IOException {
        // The definition is JSON defined once in table-model; the generic client sends it as it is.
        try (Response response = client.generic()
                .execute(Requests.builder()
                        .method("PUT")
                        .endpoint("/" + config.physicalIndex())
                        // A signed endpoint is a Serverless collection, which manages shards itself.
                        .json(SearchIndex.definitionJson(config.signing()))
                        .build())) {
            int status = response.getStatus();
            String body = response.getBody().map(b -> b.bodyAsString()).orElse("");
            if (status >= 300 && !body.contains("resource_already_exists_exception")) {
                throw new IllegalStateException(
                        "cannot create index " + config.physicalIndex() + ": " + status + " " + body);
            }
        } catch (OpenSearchException e) {
            if (!"resource_already_exists_exception".equals(e.error().type())) {
                throw e;
            }
        }
    }
}
