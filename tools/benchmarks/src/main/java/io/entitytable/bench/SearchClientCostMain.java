package io.entitytable.bench;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.model.Entity;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.client.TextQuery;
import io.entitytable.search.client.TextSearch;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.opensearch.generic.Request;
import org.opensearch.client.opensearch.generic.Requests;
import org.opensearch.client.opensearch.generic.Response;

/**
 * The client's share of a search: the API's {@link TextSearch} (the request built with the client's builders, sent
 * over its transport, the response read into hits) against the very same request body sent by a lean HTTP client and
 * read as a JSON tree, interleaved against an engine of its own. The difference is what the function spends around
 * the engine; the engine's own time is {@link QueryCostMain}'s subject.
 *
 * <p>Run it in a JVM like the function's, C1 only: {@code java -XX:TieredStopAtLevel=1 -cp
 * tools/benchmarks/target/benchmarks.jar io.entitytable.bench.SearchClientCostMain [documents] [businesses] [rounds]}
 */
final class SearchClientCostMain {
    private static final int PAGE = 20;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

    private SearchClientCostMain() {}

    public static void main(String[] args) throws Exception {
        int rounds = SeededEngine.argument(args, 2, 1_000);
        try (SeededEngine seeded = SeededEngine.start("search-client-cost-", args)) {
            OpenSearchClient client = SearchClients.create(seeded.endpoint(), false);
            TextSearch search = new TextSearch(client);
            List<String> ids = seeded.businessIds();
            run(search, client, seeded.calls(), ids, Math.max(50, rounds / 5), seeded.random(), false);
            run(search, client, seeded.calls(), ids, rounds, seeded.random(), true);
        }
    }

    private static void run(
            TextSearch search,
            OpenSearchClient client,
            EngineCalls engine,
            List<String> businesses,
            int rounds,
            Random random,
            boolean report)
            throws Exception {
        Samples api = new Samples();
        Samples lean = new Samples();
        Samples generic = new Samples();
        long genericHits = 0;
        long apiHits = 0;
        long leanHits = 0;
        SearchBench.Kind[] kinds = SearchBench.Kind.values();
        for (int i = 0; i < rounds; i++) {
            String business = SearchSeed.pick(random, businesses);
            SearchBench.Kind kind = kinds[i % kinds.length];
            Set<Entity> types = kind == SearchBench.Kind.TYPE_FILTER ? Set.of(Entity.CUSTOMER) : Set.of();
            TextQuery query = new TextQuery(business, SearchBench.text(kind, random), types, PAGE, null);
            Map<String, Object> body = JSON.readValue(search.request(query).toJsonString(), MAP);
            // Alternate which goes first, so neither always meets the engine's caches warmed by the other.
            for (int k = 0; k < 3; k++) {
                int which = (i + k) % 3;
                if (which == 0) {
                    long start = System.nanoTime();
                    apiHits += search.run(query).hits().size();
                    api.add(System.nanoTime() - start);
                } else if (which == 1) {
                    long start = System.nanoTime();
                    String json = search.request(query).toJsonString();
                    Request request = Requests.builder()
                            .endpoint("/" + SearchIndex.ALIAS + "/_search?routing=" + business)
                            .method("POST")
                            .json(json)
                            .build();
                    JsonNode response;
                    try (Response answer = client.generic().execute(request)) {
                        response = JSON.readTree(answer.getBody().orElseThrow().body());
                    }
                    generic.add(System.nanoTime() - start);
                    genericHits +=
                            Math.min(PAGE, response.path("hits").path("hits").size());
                } else {
                    long start = System.nanoTime();
                    JsonNode response = engine.searchResponse(business, body);
                    lean.add(System.nanoTime() - start);
                    leanHits +=
                            Math.min(PAGE, response.path("hits").path("hits").size());
                }
            }
        }
        if (!report) {
            return;
        }
        System.out.printf(
                Locale.ROOT,
                "%n%s, %d searches each, interleaved%n%n"
                        + "| client | p50 ms | p90 ms | p99 ms | hits |%n|---|---|---|---|---|%n"
                        + "| the API's (TextSearch: builders, transport, typed response) | %s | %s | %s | %d |%n"
                        + "| the API's request and transport, response read as a Jackson tree (generic client) | %s | %s | %s | %d |%n"
                        + "| lean (same body; java.net.http, Jackson tree) | %s | %s | %s | %d |%n"
                        + "%nAPI's / lean p50: %.2fx, difference %.2f ms%n",
                String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()),
                rounds,
                Samples.ms(api.p50()),
                Samples.ms(api.percentileMillis(90)),
                Samples.ms(api.p99()),
                apiHits,
                Samples.ms(generic.p50()),
                Samples.ms(generic.percentileMillis(90)),
                Samples.ms(generic.p99()),
                genericHits,
                Samples.ms(lean.p50()),
                Samples.ms(lean.percentileMillis(90)),
                Samples.ms(lean.p99()),
                leanHits,
                api.p50() / lean.p50(),
                api.p50() - lean.p50());
    }
}
