package io.entitytable.search.client;

import io.entitytable.deployment.SearchIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch.generic.Requests;
import org.opensearch.client.opensearch.generic.Response;

/**
 * The physical indexes behind the aliases: created from table-model's definition ({@link SearchIndex#definitionJson}),
 * looked up, deleted. Only operations Amazon OpenSearch Serverless also offers ({@code PUT <index>}, {@code HEAD
 * <index>}, {@code DELETE <index>}).
 *
 * @param managedShards true for a collection that manages shards itself (Serverless: signed endpoints)
 */
public record PhysicalIndexes(OpenSearchClient client, boolean managedShards) {
    private static final String ALREADY_EXISTS = "resource_already_exists_exception";

    /** Creates {@code index}; returns false when it already existed (another start created it first). */
    public boolean create(String index) {
        // The definition is JSON defined once in table-model; the generic client sends it as it is.
        try (Response response = client.generic()
                .execute(Requests.builder()
                        .method("PUT")
                        .endpoint("/" + index)
                        .json(SearchIndex.definitionJson(managedShards))
                        .build())) {
            int status = response.getStatus();
            String body = response.getBody().map(b -> b.bodyAsString()).orElse("");
            if (status < 300) {
                return true;
            }
            if (body.contains(ALREADY_EXISTS)) {
                return false;
            }
            throw new IllegalStateException("cannot create index " + index + ": " + status + " " + body);
        } catch (OpenSearchException e) {
            if (ALREADY_EXISTS.equals(e.error().type())) {
                return false;
            }
            throw e;
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    public boolean exists(String index) {
        try {
            return client.indices().exists(e -> e.index(index)).value();
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    public void delete(String index) {
        try {
            client.indices().delete(d -> d.index(index));
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    static UncheckedIOException unreachable(IOException e) {
        return new UncheckedIOException("cannot reach the search engine", e);
    }
}
