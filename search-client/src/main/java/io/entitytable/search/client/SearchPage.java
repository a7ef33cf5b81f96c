package io.entitytable.search.client;

import io.entitytable.model.SearchFields;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.Hit;

/**
 * One page of results, and where the next starts (absent on the last page).
 *
 * @param next the position after this page's last hit, when the page is full
 */
public record SearchPage(List<SearchHit> hits, Optional<SearchQuery.SearchAfter> next) {

    /** Runs the query. */
    @SuppressWarnings("rawtypes")
    public static SearchPage of(OpenSearchClient client, SearchQuery query) {
        SearchResponse<Map> response;
        try {
            response = client.search(query.toRequest(), Map.class);
        } catch (IOException e) {
            throw new UncheckedIOException("search engine unreachable", e);
        }
        List<SearchHit> hits =
                response.hits().hits().stream().map(SearchPage::hit).toList();
        Optional<SearchQuery.SearchAfter> next = hits.size() < query.pageSize()
                ? Optional.empty()
                : Optional.of(new SearchQuery.SearchAfter(
                        hits.get(hits.size() - 1).score(),
                        hits.get(hits.size() - 1).id()));
        return new SearchPage(hits, next);
    }

    @SuppressWarnings("rawtypes")
    private static SearchHit hit(Hit<Map> hit) {
        Map source = hit.source();
        Object type = source == null ? null : source.get(SearchFields.TYPE);
        Object title = source == null ? null : source.get(SearchFields.TITLE);
        return new SearchHit(
                type == null ? null : type.toString(),
                hit.id(),
                title == null ? null : title.toString(),
                hit.score() == null ? 0 : hit.score());
    }
}
