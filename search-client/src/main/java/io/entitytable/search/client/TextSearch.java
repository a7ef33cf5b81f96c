package io.entitytable.search.client;

import static org.apache.hc.core5.http.HttpStatus.SC_NOT_FOUND;
import static org.apache.hc.core5.http.HttpStatus.SC_REQUEST_TIMEOUT;
import static org.apache.hc.core5.http.HttpStatus.SC_TOO_MANY_REQUESTS;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.Entity;
import io.entitytable.model.SearchFields;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.OpenSearchException;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.query_dsl.Operator;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch.core.SearchRequest;
import org.opensearch.client.opensearch.core.SearchResponse;
import org.opensearch.client.opensearch.core.search.HighlightField;
import org.opensearch.client.opensearch.core.search.HighlighterEncoder;
import org.opensearch.client.opensearch.core.search.Hit;
import org.opensearch.client.transport.httpclient5.ResponseException;

/**
 * The one search the project runs: plain text inside one business.
 *
 * <p>The text only ever reaches the engine as the {@code query} of {@code multi_match} queries, which analyse it as
 * words: never as {@code query_string} syntax, so no input can name a field, another business or a script. The
 * business is a filter of the query itself (and the routing, so one shard answers); tombstones of deleted subjects are
 * filtered out. Two ways to match, either is enough: the words themselves, with one typo allowed in a word of five
 * letters or more, and word prefixes on the {@code .prefix} sub-fields ("quix" finds "Quixote"). Hits are ranked by
 * score, ties broken by id, and paged by position ({@code from}): the score is computed from term statistics of the
 * whole index, every business's documents, so it orders the hits here and never leaves this class, neither in a hit nor
 * in where a page ended.
 *
 * <p>Highlights are HTML: the engine escapes the stored text ({@code encoder: html}) and wraps matches in {@code <em>},
 * so a name that holds markup comes back as text, and {@code <em>} is the only markup in a fragment.
 *
 * <p>Fuzziness is the query's cost: each fuzzy word is matched against every term of every text field of the whole
 * index (all businesses), and highlighting re-runs the query on each hit's fields. So typos are allowed only where a
 * user makes them and they cannot flood the results (not in short words, whose one-letter variants are other common
 * words; one edit, never two), only on the word fields (a prefix is typed, not misspelt); and each field is
 * highlighted by its own part of the query only. The engine counts every typo variant as a term of the query, and
 * refuses a query of more than 1,024: {@link #FUZZY_MAX_EXPANSIONS} and {@link TextQuery#MAX_WORDS} keep every query
 * the API can send under that, however crowded the index's vocabulary.
 */
public final class TextSearch {
    private static final List<String> WORD_FIELDS = SearchFields.TEXT;
    private static final List<String> PREFIX_FIELDS =
            SearchFields.TEXT.stream().map(SearchFields::prefixOf).toList();

    /**
     * No typo under five letters, one from five on: {@code AUTO:low,high} allows 0 edits below {@code low} letters, 1
     * below {@code high}, 2 from {@code high} on, and no word is that long.
     */
    static final String FUZZINESS = "AUTO:5,64";
    /**
     * Letters that must be exact at the start of a fuzzy word: none, so a typo in the first letter is forgiven too;
     * requiring the first letter costs the engine no less (tools/benchmarks' QueryCostMain compares the two).
     */
    static final int FUZZY_PREFIX_LENGTH = 0;
    /**
     * Terms one fuzzy word may stand for, per field. The engine counts each as a term of the query: at its default of
     * 50, two words with 50 look-alikes each in the index (which any business can write) made 1,122 terms over 11
     * fields, and the engine refused the query. At 8, ten words stay under its limit ({@link TextQuery#MAX_WORDS}). A word
     * typed right is found whatever the expansions (the prefix sub-fields match it too); only look-alikes past the
     * eighth are dropped, and they are chosen over the whole index, so in a crowded vocabulary a typo may miss a
     * business's word (a test shows the ten-word query answered over such a vocabulary).
     */
    static final int FUZZY_MAX_EXPANSIONS = 8;

    private static final String INDEX_NOT_FOUND = "index_not_found_exception";
    /** What the engine answers (with a 500) for a query over its term limit. */
    private static final Set<String> TOO_MANY_TERMS = Set.of("too_many_clauses", "too_many_nested_clauses");

    private final OpenSearchClient client;
    private final String index;
    private final int maxHits;

    /** Searches the alias every reader uses. */
    public TextSearch(OpenSearchClient client) {
        this(client, SearchIndex.ALIAS);
    }

    public TextSearch(OpenSearchClient client, String index) {
        this(client, index, TextQuery.MAX_HITS);
    }

    /** With another depth limit than {@link TextQuery#MAX_HITS}: for tests, which cannot index a thousand hits cheaply. */
    TextSearch(OpenSearchClient client, String index, int maxHits) {
        this.client = client;
        this.index = index;
        this.maxHits = maxHits;
    }

    /**
     * @throws QueryRefusedException when the engine refuses the query itself (asking again is no use)
     * @throws SearchFailedException when the engine answers with another error (5xx, throttling): worth another try
     * @throws IOException when the engine cannot be reached or answers late
     */
    public TextSearchPage run(TextQuery query) throws IOException {
        @SuppressWarnings("rawtypes")
        SearchResponse<Map> response;
        try {
            response = client.search(request(query), Map.class);
        } catch (OpenSearchException e) {
            List<String> types = EngineErrors.types(e.error());
            if (types.contains(INDEX_NOT_FOUND)) {
                // The indexer creates the index with its first batch: until then nothing is indexed.
                return new TextSearchPage(List.of(), null);
            }
            throw failure(e.status(), types);
        } catch (ResponseException e) {
            // The Apache transport's form of a 5xx; the engine's reasons in its message are not passed on.
            throw failure(e.status(), EngineErrors.types(e));
        }
        List<TextHit> hits = new ArrayList<>();
        for (Hit<Map> hit : response.hits().hits()) {
            hits.add(hitOf(hit));
        }
        int end = query.from() + query.size();
        if (hits.size() <= query.size() || end >= maxHits) {
            return new TextSearchPage(List.copyOf(hits.subList(0, Math.min(hits.size(), query.size()))), null);
        }
        return new TextSearchPage(List.copyOf(hits.subList(0, query.size())), new TextQuery.After(end));
    }

    /**
     * The failure to throw for an engine's error answer; throws a refusal instead when the query itself is at fault: a
     * 4xx other than throttling, a timeout or a missing index, or a query over the engine's term limit, which it
     * answers with a 500.
     */
    private static SearchFailedException failure(int status, List<String> types) {
        boolean clientError = status >= 400
                && status < 500
                && status != SC_NOT_FOUND
                && status != SC_REQUEST_TIMEOUT
                && status != SC_TOO_MANY_REQUESTS;
        if (clientError || types.stream().anyMatch(TOO_MANY_TERMS::contains)) {
            throw new QueryRefusedException(status, types);
        }
        return new SearchFailedException(status, types);
    }

    /** The request {@link #run} sends: public so benchmarks can send the same body by other means. */
    public SearchRequest request(TextQuery query) {
        return SearchRequest.of(search -> {
            search.index(index)
                    .routing(query.businessId())
                    .from(query.from())
                    // One more than the page: whether there is a next page, without counting every hit.
                    .size(query.size() + 1)
                    .trackTotalHits(total -> total.enabled(false))
                    .query(query(query))
                    .sort(sort -> sort.score(score -> score.order(SortOrder.Desc)))
                    .sort(sort ->
                            sort.field(field -> field.field(SearchFields.ID).order(SortOrder.Asc)))
                    .highlight(highlight -> {
                        // Stored text escaped, so the engine's <em> is the only markup a fragment holds.
                        highlight.encoder(HighlighterEncoder.Html);
                        // A field is highlighted by what matched it alone: the fuzzy words on the word fields, the
                        // prefixes on the sub-fields. Without this, every field re-runs every part of the query.
                        highlight.requireFieldMatch(true);
                        WORD_FIELDS.forEach(field -> highlight.fields(field, HighlightField.of(f -> f)));
                        // A prefix match ("quix") is highlighted on the sub-field, as the whole word it starts.
                        PREFIX_FIELDS.forEach(field -> highlight.fields(field, HighlightField.of(f -> f)));
                        return highlight;
                    });
            return search;
        });
    }

    private static Query query(TextQuery query) {
        return Query.of(q -> q.bool(bool -> {
            bool.filter(f -> f.term(t -> t.field(SearchFields.BUSINESS_ID).value(FieldValue.of(query.businessId()))))
                    .filter(f -> f.term(t -> t.field(SearchFields.DELETED).value(FieldValue.of(false))));
            if (!query.types().isEmpty()) {
                List<FieldValue> types = query.types().stream()
                        .map(Entity::keyName)
                        .sorted()
                        .map(FieldValue::of)
                        .toList();
                bool.filter(f -> f.terms(t -> t.field(SearchFields.TYPE).terms(v -> v.value(types))));
            }
            bool.should(s -> s.multiMatch(m -> m.query(query.text())
                            .fields(WORD_FIELDS)
                            .fuzziness(FUZZINESS)
                            .prefixLength(FUZZY_PREFIX_LENGTH)
                            .maxExpansions(FUZZY_MAX_EXPANSIONS)
                            .operator(Operator.Or)
                            // Words that cannot be a field's type (none in the mapping: every field is text) are no
                            // match there rather than a failed search.
                            .lenient(true)))
                    .should(s -> s.multiMatch(m -> m.query(query.text())
                            .fields(PREFIX_FIELDS)
                            .operator(Operator.Or)
                            .lenient(true)))
                    .minimumShouldMatch("1");
            return bool;
        }));
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static TextHit hitOf(Hit<Map> hit) {
        Map<String, Object> source = hit.source() == null ? Map.of() : hit.source();
        Map<String, List<String>> fields = new LinkedHashMap<>();
        for (String field : WORD_FIELDS) {
            Object value = source.get(field);
            if (value instanceof List<?> values) {
                fields.put(field, values.stream().map(String::valueOf).toList());
            } else if (value != null) {
                fields.put(field, List.of(String.valueOf(value)));
            }
        }
        return new TextHit(
                String.valueOf(source.get(SearchFields.TYPE)),
                String.valueOf(source.get(SearchFields.ID)),
                String.valueOf(source.get(SearchFields.BUSINESS_ID)),
                (String) source.get(SearchFields.TITLE),
                fields,
                highlightsByField(hit.highlight()));
    }

    /** Fragments by text field: a {@code .prefix} sub-field's fragments count as its field's. */
    private static Map<String, List<String>> highlightsByField(Map<String, List<String>> highlight) {
        Map<String, List<String>> byField = new LinkedHashMap<>();
        if (highlight == null) {
            return byField;
        }
        String suffix = "." + SearchFields.PREFIX;
        highlight.forEach((field, fragments) -> {
            String textField = field.endsWith(suffix) ? field.substring(0, field.length() - suffix.length()) : field;
            List<String> merged = byField.computeIfAbsent(textField, f -> new ArrayList<>());
            fragments.stream().filter(fragment -> !merged.contains(fragment)).forEach(merged::add);
        });
        return byField;
    }
}
