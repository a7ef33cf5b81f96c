package io.entitytable.search.client;

import io.entitytable.model.Entity;
import io.entitytable.model.SearchFields;
import io.entitytable.model.SearchIndex;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.opensearch.client.opensearch._types.FieldValue;
import org.opensearch.client.opensearch._types.SortOrder;
import org.opensearch.client.opensearch._types.query_dsl.Query;
import org.opensearch.client.opensearch._types.query_dsl.TextQueryType;
import org.opensearch.client.opensearch.core.SearchRequest;

/**
 * The one search of the index: plain text inside one business. The text is never parsed as a query language (no
 * {@code query_string}): it is matched word by word, across every text field ({@link SearchFields#TEXT}), exactly,
 * with typos ({@code fuzziness: AUTO}) or as word prefixes (the {@code prefix} sub-fields). Only live documents of the
 * business are candidates ({@code businessId}, {@code deleted: false}), optionally of some entities only; the request
 * goes to the business's shard ({@code routing}). Results are sorted by score, then id, so that {@code search_after}
 * pages through them without gaps or repeats.
 */
public final class SearchQuery {
    public static final int MAX_PAGE_SIZE = 100;
    public static final int MAX_TEXT_LENGTH = 200;

    private final String index;
    private final String businessId;
    private final String text;
    private final Set<Entity> types;
    private final int pageSize;
    private final SearchAfter after;

    private SearchQuery(Builder builder) {
        this.index = builder.index;
        this.businessId = Objects.requireNonNull(builder.businessId, "businessId");
        this.text = Objects.requireNonNull(builder.text, "text").strip();
        if (text.isEmpty() || text.length() > MAX_TEXT_LENGTH) {
            throw new IllegalArgumentException("text must have 1 to " + MAX_TEXT_LENGTH + " characters");
        }
        if (builder.pageSize < 1 || builder.pageSize > MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("page size must be 1 to " + MAX_PAGE_SIZE);
        }
        if (builder.types.contains(Entity.BUSINESS)) {
            throw new IllegalArgumentException("businesses are not in the search index");
        }
        this.types = Set.copyOf(builder.types);
        this.pageSize = builder.pageSize;
        this.after = builder.after;
    }

    public static Builder inBusiness(String businessId) {
        return new Builder(businessId);
    }

    public int pageSize() {
        return pageSize;
    }

    /** The request for the index (the alias unless another one was given). */
    public SearchRequest toRequest() {
        SearchRequest.Builder request = new SearchRequest.Builder()
                .index(index)
                .routing(businessId)
                .size(pageSize)
                .query(query())
                .sort(s -> s.score(o -> o.order(SortOrder.Desc)))
                .sort(s -> s.field(f -> f.field(SearchFields.ID).order(SortOrder.Asc)));
        if (after != null) {
            request.searchAfterVals(FieldValue.of(after.score()), FieldValue.of(after.id()));
        }
        return request.build();
    }

    private Query query() {
        List<Query> filters = new ArrayList<>();
        filters.add(Query.of(q -> q.term(t -> t.field(SearchFields.BUSINESS_ID).value(FieldValue.of(businessId)))));
        filters.add(Query.of(q -> q.term(t -> t.field(SearchFields.DELETED).value(FieldValue.of(false)))));
        if (!types.isEmpty()) {
            List<FieldValue> names = types.stream()
                    .map(Entity::keyName)
                    .sorted()
                    .map(FieldValue::of)
                    .toList();
            filters.add(Query.of(q -> q.terms(t -> t.field(SearchFields.TYPE).terms(v -> v.value(names)))));
        }
        List<String> prefixFields =
                SearchFields.TEXT.stream().map(SearchFields::prefixOf).toList();
        Query words = Query.of(q -> q.multiMatch(m -> m.query(text)
                .fields(SearchFields.TEXT)
                .type(TextQueryType.BestFields)
                .fuzziness("AUTO")
                // The first letter is never a typo: keeps fuzzy matching cheap and its results plausible.
                .prefixLength(1)
                .lenient(true)));
        Query prefixes = Query.of(q -> q.multiMatch(m -> m.query(text)
                .fields(prefixFields)
                .type(TextQueryType.BestFields)
                .lenient(true)));
        return Query.of(
                q -> q.bool(b -> b.filter(filters).should(words, prefixes).minimumShouldMatch("1")));
    }

    /** Where the next page starts: the last hit's score and id. */
    public record SearchAfter(double score, String id) {}

    public static final class Builder {
        private final String businessId;
        private String index = SearchIndex.ALIAS;
        private String text;
        private Set<Entity> types = EnumSet.noneOf(Entity.class);
        private int pageSize = 20;
        private SearchAfter after;

        private Builder(String businessId) {
            this.businessId = businessId;
        }

        public Builder text(String value) {
            this.text = value;
            return this;
        }

        /** Only documents of these entities; none given: all. */
        public Builder types(Set<Entity> entities) {
            this.types = entities.isEmpty() ? EnumSet.noneOf(Entity.class) : EnumSet.copyOf(entities);
            return this;
        }

        public Builder pageSize(int size) {
            this.pageSize = size;
            return this;
        }

        public Builder after(SearchAfter position) {
            this.after = position;
            return this;
        }

        /** Another index or alias than {@link SearchIndex#ALIAS}: tests keep apart by their own names. */
        public Builder index(String indexOrAlias) {
            this.index = indexOrAlias;
            return this;
        }

        public SearchQuery build() {
            return new SearchQuery(this);
        }
    }
}
