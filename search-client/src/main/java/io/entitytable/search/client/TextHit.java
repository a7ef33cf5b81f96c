package io.entitytable.search.client;

import java.util.List;
import java.util.Map;

/**
 * One document a search found.
 *
 * @param type the entity's key name ({@code customer}, {@code store}, {@code order})
 * @param fields the document's text fields (the entity's summary), by field name
 * @param highlight the matched fragments, by text field, matches wrapped in {@code <em>}
 */
public record TextHit(
        String type,
        String id,
        String businessId,
        double score,
        String title,
        Map<String, List<String>> fields,
        Map<String, List<String>> highlight) {}
