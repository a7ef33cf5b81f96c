package io.entitytable.search.client;

import java.util.List;
import java.util.Map;

/**
 * One document a search found.
 *
 * @param type the entity's key name ({@code customer}, {@code store}, {@code order})
 * <p>No relevance score: it is computed over every business's documents (see {@link TextSearch}).
 *
 * @param fields the document's text fields (the entity's summary), by field name: plain text as stored, not markup
 * @param highlight the matched fragments, by text field: HTML, the stored text escaped and each match wrapped in {@code
 *     <em>}
 */
public record TextHit(
        String type,
        String id,
        String businessId,
        String title,
        Map<String, List<String>> fields,
        Map<String, List<String>> highlight) {}
