package io.entitytable.search.client;

import io.entitytable.model.Entity;
import java.util.Objects;
import java.util.Set;

/**
 * One page of a plain-text search inside one business.
 *
 * @param businessId the only business whose documents may match
 * @param text what the user typed: matched as words, never parsed as a query language; at most {@link #MAX_LENGTH}
 *     characters and {@link #MAX_WORDS} words ({@link QueryWords})
 * @param types the entities to look for; empty for every entity the index holds
 * @param size hits per page
 * @param after where the previous page ended, or null for the first page
 */
public record TextQuery(String businessId, String text, Set<Entity> types, int size, After after) {
    /**
     * The most words a search may have. Each word is a term on each of the 11 text fields, with up to {@link
     * TextSearch#FUZZY_MAX_EXPANSIONS} typo variants there, and once more on each field's prefix sub-field: 10 × 11 × (8
     * + 1) = 990 terms, under the engine's limit of 1,024 per query whatever words the index holds. Past it the engine
     * refuses the query; below it, a search is still a few names and words of an address.
     */
    public static final int MAX_WORDS = 10;
    /** The longest text: the longest value a search can find (a business, store or street name) is 200 characters. */
    public static final int MAX_LENGTH = 200;
    /**
     * Hits a search pages through at most: every page ranks all hits before it again, so deep pages cost the engine that
     * every business shares more and more; past a thousand hits, more words find the subject sooner than more pages.
     */
    public static final int MAX_HITS = 1_000;

    /**
     * Where the previous page ended: how many hits came before this page. A position, not the last hit's relevance
     * score, so a cursor made of it carries nothing computed from other businesses' documents.
     */
    public record After(int hits) {
        public After {
            if (hits < 1 || hits >= MAX_HITS) {
                throw new IllegalArgumentException("hits before a page must be 1 to " + (MAX_HITS - 1) + ": " + hits);
            }
        }
    }

    public TextQuery {
        Objects.requireNonNull(businessId, "businessId");
        Objects.requireNonNull(text, "text");
        types = Set.copyOf(types);
        if (size < 1) {
            throw new IllegalArgumentException("size must be positive: " + size);
        }
        // The API refuses such text with a problem naming the limit; this keeps every other caller to it too.
        if (text.length() > MAX_LENGTH || QueryWords.count(text) > MAX_WORDS) {
            throw new IllegalArgumentException(
                    "the text must be at most " + MAX_LENGTH + " characters and " + MAX_WORDS + " words");
        }
    }

    /** The first hit of this page, counted from 0. */
    int from() {
        return after == null ? 0 : after.hits();
    }
}
