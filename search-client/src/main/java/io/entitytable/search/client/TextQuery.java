package io.entitytable.search.client;

import io.entitytable.model.Entity;
import java.util.Objects;
import java.util.Set;

/**
 * One page of a plain-text search inside one business.
 *
 * @param businessId the only business whose documents may match
 * @param text what the user typed: matched as words, never parsed as a query language
 * @param types the entities to look for; empty for every entity the index holds
 * @param size hits per page
 * @param after where the previous page ended, or null for the first page
 */
public record TextQuery(String businessId, String text, Set<Entity> types, int size, After after) {

    /** The sort values of the last hit of a page: its score, then its id (ties are broken by id). */
    public record After(double score, String id) {
        public After {
            Objects.requireNonNull(id, "id");
        }
    }

    public TextQuery {
        Objects.requireNonNull(businessId, "businessId");
        Objects.requireNonNull(text, "text");
        types = Set.copyOf(types);
        if (size < 1) {
            throw new IllegalArgumentException("size must be positive: " + size);
        }
    }
}
