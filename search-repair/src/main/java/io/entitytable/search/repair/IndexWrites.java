package io.entitytable.search.repair;

import static org.apache.hc.core5.http.HttpStatus.SC_CONFLICT;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.VersionType;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.bulk.BulkResponseItem;

/**
 * Writes documents to the search index as the indexer does: bulk index operations with {@code version_type=external},
 * so the index keeps the highest version it has seen and a write below it is refused with a conflict (409), never
 * applied. A write that replaces a document at its own version (other content) uses {@code external_gte}: the same
 * version is then accepted, a lower one still refused. The rebuild's loads and table-verify's index repairs write
 * through it.
 */
public final class IndexWrites {
    /** Operations per bulk request. */
    static final int BATCH = 500;

    private final OpenSearchClient client;
    private final String index;

    public IndexWrites(OpenSearchClient client, String index) {
        this.client = client;
        this.index = index;
    }

    /**
     * One document to write at an external version.
     *
     * @param sameVersion true to replace a document at exactly this version too ({@code external_gte})
     */
    public record Write(String id, String routing, long version, boolean sameVersion, Map<String, Object> document) {}

    /**
     * What the index answered for one write.
     *
     * @param status the HTTP status of the operation; 0 when the bulk request as a whole failed
     * @param reason the engine's error, or the request's failure; empty when written
     */
    public record Outcome(Write write, int status, String reason) {
        public boolean written() {
            return status >= 200 && status < 300;
        }

        public boolean conflict() {
            return status == SC_CONFLICT;
        }
    }

    /** Every write, in order, each with its outcome; a failing request fails only its own batch. */
    public List<Outcome> write(List<Write> writes) {
        List<Outcome> outcomes = new ArrayList<>();
        for (int start = 0; start < writes.size(); start += BATCH) {
            outcomes.addAll(batch(writes.subList(start, Math.min(writes.size(), start + BATCH))));
        }
        return outcomes;
    }

    private List<Outcome> batch(List<Write> writes) {
        List<BulkOperation> operations = writes.stream()
                .map(write -> BulkOperation.of(op -> op.index(i -> i.id(write.id())
                        .routing(write.routing())
                        .version(write.version())
                        .versionType(write.sameVersion() ? VersionType.ExternalGte : VersionType.External)
                        .document(write.document()))))
                .toList();
        BulkResponse response;
        try {
            response = client.bulk(b -> b.index(index).operations(operations));
        } catch (IOException | RuntimeException e) {
            return writes.stream()
                    .map(write -> new Outcome(write, 0, String.valueOf(e.getMessage())))
                    .toList();
        }
        List<Outcome> outcomes = new ArrayList<>();
        List<BulkResponseItem> items = response.items();
        for (int i = 0; i < writes.size(); i++) {
            BulkResponseItem item = items.get(i);
            String reason = item.error() == null
                    ? ""
                    : item.error().type() + ": " + item.error().reason();
            outcomes.add(new Outcome(writes.get(i), item.status(), reason));
        }
        return outcomes;
    }
}
