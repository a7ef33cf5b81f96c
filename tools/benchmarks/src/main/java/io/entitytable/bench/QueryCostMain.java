package io.entitytable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.model.SearchFields;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The search query's cost alone: an engine of its own, seeded straight with synthetic documents, and shapes of the
 * query interleaved against it, each with its latency and how many of the reference query's hits it still finds.
 *
 * <p>{@code java -cp tools/benchmarks/target/benchmarks.jar io.entitytable.bench.QueryCostMain [documents] [businesses]
 * [rounds]}
 */
final class QueryCostMain {
    private QueryCostMain() {}

    public static void main(String[] args) throws Exception {
        int rounds = SeededEngine.argument(args, 2, 400);
        try (SeededEngine seeded = SeededEngine.start("query-cost-", args)) {
            run(seeded.calls(), seeded.businessIds(), Math.max(20, rounds / 10), seeded.random(), false);
            run(seeded.calls(), seeded.businessIds(), rounds, seeded.random(), true);
        }
    }

    record Variant(String label, UnaryOperator<Map<String, Object>> shape) {}

    static List<Variant> variants() {
        return List.of(
                new Variant("before: AUTO on every word, whole query highlighted on every field", body -> body),
                new Variant("AUTO:5,64 (one typo from 5 letters)", body -> fuzzy(body, AUTO_5_64, 0, 50)),
                new Variant("highlight require_field_match", QueryCostMain::requireFieldMatch),
                new Variant("AUTO:5,64 pl 1 me 50 + require_field_match (first letter exact)", fieldMatched(1, 50)),
                new Variant("AUTO:5,64 pl 0 me 50 + require_field_match (the API now)", fieldMatched(0, 50)),
                new Variant("AUTO:5,64 pl 1 me 10 + require_field_match", fieldMatched(1, 10)),
                new Variant("AUTO:5,64 pl 2 me 10 + require_field_match", fieldMatched(2, 10)),
                new Variant(
                        "AUTO:5,64 pl 1 me 10 + require_field_match + 1 fragment",
                        body -> oneFragment(fieldMatched(1, 10).apply(body))),
                new Variant("AUTO:5,64 pl 1 me 10, no highlight", body -> noHighlight(fuzzy(body, AUTO_5_64, 1, 10))),
                new Variant("the API now + whole fields highlighted (0 fragments)", body -> wholeFields(apiNow(body))),
                new Variant("the API now + plain highlighter", body -> highlighter(apiNow(body), "plain")),
                new Variant("the API now + _source of the hit's fields only", body -> sourceFields(apiNow(body))),
                new Variant(
                        "the API now + 0 fragments + _source fields", body -> sourceFields(wholeFields(apiNow(body)))),
                new Variant("the API now, no highlight", body -> noHighlight(apiNow(body))),
                new Variant("no fuzziness, no highlight", body -> noHighlight(fuzzy(body, null, 0, 0))));
    }

    /** Fuzziness as the API asks for it: exact up to 4 letters, one typo from 5, two from 64. */
    private static final String AUTO_5_64 = "AUTO:5,64";

    /** {@code AUTO:5,64} with this prefix length and these expansions, highlighting only the fields that matched. */
    private static UnaryOperator<Map<String, Object>> fieldMatched(int prefixLength, int maxExpansions) {
        return body -> requireFieldMatch(fuzzy(body, AUTO_5_64, prefixLength, maxExpansions));
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> fuzzy(Map<String, Object> body, String fuzziness, int prefixLength, int maxExpansions) {
        Map<String, Object> words = wordsOf(body);
        if (fuzziness == null) {
            words.remove("fuzziness");
        } else {
            words.put("fuzziness", fuzziness);
            words.put("prefix_length", prefixLength);
            words.put("max_expansions", maxExpansions);
        }
        return body;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> wordsOf(Map<String, Object> body) {
        Map<String, Object> bool = (Map<String, Object>) ((Map<String, Object>) body.get("query")).get("bool");
        List<Object> should = (List<Object>) bool.get("should");
        return (Map<String, Object>) ((Map<String, Object>) should.get(0)).get("multi_match");
    }

    static Map<String, Object> requireFieldMatch(Map<String, Object> body) {
        return highlightOption(body, "require_field_match", true);
    }

    static Map<String, Object> oneFragment(Map<String, Object> body) {
        return highlightOption(body, "number_of_fragments", 1);
    }

    static Map<String, Object> apiNow(Map<String, Object> body) {
        return fieldMatched(0, 50).apply(body);
    }

    /** Each field highlighted whole, without cutting it into fragments. */
    static Map<String, Object> wholeFields(Map<String, Object> body) {
        return highlightOption(body, "number_of_fragments", 0);
    }

    static Map<String, Object> highlighter(Map<String, Object> body, String type) {
        return highlightOption(body, "type", type);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> highlightOption(Map<String, Object> body, String option, Object value) {
        Map<String, Object> highlight = new LinkedHashMap<>((Map<String, Object>) body.get("highlight"));
        highlight.put(option, value);
        body.put("highlight", highlight);
        return body;
    }

    static Map<String, Object> sourceFields(Map<String, Object> body) {
        List<String> fields = new ArrayList<>(List.of(SearchFields.TYPE, SearchFields.ID, SearchFields.BUSINESS_ID));
        fields.add(SearchFields.TITLE);
        fields.addAll(SearchFields.TEXT);
        body.put("_source", fields);
        return body;
    }

    static Map<String, Object> noHighlight(Map<String, Object> body) {
        body.remove("highlight");
        return body;
    }

    /** A deep, mutable copy of the API's shape for one search. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> reference(String business, String text) {
        Map<String, Object> body =
                new LinkedHashMap<>(QueryAblation.body(business, text, QueryAblation.Variant.BEFORE));
        Map<String, Object> bool =
                new LinkedHashMap<>((Map<String, Object>) ((Map<String, Object>) body.get("query")).get("bool"));
        List<Object> should = new ArrayList<>();
        for (Object clause : (List<Object>) bool.get("should")) {
            Map<String, Object> match = (Map<String, Object>) ((Map<String, Object>) clause).get("multi_match");
            should.add(new LinkedHashMap<>(Map.of("multi_match", new LinkedHashMap<>(match))));
        }
        bool.put("should", should);
        body.put("query", new LinkedHashMap<>(Map.of("bool", bool)));
        return body;
    }

    private static void run(EngineCalls engine, List<String> businesses, int rounds, Random random, boolean report) {
        List<Variant> variants = variants();
        SearchBench.Kind[] kinds = SearchBench.Kind.values();
        List<Map<SearchBench.Kind, Samples>> byKind = new ArrayList<>();
        List<Samples> all = new ArrayList<>();
        long[][] found = new long[variants.size()][kinds.length];
        long[][] expected = new long[variants.size()][kinds.length];
        for (int v = 0; v < variants.size(); v++) {
            Map<SearchBench.Kind, Samples> map = new LinkedHashMap<>();
            for (SearchBench.Kind kind : kinds) {
                map.put(kind, new Samples());
            }
            byKind.add(map);
            all.add(new Samples());
        }
        for (int i = 0; i < rounds; i++) {
            String business = SearchSeed.pick(random, businesses);
            SearchBench.Kind kind = kinds[i % kinds.length];
            String text = SearchBench.text(kind, random);
            Set<String> reference = null;
            Map<Integer, Set<String>> hits = new LinkedHashMap<>();
            for (int k = 0; k < variants.size(); k++) {
                int v = (k + i) % variants.size();
                Map<String, Object> body = variants.get(v).shape().apply(reference(business, text));
                long start = System.nanoTime();
                JsonNode response = engine.searchResponse(business, body);
                long elapsed = System.nanoTime() - start;
                all.get(v).add(elapsed);
                byKind.get(v).get(kind).add(elapsed);
                Set<String> ids = new HashSet<>();
                response.path("hits")
                        .path("hits")
                        .forEach(hit -> ids.add(hit.path("_id").asText()));
                hits.put(v, ids);
            }
            reference = hits.get(0);
            for (int v = 0; v < variants.size(); v++) {
                Set<String> ids = hits.get(v);
                expected[v][kind.ordinal()] += reference.size();
                found[v][kind.ordinal()] +=
                        reference.stream().filter(ids::contains).count();
            }
        }
        if (!report) {
            return;
        }
        double base = all.get(0).p50();
        StringBuilder table = new StringBuilder(String.format(
                Locale.ROOT,
                "%n| variant | p50 ms | p99 ms | ×API p50 | prefix | typo | multi-word | type filter | API hits kept: prefix | typo | multi-word | type filter |%n"
                        + "|---|---|---|---|---|---|---|---|---|---|---|---|%n"));
        for (int v = 0; v < variants.size(); v++) {
            Samples s = all.get(v);
            table.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %.2f | %s | %s | %s | %s | %s | %s | %s | %s |%n",
                    variants.get(v).label(),
                    Samples.ms(s.p50()),
                    Samples.ms(s.p99()),
                    s.p50() / base,
                    Samples.ms(byKind.get(v).get(kinds[0]).p50()),
                    Samples.ms(byKind.get(v).get(kinds[1]).p50()),
                    Samples.ms(byKind.get(v).get(kinds[2]).p50()),
                    Samples.ms(byKind.get(v).get(kinds[3]).p50()),
                    kept(found[v][0], expected[v][0]),
                    kept(found[v][1], expected[v][1]),
                    kept(found[v][2], expected[v][2]),
                    kept(found[v][3], expected[v][3])));
        }
        System.out.println(table);
    }

    private static String kept(long found, long expected) {
        return String.format(Locale.ROOT, "%.0f %%", expected == 0 ? 100.0 : 100.0 * found / expected);
    }
}
