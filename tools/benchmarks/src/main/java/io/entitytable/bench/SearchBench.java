package io.entitytable.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.local.LocalSystem;
import io.entitytable.local.pump.StreamPump;
import io.entitytable.local.pump.TimedInvoker;
import io.entitytable.search.client.SearchDocument;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The search part, on a local system with the search engine, the indexer and its pump:
 *
 * <ol>
 *   <li>seeds core items straight into the table while the stream is on ({@link SearchSeed}), so the packaged
 *       indexer indexes them through its real path, and waits until every one is searchable;
 *   <li>times searches through the front door ({@code GET /businesses/{id}/search}) in four kinds against random
 *       businesses, each split by the function's {@code Server-Timing} into the engine's call and the rest;
 *   <li>write-to-searchable lag: a customer created through the API, searched for (by id and its new name, a search,
 *       not a real-time get) every 5 ms until found, split into the way to the indexer's invocation (stream, pump
 *       polling, batching window), the invocation, and the wait for the engine's refresh;
 *   <li>the relationship-copy lag ({@link StreamLagBench#once}) in phases with the indexer's pump paused and running,
 *       alternated so that the machine's drift hits both;
 *   <li>the index's size and the engine's resident memory.
 * </ol>
 */
final class SearchBench {
    /** One kind of realistic query. */
    enum Kind {
        PREFIX("prefix", "first 4 letters of a last name, e.g. `john`"),
        TYPO("typo", "a last name with two letters swapped, e.g. `Jonhson`"),
        MULTI_WORD(
                "multi-word", "first and last name, or two words of a product, e.g. `ann smith`, `walnut chessboard`"),
        TYPE_FILTER("type filter", "a last name with `type=customer`, or a product word with `type=order`");

        final String label;
        final String example;

        Kind(String label, String example) {
            this.label = label;
            this.example = example;
        }
    }

    /** The API side of the searches of one kind: its calls are the engine's. */
    static final class QuerySamples extends ApiTimings {
        int withHits;

        void add(long clientNanos, ApiClient.ServerTiming timing, boolean hits) {
            add(clientNanos, timing, Double.isNaN(timing.searchMs()) ? 0 : timing.searchMs());
            if (hits) {
                withHits++;
            }
        }
    }

    /** Write-to-searchable, per operation, split at the indexer's invocation. */
    static final class LagSamples {
        final Samples total = new Samples();
        final Samples apiWrite = new Samples();
        final Samples toInvocation = new Samples();
        final Samples invocation = new Samples();
        final Samples toSearchable = new Samples();
    }

    record CopyLag(Samples paused, Samples running, int rounds, int perPhase) {}

    record Result(
            SearchSeed.Seeded seeded,
            double seedSeconds,
            double streamSeconds,
            double bulkSeconds,
            Map<Kind, QuerySamples> queries,
            QuerySamples allQueries,
            Samples engineFloor,
            Map<QueryAblation.Variant, Samples> ablation,
            LagSamples lag,
            CopyLag copyLag,
            EngineCalls.IndexSize size,
            ProcessMemory.Snapshot memory,
            String refreshInterval,
            String searchIdleAfter) {}

    private SearchBench() {}

    static Result run(LocalSystem system, Mode mode, ExecutorService pool) throws InterruptedException {
        if (system.searchEngine() == null) {
            throw new IllegalStateException(
                    "search is not running: build search-indexer/target/function.zip and local-search first");
        }
        String table = system.options().tableName();
        EngineCalls engine = new EngineCalls(system.searchEngine().endpoint());
        ApiClient api = new ApiClient(system.apiPort(), system.issuer().operatorToken());
        Random random = new Random(42);
        try (DynamoDbClient dynamo = system.dynamoDb().client()) {
            // 1. Seed: part through the stream (the real path), the rest straight into the engine; wait until every
            // document is searchable.
            long seedStart = System.nanoTime();
            int perBusiness = mode.searchDocuments() / mode.searchBusinesses();
            int streamBusinesses = Math.max(1, mode.searchThroughStream() / perBusiness);
            SearchSeed.Seeded streamed = SearchSeed.writeToTable(
                    dynamo, table, streamBusinesses, streamBusinesses * perBusiness, pool, random, item -> {});
            double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
            System.err.printf(
                    Locale.ROOT,
                    "[bench] search: wrote %,d documents (%,d table items) in %.1f s; waiting for the indexer%n",
                    streamed.throughStream(),
                    streamed.tableItems(),
                    seedSeconds);
            awaitLive(engine, streamed.throughStream());
            double streamSeconds = (System.nanoTime() - seedStart) / 1e9;
            // The fan-out works through the same records; nothing measured here should run beside that backlog.
            if (!system.pump().awaitCaughtUp(Duration.ofMinutes(20))) {
                throw new IllegalStateException("the fan-out did not catch up with the seeded records in 20 minutes");
            }
            System.err.printf(
                    Locale.ROOT,
                    "[bench] search: fan-out caught up after %.1f s%n",
                    (System.nanoTime() - seedStart) / 1e9);
            // The index exists now (the indexer creates it), with the real path's mapping and alias.
            int directDocuments = mode.searchDocuments() - streamed.throughStream();
            Map<String, List<SearchDocument>> direct =
                    SearchSeed.documentsByBusiness(mode.searchBusinesses() - streamBusinesses, directDocuments, random);
            long bulkStart = System.nanoTime();
            for (Map.Entry<String, List<SearchDocument>> business : direct.entrySet()) {
                engine.bulk(business.getKey(), business.getValue());
            }
            awaitLive(engine, streamed.throughStream() + directDocuments);
            double bulkSeconds = (System.nanoTime() - bulkStart) / 1e9;
            List<String> businessIds = new ArrayList<>(streamed.businessIds());
            businessIds.addAll(direct.keySet());
            SearchSeed.Seeded seeded = new SearchSeed.Seeded(
                    businessIds, streamed.throughStream(), streamed.tableItems(), directDocuments);
            System.err.printf(
                    Locale.ROOT,
                    "[bench] search: %,d through the stream in %.1f s, %,d bulk-indexed in %.1f s%n",
                    seeded.throughStream(),
                    streamSeconds,
                    directDocuments,
                    bulkSeconds);

            // 2. Searches through the front door.
            Map<Kind, QuerySamples> byKind = new LinkedHashMap<>();
            for (Kind kind : Kind.values()) {
                byKind.put(kind, new QuerySamples());
            }
            QuerySamples all = new QuerySamples();
            Samples floor = new Samples();
            for (int i = 0; i < mode.searchWarmup() + mode.searchQueries(); i++) {
                Kind kind = Kind.values()[i % Kind.values().length];
                String business = SearchSeed.pick(random, seeded.businessIds());
                String path = "/businesses/" + business + "/search?" + query(kind, random);
                long start = System.nanoTime();
                ApiClient.Response response = api.get(path);
                long elapsed = System.nanoTime() - start;
                if (response.status() != 200) {
                    throw new IllegalStateException(
                            "GET " + path + " answered " + response.status() + ": " + response.body());
                }
                long floorStart = System.nanoTime();
                engine.minimalSearch(business);
                long floorElapsed = System.nanoTime() - floorStart;
                if (i >= mode.searchWarmup()) {
                    ApiClient.ServerTiming timing = ApiClient.ServerTiming.parse(response.serverTiming());
                    boolean hits = response.json().path("items").size() > 0;
                    byKind.get(kind).add(elapsed, timing, hits);
                    all.add(elapsed, timing, hits);
                    floor.add(floorElapsed);
                }
            }
            System.err.printf(
                    Locale.ROOT,
                    "[bench] search: function p50 %s ms p99 %s ms, engine p50 %s ms, minimal search p50 %s ms%n",
                    Samples.ms(all.function.p50()),
                    Samples.ms(all.function.p99()),
                    Samples.ms(all.calls.p50()),
                    Samples.ms(floor.p50()));

            // Where the engine's time goes: the API's query shape with parts left out, straight to the engine.
            Map<QueryAblation.Variant, Samples> ablation =
                    QueryAblation.run(engine, seeded.businessIds(), mode.searchQueries() / 4, random);

            // 3. Write to searchable.
            LagSamples lag =
                    writeToSearchable(system, api, engine, streamed.businessIds(), mode.searchLagOperations(), random);
            System.err.printf(
                    Locale.ROOT, "[bench] search: write-to-searchable p50 %s ms%n", Samples.ms(lag.total.p50()));

            // 4. The fan-out's copy lag with the indexer's pump paused and running.
            CopyLag copyLag = copyLag(system, api, dynamo, table, mode);
            System.err.printf(
                    Locale.ROOT,
                    "[bench] search: copy lag p50 %s ms with the indexer paused, %s ms running%n",
                    Samples.ms(copyLag.paused().p50()),
                    Samples.ms(copyLag.running().p50()));

            // 5. Size and memory.
            EngineCalls.IndexSize size = engine.indexSize();
            ProcessMemory.Snapshot memory = ProcessMemory.now();
            JsonNode settings = engine.settings();
            return new Result(
                    seeded,
                    seedSeconds,
                    streamSeconds,
                    bulkSeconds,
                    byKind,
                    all,
                    floor,
                    ablation,
                    lag,
                    copyLag,
                    size,
                    memory,
                    EngineCalls.setting(settings, "index.refresh_interval"),
                    EngineCalls.setting(settings, "index.search.idle.after"));
        }
    }

    private static void awaitLive(EngineCalls engine, long documents) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(20).toNanos();
        long live;
        while ((live = engine.liveDocuments()) < documents) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "only " + live + " of " + documents + " documents searchable after 20 minutes");
            }
            Thread.sleep(250);
        }
    }

    /** The text of a query of {@code kind}, without its type filter. */
    static String text(Kind kind, Random random) {
        String query = java.net.URLDecoder.decode(query(kind, random), StandardCharsets.UTF_8);
        int end = query.indexOf("&type=");
        return query.substring("q=".length(), end < 0 ? query.length() : end);
    }

    static String query(Kind kind, Random random) {
        String last = SearchSeed.pick(random, SearchSeed.LAST_NAMES);
        String text;
        String type = null;
        switch (kind) {
            case PREFIX -> text = last.substring(0, Math.min(4, last.length())).toLowerCase(Locale.ROOT);
            case TYPO -> {
                String longer = last.length() >= 5 ? last : "Johnson";
                int at = 1 + random.nextInt(longer.length() - 2);
                char[] letters = longer.toCharArray();
                char swap = letters[at];
                letters[at] = letters[at + 1];
                letters[at + 1] = swap;
                text = new String(letters);
            }
            case MULTI_WORD -> text = random.nextBoolean()
                    ? SearchSeed.pick(random, SearchSeed.FIRST_NAMES) + " " + last
                    : SearchSeed.pick(random, SearchSeed.PRODUCTS)[1].split(" ", 2)[0] + " "
                            + SearchSeed.pick(random, SearchSeed.PRODUCTS)[1].split(" ")[1];
            default -> {
                if (random.nextBoolean()) {
                    text = last;
                    type = "customer";
                } else {
                    String[] words = SearchSeed.pick(random, SearchSeed.PRODUCTS)[1].split(" ");
                    text = words[words.length - 1];
                    type = "order";
                }
            }
        }
        return "q=" + URLEncoder.encode(text, StandardCharsets.UTF_8) + (type == null ? "" : "&type=" + type);
    }

    private static LagSamples writeToSearchable(
            LocalSystem system,
            ApiClient api,
            EngineCalls engine,
            List<String> businessIds,
            int operations,
            Random random)
            throws InterruptedException {
        TimedInvoker invocations = system.indexerInvocations();
        LagSamples lag = new LagSamples();
        for (int i = 0; i < operations; i++) {
            // A random pause first, so writes fall anywhere in the pump's polling and the engine's refresh cycles.
            Thread.sleep(200 + random.nextInt(500));
            String business = SearchSeed.pick(random, businessIds);
            String name = uniqueName(random);
            invocations.mark(name);
            Instant wallStart = Instant.now();
            long start = System.nanoTime();
            String id = api.create(
                    "/businesses/" + business + "/customers", "{\"firstName\":\"Lag\",\"lastName\":\"" + name + "\"}");
            long written = System.nanoTime();
            long deadline = start + Duration.ofSeconds(60).toNanos();
            while (!engine.searchable(business, id, "lastName", name)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("customer " + id + " not searchable within 60 s");
                }
                Thread.sleep(5);
            }
            long found = System.nanoTime();
            // The invocation is recorded once it returns, which may be just after the search found the document.
            List<TimedInvoker.Invocation> marked = invocations.marked();
            while (marked.isEmpty()
                    && System.nanoTime() < found + Duration.ofSeconds(10).toNanos()) {
                Thread.sleep(2);
                marked = invocations.marked();
            }
            if (marked.isEmpty()) {
                throw new IllegalStateException("no recorded indexer invocation carried " + name);
            }
            TimedInvoker.Invocation invocation = marked.get(0);
            long invoked =
                    start + Duration.between(wallStart, invocation.start()).toNanos();
            long returned = invoked + invocation.took().toNanos();
            lag.total.add(found - start);
            lag.apiWrite.add(written - start);
            lag.toInvocation.add(invoked - written);
            lag.invocation.add(invocation.took().toNanos());
            lag.toSearchable.add(found - returned);
        }
        return lag;
    }

    /** Letters only, as a name; unique enough that a search for it finds this customer alone. */
    static String uniqueName(Random random) {
        StringBuilder name = new StringBuilder("Lag");
        for (int i = 0; i < 8; i++) {
            name.append((char) ('a' + random.nextInt(26)));
        }
        return name.toString();
    }

    private static CopyLag copyLag(LocalSystem system, ApiClient api, DynamoDbClient dynamo, String table, Mode mode)
            throws InterruptedException {
        StreamPump indexerPump = system.indexerPump();
        String business = api.create("/businesses", "{\"name\":\"Copy lag\"}");
        String store = api.create(
                "/businesses/" + business + "/stores",
                "{\"name\":\"Lag store\",\"address\":" + SeededData.ADDRESS + "}");
        Samples paused = new Samples();
        Samples running = new Samples();
        Samples ignoredWrites = new Samples();
        String run = Long.toString(System.currentTimeMillis(), 36);
        // One unmeasured operation, so the first phase does not pay for anything cold.
        StreamLagBench.once(api, dynamo, table, business, store, "warm-" + run, new Samples(), ignoredWrites);
        int op = 0;
        for (int round = 0; round < mode.copyLagRounds(); round++) {
            // ABBA: the phase that goes first alternates by round.
            boolean pausedFirst = round % 2 == 0;
            for (int phase = 0; phase < 2; phase++) {
                boolean pause = (phase == 0) == pausedFirst;
                if (pause) {
                    indexerPump.pause();
                    // Let the readers finish a batch in hand and settle into the paused loop.
                    Thread.sleep(600);
                } else {
                    indexerPump.resume();
                    // The records written while paused are indexed first, so the phase starts in the steady state.
                    if (!indexerPump.awaitCaughtUp(Duration.ofSeconds(60))) {
                        throw new IllegalStateException("the indexer did not catch up within 60 s");
                    }
                }
                for (int i = 0; i < mode.copyLagPerPhase(); i++) {
                    StreamLagBench.once(
                            api,
                            dynamo,
                            table,
                            business,
                            store,
                            "copy-" + run + "-" + op++,
                            pause ? paused : running,
                            ignoredWrites);
                }
            }
        }
        indexerPump.resume();
        return new CopyLag(paused, running, mode.copyLagRounds(), mode.copyLagPerPhase());
    }
}
