package io.entitytable.api.search;

import io.entitytable.api.access.Access;
import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.input.Patterns;
import io.entitytable.api.paging.CursorCodec;
import io.entitytable.api.paging.CursorState;
import io.entitytable.api.paging.Page;
import io.entitytable.api.timing.RequestTiming;
import io.entitytable.model.Entity;
import io.entitytable.search.client.EngineErrors;
import io.entitytable.search.client.QueryRefusedException;
import io.entitytable.search.client.QueryWords;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.client.TextHit;
import io.entitytable.search.client.TextQuery;
import io.entitytable.search.client.TextSearch;
import io.entitytable.search.client.TextSearchPage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Plain-text search inside one business, answered from the search index (never from the table). The caller must be
 * allowed to use the business, like every other route; the query itself is held to that business ({@link TextSearch}).
 */
@ApplicationScoped
public class SearchService {
    private static final Logger LOG = Logger.getLogger(SearchService.class);
    /** The cursor's one field: how many hits came before the next page (never a score, see {@link TextSearch}). */
    private static final String HITS = "hits";

    @Inject
    Access access;

    @Inject
    CursorCodec cursors;

    /**
     * The search index the API reads, when the deployment has one ({@code SEARCH_ENDPOINT}); a deployment without
     * search answers the route with 404.
     */
    private final Optional<TextSearch> index;

    SearchService(ApiConfig config) {
        this.index = config.searchEndpoint()
                .map(endpoint -> new TextSearch(SearchClients.create(
                        endpoint,
                        SearchClients.signingOf(
                                endpoint,
                                config.searchSigning().map(String::valueOf).orElse(null)))));
    }

    public Page<TextHit> search(String businessId, String q, List<String> type, String limit, String next) {
        TextSearch search =
                index.orElseThrow(() -> new ApiProblem(404, "Not found", "this deployment has no search index"));
        Inputs.id("id", businessId);
        access.requireBusiness(businessId);
        String text = text(q);
        Set<Entity> types = types(type);
        int size = Inputs.limit(limit);
        // The cursor is bound to the business and to the query: another search cannot resume it.
        String scope = "search|" + businessId + "|" + text + "|"
                + types.stream().map(Entity::keyName).collect(Collectors.joining(","));
        TextQuery.After after = after(cursors.decode(scope, next));
        TextSearchPage page;
        RequestTiming timing = RequestTiming.CURRENT.get();
        long start = System.nanoTime();
        try {
            page = search.run(new TextQuery(businessId, text, types, size, after));
        } catch (QueryRefusedException e) {
            // The engine's word, not the caller's text: the searched words are personal data and stay out of logs.
            LOG.warnf("search of business %s refused by the engine: %s", businessId, e.getMessage());
            throw ApiProblem.badParameter(
                    "q", "the search index refused this search; search with fewer or shorter words");
        } catch (IOException e) {
            // Unreachable, late, or failing as a whole; described without the engine's reasons, which may quote q.
            LOG.errorf("search of business %s failed: %s", businessId, EngineErrors.describe(e));
            throw new ApiProblem(
                    503, "Service unavailable", "the search index is unavailable; retry after a short wait");
        } finally {
            // The engine's share of the request, as Server-Timing's "search" (see ServerTimingHeader).
            if (timing != null) {
                timing.searchCall(start, System.nanoTime());
            }
        }
        String cursor = page.next() == null ? null : cursors.encode(scope, state(page.next()));
        return new Page<>(page.hits(), cursor);
    }

    private static String text(String q) {
        String text = q == null ? "" : q.strip();
        if (text.isEmpty()) {
            throw ApiProblem.badParameter("q", "must be the text to search for");
        }
        // Longer text is a paste, not a search: refused rather than cut (TextQuery.MAX_LENGTH says why).
        if (text.length() > TextQuery.MAX_LENGTH
                || !Patterns.TEXT_SHAPE.matcher(text).matches()) {
            throw ApiProblem.badParameter("q", "must be at most " + TextQuery.MAX_LENGTH + " characters of text");
        }
        // More words would take the query over the engine's term limit (TextQuery.MAX_WORDS says why).
        int words = QueryWords.count(text);
        if (words > TextQuery.MAX_WORDS) {
            throw ApiProblem.badParameter(
                    "q",
                    "must be at most " + TextQuery.MAX_WORDS
                            + " words (each Chinese or Japanese character and each emoji counts"
                            + " as a word); this text has " + words);
        }
        return text;
    }

    /** {@code type} repeated, comma-separated or both; none means every entity the index holds. */
    private static Set<Entity> types(List<String> values) {
        return Objects.requireNonNullElse(values, List.<String>of()).stream()
                .flatMap(value -> Arrays.stream(value.split(",", -1)))
                .map(name -> Entity.fromKeyName(name.strip())
                        .filter(Entity::isSearchable)
                        .orElseThrow(() -> ApiProblem.badParameter("type", "must be one of: " + searchable())))
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The entities the index holds, as their definitions say. */
    private static String searchable() {
        return Entity.searchable().stream().map(Entity::keyName).collect(Collectors.joining(", "));
    }

    private static TextQuery.After after(CursorState state) {
        Map<String, String> position = state.resumeAfter(CursorState.SINGLE);
        if (position == null) {
            return null;
        }
        try {
            return new TextQuery.After(Integer.parseInt(position.get(HITS)));
        } catch (RuntimeException e) {
            // A cursor we signed always parses; this one was made by another version of the API.
            throw ApiProblem.badRequest("the cursor is not valid for this request; start again without 'next'");
        }
    }

    private static CursorState state(TextQuery.After after) {
        return new CursorState(Map.of(CursorState.SINGLE, Map.of(HITS, Integer.toString(after.hits()))));
    }
}
