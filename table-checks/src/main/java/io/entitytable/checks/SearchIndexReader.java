package io.entitytable.checks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.entitytable.model.SearchFields;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch.core.MgetResponse;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.get.GetResult;
import org.opensearch.client.opensearch.core.mget.MultiGetOperation;
import org.opensearch.client.opensearch.core.mget.MultiGetResponseItem;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ResponseException;

/**
 * Reads the search index: every document, page by page ({@link #readAll}), and some documents by id ({@link #get}).
 *
 * <p>The whole index is paged with {@code search_after} on the keyword field {@code id} (unique: it is the document's
 * id), a plain {@code _search} with {@code match_all}: Amazon OpenSearch Serverless has no scroll, and no point in
 * time, so this is the one way that works on both it and a local engine. Without a point in time the pages are not a
 * snapshot (like a Scan): a document written while it runs may be seen in either state or, if its id sorts before the
 * page being read, not at all. Searches also see writes only after the index refreshes (about a second locally, up to
 * some seconds on Serverless), so the detector confirms every difference with {@link #get}, which reads by id in real
 * time.
 */
public final class SearchIndexReader {
    /** Documents per page: small documents, so a page stays far below the response size limits. */
    static final int PAGE_SIZE = 1000;

    /** Ids per multi-get. */
    static final int GET_BATCH = 500;

    private static final int NOT_FOUND = 404;

    private final OpenSearchClient client;
    private final String index;
    private final int pageSize;

    public SearchIndexReader(OpenSearchClient client, String index) {
        this(client, index, PAGE_SIZE);
    }

    /** With pages of {@code pageSize} documents: table-verify's tests page a few documents over several pages. */
    public SearchIndexReader(OpenSearchClient client, String index, int pageSize) {
        this.client = client;
        this.index = index;
        this.pageSize = pageSize;
    }

    String index() {
        return index;
    }

    /** Every document of the index, by id; {@code read} counts the documents as pages arrive. */
    public Map<String, IndexedDocument> readAll(AtomicLong read) {
        Map<String, IndexedDocument> documents = new HashMap<>();
        List<FieldValue> after = null;
        while (true) {
            List<FieldValue> from = after;
            SearchResponse<JsonNode> page = call(() -> client.search(
                    s -> {
                        s.index(index)
                                .size(pageSize)
                                .version(true)
                                .query(q -> q.matchAll(m -> m))
                                .sort(o -> o.field(f -> f.field(SearchFields.ID).order(SortOrder.Asc)));
                        if (from != null) {
                            s.searchAfterVals(from);
                        }
                        return s;
                    },
                    JsonNode.class));
            List<Hit<JsonNode>> hits = page.hits().hits();
            for (Hit<JsonNode> hit : hits) {
                documents.put(hit.id(), document(hit.id(), hit.routing(), hit.version(), hit.source()));
            }
            read.addAndGet(hits.size());
            if (hits.size() < pageSize) {
                return documents;
            }
            after = hits.get(hits.size() - 1).sortVals();
        }
    }

    /**
     * The current documents of these ids (id to routing), read by id, in real time (not waiting for a refresh); an id
     * the index has no document of is left out.
     */
    Map<String, IndexedDocument> get(Map<String, String> routingById) {
        Map<String, IndexedDocument> documents = new HashMap<>();
        List<Map.Entry<String, String>> ids = new ArrayList<>(routingById.entrySet());
        for (int start = 0; start < ids.size(); start += GET_BATCH) {
            List<MultiGetOperation> operations = ids.subList(start, Math.min(ids.size(), start + GET_BATCH)).stream()
                    .map(id -> MultiGetOperation.of(o -> o.id(id.getKey()).routing(id.getValue())))
                    .toList();
            MgetResponse<JsonNode> response =
                    call(() -> client.mget(m -> m.index(index).docs(operations), JsonNode.class));
            for (MultiGetResponseItem<JsonNode> item : response.docs()) {
                if (item.isFailure()) {
                    throw new IllegalStateException(
                            "cannot read document " + item.failure().id() + ": "
                                    + item.failure().error().reason());
                }
                GetResult<JsonNode> result = item.result();
                if (result.found()) {
                    documents.put(
                            result.id(), document(result.id(), result.routing(), result.version(), result.source()));
                }
            }
        }
        return documents;
    }

    private static IndexedDocument document(String id, String routing, Long version, JsonNode source) {
        JsonNode fields = source == null ? NullNode.getInstance() : source;
        // The engine reports the external version it keeps; computed from the fields only if it did not.
        long indexVersion = version != null
                ? version
                : 2 * fields.path(SearchFields.VERSION).asLong()
                        + (fields.path(SearchFields.DELETED).asBoolean(false) ? 1 : 0);
        return new IndexedDocument(id, routing, indexVersion, fields);
    }

    private <T> T call(IoCall<T> call) {
        try {
            return call.run();
        } catch (OpenSearchException e) {
            if (e.error() != null
                    && "index_not_found_exception".equals(e.error().type())) {
                throw new SearchIndexNotFoundException(index);
            }
            throw e;
        } catch (IOException e) {
            // The plain-HTTP transport reports an error status as an exception of its own.
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof ResponseException response && response.status() == NOT_FOUND) {
                    throw new SearchIndexNotFoundException(index);
                }
            }
            throw new UncheckedIOException("cannot read the search index '" + index + "'", e);
        }
    }

    private interface IoCall<T> {
        T run() throws IOException;
    }
}
