package io.entitytable.bench;

import io.entitytable.model.SearchFields;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Where the engine's time of a search goes: the shape of the API's query (search-client's {@code TextSearch}: the
 * business and {@code deleted} filters, two {@code multi_match} over the text fields, fuzzy words (one typo from five
 * letters) and prefixes, sorted by score then id, one hit more than the page, each
 * text field and prefix sub-field highlighted by what matched it), re-spelt here
 * for diagnosis only, sent straight to the engine as it is and with one part left out, interleaved. The API's own
 * figure stays the one its {@code Server-Timing} reports.
 */
final class QueryAblation {
    enum Variant {
        AS_THE_API("as the API sends it"),
        BEFORE(
                "as the API sent it before (`fuzziness: AUTO` on every word, every field highlighted by the whole query)"),
        NO_HIGHLIGHT("without highlighting"),
        NO_FUZZINESS("without fuzziness (words exact, prefixes kept)"),
        NEITHER("without either");

        final String label;

        Variant(String label) {
            this.label = label;
        }
    }

    /** The API's default page size: its requests ask for one hit more. */
    private static final int PAGE = 20;

    private QueryAblation() {}

    static Map<Variant, Samples> run(EngineCalls engine, List<String> businessIds, int rounds, Random random) {
        Map<Variant, Samples> samples = new EnumMap<>(Variant.class);
        for (Variant variant : Variant.values()) {
            samples.put(variant, new Samples());
        }
        for (int i = 0; i < rounds; i++) {
            String business = SearchSeed.pick(random, businessIds);
            String text = SearchBench.text(SearchBench.Kind.values()[i % SearchBench.Kind.values().length], random);
            // Rotate which variant goes first, so none always follows another's work.
            Variant[] variants = Variant.values();
            for (int v = 0; v < variants.length; v++) {
                Variant variant = variants[(v + i) % variants.length];
                Map<String, Object> body = body(business, text, variant);
                long start = System.nanoTime();
                engine.search(business, body);
                samples.get(variant).add(System.nanoTime() - start);
            }
        }
        return samples;
    }

    static Map<String, Object> body(String business, String text, Variant variant) {
        boolean fuzzy = variant == Variant.AS_THE_API || variant == Variant.BEFORE || variant == Variant.NO_HIGHLIGHT;
        boolean highlight = variant != Variant.NO_HIGHLIGHT && variant != Variant.NEITHER;
        List<String> prefixFields =
                SearchFields.TEXT.stream().map(SearchFields::prefixOf).toList();
        Map<String, Object> words = new LinkedHashMap<>();
        words.put("query", text);
        words.put("fields", SearchFields.TEXT);
        words.put("operator", "or");
        if (variant == Variant.BEFORE) {
            words.put("fuzziness", "AUTO");
        } else if (fuzzy) {
            words.put("fuzziness", "AUTO:5,64");
            words.put("prefix_length", 0);
        }
        if (variant != Variant.BEFORE) {
            words.put("lenient", true);
        }
        Map<String, Object> prefixes =
                new LinkedHashMap<>(Map.of("query", text, "fields", prefixFields, "operator", "or"));
        if (variant != Variant.BEFORE) {
            prefixes.put("lenient", true);
        }
        Map<String, Object> bool = Map.of(
                "filter",
                List.of(
                        Map.of("term", Map.of(SearchFields.BUSINESS_ID, business)),
                        Map.of("term", Map.of(SearchFields.DELETED, false))),
                "should",
                List.of(Map.of("multi_match", words), Map.of("multi_match", prefixes)),
                "minimum_should_match",
                "1");
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("size", PAGE + 1);
        body.put("track_total_hits", false);
        body.put("track_scores", true);
        body.put("query", Map.of("bool", bool));
        body.put(
                "sort",
                List.of(Map.of("_score", Map.of("order", "desc")), Map.of(SearchFields.ID, Map.of("order", "asc"))));
        if (highlight) {
            Map<String, Object> fields = new LinkedHashMap<>();
            List<String> all = new ArrayList<>(SearchFields.TEXT);
            all.addAll(prefixFields);
            all.forEach(field -> fields.put(field, Map.of()));
            body.put("highlight", Map.of("require_field_match", variant != Variant.BEFORE, "fields", fields));
        }
        return body;
    }
}
