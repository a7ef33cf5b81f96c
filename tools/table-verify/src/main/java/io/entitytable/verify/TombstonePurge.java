package io.entitytable.verify;

import io.entitytable.model.SearchFields;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensearch.client.json.JsonData;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.VersionType;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.bulk.BulkResponseItem;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * Deletes the tombstones no stream record can still need. A tombstone keeps a deleted item's version so that a late,
 * older record cannot bring the item back; a stream keeps records {@link #STREAM_RETENTION}, so once the delete is
 * older than that no such record can arrive.
 *
 * <p>Pages of tombstones with {@code changedAt} before the cut-off, sorted by id and read with {@code search_after}
 * (deleting behind the cursor does not move it). Each is deleted with {@code version_type=external_gte} at the
 * tombstone's own version ({@code 2 * version + 1}): the delete succeeds only while the stored document is still that
 * tombstone; anything newer (an item can only come back under a new version) is kept (409). Uses only search and bulk
 * deletes, which Amazon OpenSearch Serverless offers.
 */
record TombstonePurge(OpenSearchClient client, String alias, Clock clock) {
    /** DynamoDB Streams keeps a record 24 hours. */
    static final Duration STREAM_RETENTION = Duration.ofHours(24);

    static final int PAGE_SIZE = 500;
    private static final int CONFLICT = 409;
    private static final int NOT_FOUND = 404;

    Result run() {
        long start = System.nanoTime();
        Instant cutoff = clock.instant().minus(STREAM_RETENTION);
        long found = 0;
        long deleted = 0;
        long kept = 0;
        long failed = 0;
        List<FieldValue> after = null;
        while (true) {
            List<Hit<Map>> hits = page(cutoff, after);
            if (hits.isEmpty()) {
                break;
            }
            found += hits.size();
            List<BulkResponseItem> items = delete(hits);
            for (BulkResponseItem item : items) {
                int status = item.status();
                if (status < 300 || status == NOT_FOUND) {
                    deleted++;
                } else if (status == CONFLICT) {
                    kept++;
                } else {
                    failed++;
                }
            }
            after = hits.get(hits.size() - 1).sortVals();
            if (hits.size() < PAGE_SIZE) {
                break;
            }
        }
        return new Result(cutoff, found, deleted, kept, failed, Duration.ofNanos(System.nanoTime() - start));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private List<Hit<Map>> page(Instant cutoff, List<FieldValue> after) {
        try {
            SearchResponse<Map> response = client.search(
                    s -> {
                        s.index(alias)
                                .size(PAGE_SIZE)
                                .trackTotalHits(t -> t.enabled(false))
                                .query(q -> q.bool(b -> b.filter(f -> f.term(t ->
                                                t.field(SearchFields.DELETED).value(FieldValue.of(true))))
                                        .filter(f -> f.range(r ->
                                                r.field(SearchFields.CHANGED_AT).lt(JsonData.of(cutoff.toString()))))))
                                .sort(o -> o.field(f -> f.field(SearchFields.ID).order(SortOrder.Asc)));
                        if (after != null) {
                            s.searchAfterVals(after);
                        }
                        return s;
                    },
                    Map.class);
            return new ArrayList<>(response.hits().hits());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach the search engine", e);
        }
    }

    @SuppressWarnings("rawtypes")
    private List<BulkResponseItem> delete(List<Hit<Map>> hits) {
        List<BulkOperation> operations = new ArrayList<>();
        for (Hit<Map> hit : hits) {
            Map source = hit.source();
            long version = ((Number) source.get(SearchFields.VERSION)).longValue();
            // The tombstone's own external version (SearchDocument#indexVersion of a deleted document).
            long tombstoneVersion = 2 * version + 1;
            String routing =
                    hit.routing() != null ? hit.routing() : String.valueOf(source.get(SearchFields.BUSINESS_ID));
            operations.add(BulkOperation.of(op -> op.delete(d -> d.index(alias)
                    .id(hit.id())
                    .routing(routing)
                    .version(tombstoneVersion)
                    .versionType(VersionType.ExternalGte))));
        }
        try {
            BulkResponse response = client.bulk(b -> b.operations(operations));
            return response.items();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach the search engine", e);
        }
    }

    /**
     * @param found tombstones older than the cut-off
     * @param deleted deleted (or already gone)
     * @param kept a newer document had taken the tombstone's place: not deleted
     * @param failed refused for another reason (throttling, 5xx): a rerun picks them up
     */
    record Result(Instant cutoff, long found, long deleted, long kept, long failed, Duration duration) {}
}
