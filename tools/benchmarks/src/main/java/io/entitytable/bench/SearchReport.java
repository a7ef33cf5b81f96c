package io.entitytable.bench;

import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.pump.PumpOptions;
import io.entitytable.search.repair.ReindexSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The search part's tables and target lines. */
final class SearchReport {
    static final double FUNCTION_P50_MS = 10;
    static final double FUNCTION_P99_MS = 50;
    static final double LAG_P50_MS = 1500;
    static final double COPY_LAG_MAX_RATIO = 1.10;
    static final double REINDEX_MIN_PER_SECOND = 5000;

    private final Report report;

    SearchReport(Report report) {
        this.report = report;
    }

    void search(Report.Section section, SearchBench.Result result) {
        SearchBench.QuerySamples all = result.allQueries();
        report.target(
                "Search: function time ≤ " + Samples.ms(FUNCTION_P50_MS) + " ms p50",
                all.function.p50() <= FUNCTION_P50_MS,
                "%s ms (engine %s + own %s ms p50, Server-Timing over %d searches of %,d documents)",
                Samples.ms(all.function.p50()),
                Samples.ms(all.calls.p50()),
                Samples.ms(all.own.p50()),
                all.function.count(),
                result.seeded().documents());
        report.target(
                "Search: function time ≤ " + Samples.ms(FUNCTION_P99_MS) + " ms p99",
                all.function.p99() <= FUNCTION_P99_MS,
                Samples.ms(all.function.p99()) + " ms (engine p99 " + Samples.ms(all.calls.p99()) + " ms)");
        SearchBench.LagSamples lag = result.lag();
        report.target(
                "Search: write-to-searchable lag ≤ " + Samples.ms(LAG_P50_MS) + " ms p50 (locally)",
                lag.total.p50() <= LAG_P50_MS,
                "%s ms p50, %s ms p90 over %d writes; batching window %d s, refresh interval %s",
                Samples.ms(lag.total.p50()),
                Samples.ms(lag.total.percentileMillis(90)),
                lag.total.count(),
                StreamTrigger.SEARCH_INDEXER.maxBatchingWindowSeconds(),
                result.refreshInterval());
        SearchBench.CopyLag copy = result.copyLag();
        double ratio = copy.running().p50() / copy.paused().p50();
        report.target(
                "Search: relationship-copy lag with the indexer running within "
                        + Math.round((COPY_LAG_MAX_RATIO - 1) * 100) + " % of it paused (p50)",
                ratio <= COPY_LAG_MAX_RATIO,
                "%s (running %s ms vs paused %s ms p50, %d operations each)",
                Samples.exactRatio(ratio),
                Samples.ms(copy.running().p50()),
                Samples.ms(copy.paused().p50()),
                copy.running().count());

        section.line(
                "A local system of its own with search: the embedded OpenSearch node (`local-search`, a child JVM, heap"
                        + " 256 MB), the packaged search indexer and a second stream pump (`StreamTrigger.SEARCH_INDEXER`:"
                        + " batch %d, batching window %d s; the pump polls every %d ms, as Lambda polls a shard four"
                        + " times a second). The index runs with `index.refresh_interval` %s and"
                        + " `index.search.idle.after` %s.",
                StreamTrigger.SEARCH_INDEXER.batchSize(),
                StreamTrigger.SEARCH_INDEXER.maxBatchingWindowSeconds(),
                PumpOptions.DEFAULT.pollInterval().toMillis(),
                result.refreshInterval(),
                result.searchIdleAfter());
        section.line("");
        SearchSeed.Seeded seeded = result.seeded();
        section.line(
                "**Data:** %,d indexable core items (60 %% customers with a mailing address, 10 %% stores, 30 %% orders"
                        + " with 1-2 lines), %,d per business over %,d businesses. %,d of them (%,d table items with"
                        + " their businesses and order lines) were written into the table with BatchWriteItem (4"
                        + " writers) while the stream was on, so the packaged indexer indexed them through its real"
                        + " path (stream, pump, one bulk request per batch, one Query per order for its lines): written"
                        + " in %.0f s, all searchable %.0f s after the first write (%,.0f documents/s, beside the"
                        + " fan-out working through the same records, on this shared machine). The other %,d were"
                        + " built the same way (`SearchDocument.of` of each item's image and an order's lines) and"
                        + " bulk-indexed straight into the engine (alias, routing by business, external version, as"
                        + " the indexer writes them), %,d documents per request, in %.0f s: seeding them all through"
                        + " the local stream would take most of an hour here. Neither figure is the reindex target.",
                seeded.documents(),
                seeded.documents() / Math.max(1, seeded.businessIds().size()),
                seeded.businessIds().size(),
                seeded.throughStream(),
                seeded.tableItems(),
                result.seedSeconds(),
                result.streamSeconds(),
                seeded.throughStream() / result.streamSeconds(),
                seeded.direct(),
                seeded.documents() / Math.max(1, seeded.businessIds().size()),
                result.bulkSeconds());
        section.line("");

        section.line("### Search time (`GET /businesses/{id}/search`, random business each time)");
        section.line("");
        section.line("Through the front door with an operator's token, after warm-up, the kinds in turn. From the"
                + " function's `Server-Timing`: *function* = `app` (JAX-RS layer to the response written, the"
                + " engine's call included: the search as the function sees it, without the front door); *engine*"
                + " = `search` (the search-client call: building the request, HTTP to the engine, the engine's"
                + " work, parsing the hits); *own* = function − engine (validation, cursor, JSON); *outside* ="
                + " client − function (front door with its token check, Runtime API hop, Lambda HTTP bridge)."
                + " Times in ms. The search makes no DynamoDB call.");
        section.line("");
        List<List<String>> rows = new ArrayList<>();
        for (Map.Entry<SearchBench.Kind, SearchBench.QuerySamples> entry :
                result.queries().entrySet()) {
            rows.add(queryRow(entry.getKey().label + " (" + entry.getKey().example + ")", entry.getValue()));
        }
        rows.add(queryRow("**all**", all));
        section.table(
                List.of(
                        "kind",
                        "searches",
                        "with hits",
                        "function p50",
                        "function p99",
                        "engine p50",
                        "engine p99",
                        "own p50",
                        "own p99",
                        "outside p50",
                        "client p50"),
                rows);

        section.line(
                "For scale, measured right after each search, from the benchmark straight to the engine: the cheapest"
                        + " search of the same business (its filter alone, one hit, no scoring, no highlight) took p50"
                        + " %s ms, p99 %s ms; the API's engine call is %s of it at p50. The difference is the query"
                        + " itself: two `multi_match` over the 11 text fields (fuzzy words and prefixes) with"
                        + " highlighting on 22 fields (each by what matched it), and the hits' JSON.",
                Samples.ms(result.engineFloor().p50()),
                Samples.ms(result.engineFloor().p99()),
                Samples.ratio(all.calls.p50() / result.engineFloor().p50()));
        section.line("");
        Map<QueryAblation.Variant, Samples> ablation = result.ablation();
        double asTheApi = ablation.get(QueryAblation.Variant.AS_THE_API).p50();
        List<List<String>> ablationRows = new ArrayList<>();
        ablation.forEach((variant, samples) -> ablationRows.add(List.of(
                variant.label,
                Integer.toString(samples.count()),
                Samples.ms(samples.p50()),
                Samples.ms(samples.p99()),
                Samples.ratio(samples.p50() / asTheApi))));
        section.line("Where the engine's time goes: the API's query (as search-client's `TextSearch` builds it,"
                + " re-spelt in the benchmark for this diagnosis only) sent straight to the engine as it is and with"
                + " parts left out, the variants interleaved, random businesses and texts of the four kinds. Times"
                + " in ms.");
        section.line("");
        section.table(List.of("query", "searches", "p50", "p99", "p50 vs as the API"), ablationRows);
        section.line("### Write to searchable");
        section.line("");
        section.line(
                "Each write creates a customer with a new, unique last name through the API (after a random pause of"
                        + " 0.2-0.7 s, so writes fall anywhere in the pump's and the engine's cycles), then searches"
                        + " the engine every 5 ms for that id and name (a search, which sees only what a refresh has"
                        + " published, as the API's search does) until found. Split at the indexer's invocation that"
                        + " carried the record (the local runtime's `TimedInvoker`): *to invocation* = API response to"
                        + " the pump invoking the indexer (the record reaching the stream, the pump's next poll, the"
                        + " batching window of %d s); *invocation* = the indexer's round trip (Runtime API, bulk"
                        + " request); *to searchable* = its return to the search finding it (the engine's next"
                        + " refresh, at most %s apart). Times in ms.",
                StreamTrigger.SEARCH_INDEXER.maxBatchingWindowSeconds(), result.refreshInterval());
        section.line("");
        section.table(
                List.of("part", "p50", "p90", "max"),
                List.of(
                        lagRow("API write (POST customer)", lag.apiWrite),
                        lagRow("to invocation", lag.toInvocation),
                        lagRow("invocation", lag.invocation),
                        lagRow("to searchable", lag.toSearchable),
                        lagRow("**write to searchable**", lag.total)));
        section.line(
                "%d writes. On AWS the mapping's polling and Lambda's invoke path replace the pump's, and the"
                        + " collection's own refresh replaces the local engine's: OpenSearch Serverless takes no"
                        + " `_refresh` and manages its indexes' refresh itself, so the deployed lag is not this"
                        + " figure and has not been measured.",
                lag.total.count());
        section.line("");

        section.line("### Relationship-copy lag with and without the indexer");
        section.line("");
        section.line(
                "The stream lag operation of the lag part (tag a store through the API, poll the tag's copy until the"
                        + " fan-out has written it, untag, wait for the copy to go) in the same local system, in"
                        + " phases of %d operations with the indexer's pump paused (`StreamPump.pause()`: it reads"
                        + " nothing, the engine and the indexer idle) and running (resumed, and caught up with what"
                        + " was written while paused before the phase starts). %d rounds, the phase that goes first"
                        + " alternating (ABBA), after one unmeasured operation. Each tag is a MODIFY of the store,"
                        + " which the running indexer indexes as the fan-out copies it. Times in ms.",
                copy.perPhase(), copy.rounds());
        section.line("");
        section.table(
                List.of("indexer", "operations", "copy lag p50", "p90", "max", "mean"),
                List.of(
                        copyRow("paused", copy.paused()),
                        copyRow("running", copy.running()),
                        List.of("running / paused", "", Samples.ratio(ratio), "", "", "")));

        section.line("### Index size and memory");
        section.line("");
        EngineCalls.IndexSize size = result.size();
        ProcessMemory.Snapshot memory = result.memory();
        section.table(
                List.of("figure", "value"),
                List.of(
                        List.of(
                                "index store size (`_stats`, primaries, after a refresh)",
                                mib(size.storeBytes()) + " MiB for "
                                        + String.format(Locale.ROOT, "%,d", size.documents())
                                        + " documents (" + size.deleted() + " deleted, " + size.segments()
                                        + " segments)"),
                        List.of(
                                "per 1,000 documents",
                                String.format(
                                        Locale.ROOT,
                                        "%.0f KiB",
                                        size.documents() == 0
                                                ? Double.NaN
                                                : size.storeBytes() / 1024.0 * 1000 / size.documents())),
                        List.of(
                                "engine JVM resident memory (VmRSS)",
                                memory.engineBytes() < 0 ? "n/a" : mib(memory.engineBytes()) + " MiB"),
                        List.of(
                                "the rest of the local system",
                                mib(memory.selfBytes()) + " MiB in this JVM (the DynamoDB engine, front door, pumps,"
                                        + " benchmark) + " + mib(memory.otherChildrenBytes()) + " MiB in "
                                        + memory.otherChildren() + " function JVMs"),
                        List.of(
                                "engine's share of the local system's memory",
                                memory.engineBytes() < 0
                                        ? "n/a"
                                        : String.format(
                                                Locale.ROOT,
                                                "%.0f %%",
                                                100.0 * memory.engineBytes() / memory.totalBytes()))));
        section.line("Measured at the end of the part, after seeding, searches and lag runs. The store size depends"
                + " on merges (segments), so it moves between runs; it is the local engine's (Serverless stores and"
                + " bills its own way).");
    }

    void reindex(Report.Section section, ReindexBench.Result result) {
        ReindexBench.Run atDefault = result.runs().stream()
                .filter(run -> run.segments() == result.defaultSegments())
                .findFirst()
                .orElse(result.runs().get(result.runs().size() - 1));
        ReindexBench.Run best = result.runs().stream()
                .max(Comparator.comparingDouble(run -> run.reindex().itemsPerSecond()))
                .orElseThrow();
        report.target(
                "Search: reindex ≥ " + String.format(Locale.ROOT, "%,.0f", REINDEX_MIN_PER_SECOND) + " items/s",
                atDefault.reindex().itemsPerSecond() >= REINDEX_MIN_PER_SECOND,
                "%,.0f items scanned/s with %d segments, the command's default (%,d items, %,d documents in"
                        + " %.1f s, %,.0f documents/s); best %,.0f items/s with %d segments",
                atDefault.reindex().itemsPerSecond(),
                atDefault.segments(),
                atDefault.reindex().itemsScanned(),
                atDefault.reindex().written(),
                ReindexBench.seconds(atDefault.reindex().duration()),
                atDefault.documentsPerSecond(),
                best.reindex().itemsPerSecond(),
                best.segments());

        section.line(
                "search-repair's `Reindex.run` (the code of table-verify's `reindex` command) in this JVM,"
                        + " against the search part's engine after its other measurements. **Data:** a table of its own (`%s`, the"
                        + " project's layout, in the same local DynamoDB engine) with its stream off, seeded with BatchWriteItem"
                        + " (25 items a call, from a pool of writers) in %.0f s: %,d core items over %,d businesses"
                        + " (60 %% customers, 10 %% stores, 30 %% orders with 1-2 lines, built by the table model as in"
                        + " the search part) and their businesses, order lines and child counters, %,d table items in"
                        + " all. No pump reads that table, so nothing else runs during the reindex, and the index the"
                        + " searches used is left alone: the reindex writes an index family of its own (`%s`), without"
                        + " a settling wait (no indexer writes to it). The first run is a backfill (no alias yet: first"
                        + " index and alias created, filled in place), the later ones rebuilds (a new index, filled,"
                        + " the alias swapped, the old index deleted); either way each fills a new empty index."
                        + " *items/s* = items scanned (every item of the table: core items, lines, businesses,"
                        + " counters) / the run's duration; *documents/s* = documents written / duration."
                        + " *Raw bulk*: the same documents (built before, in memory) bulk-loaded into a new empty index"
                        + " as the reindex writes them (500 a bulk, id, routing by business, external version) from as"
                        + " many threads as segments, no Scan, index creation included. The two alternate which goes"
                        + " first. One run per row.",
                result.table(),
                result.seedSeconds(),
                result.coreItems(),
                result.businesses(),
                result.tableItems(),
                ReindexBench.NAMES.alias());
        section.line("");
        List<List<String>> rows = new ArrayList<>();
        for (ReindexBench.Run run : result.runs()) {
            ReindexSummary summary = run.reindex();
            rows.add(List.of(
                    Integer.toString(run.segments()),
                    summary.mode(),
                    String.format(Locale.ROOT, "%,d", summary.itemsScanned()),
                    String.format(Locale.ROOT, "%,d", summary.written()),
                    String.format(Locale.ROOT, "%.1f", ReindexBench.seconds(summary.duration())),
                    String.format(Locale.ROOT, "%,.0f", summary.itemsPerSecond()),
                    String.format(Locale.ROOT, "%,.0f", run.documentsPerSecond()),
                    String.format(Locale.ROOT, "%.1f", ReindexBench.seconds(run.raw())),
                    String.format(Locale.ROOT, "%,.0f", run.rawDocumentsPerSecond()),
                    Samples.ratio(run.documentsPerSecond() / run.rawDocumentsPerSecond()),
                    String.format(Locale.ROOT, "%,.0f", summary.consumedReadCapacityUnits()),
                    String.format(Locale.ROOT, "%d / %d", summary.conflicts(), summary.linesQueried()),
                    run.rawFirst() ? "raw" : "reindex"));
        }
        section.table(
                List.of(
                        "segments",
                        "mode",
                        "items scanned",
                        "documents written",
                        "reindex s",
                        "items/s",
                        "documents/s",
                        "raw bulk s",
                        "raw documents/s",
                        "reindex / raw (documents/s)",
                        "RCU",
                        "conflicts / orders' lines queried",
                        "first"),
                rows);
        section.line(
                "Target: ≥ %,.0f items a second, read here as items scanned per second with the command's default %d"
                        + " segments. The local DynamoDB engine serves the Scan in this JVM and shares the CPUs with the search"
                        + " engine, so the Scan's cost here is the local one: on DynamoDB a Scan page costs read capacity (the RCU"
                        + " column, as the local DynamoDB engine reports it) and parallel segments spread over partitions.",
                REINDEX_MIN_PER_SECOND, result.defaultSegments());
    }

    private static List<String> queryRow(String label, SearchBench.QuerySamples samples) {
        return List.of(
                label,
                Integer.toString(samples.function.count()),
                String.format(Locale.ROOT, "%.0f %%", 100.0 * samples.withHits / Math.max(1, samples.function.count())),
                Samples.ms(samples.function.p50()),
                Samples.ms(samples.function.p99()),
                Samples.ms(samples.calls.p50()),
                Samples.ms(samples.calls.p99()),
                Samples.ms(samples.own.p50()),
                Samples.ms(samples.own.p99()),
                Samples.ms(samples.outside.p50()),
                Samples.ms(samples.client.p50()));
    }

    private static List<String> lagRow(String label, Samples samples) {
        return List.of(
                label,
                Samples.ms(samples.p50()),
                Samples.ms(samples.percentileMillis(90)),
                Samples.ms(samples.percentileMillis(100)));
    }

    private static List<String> copyRow(String label, Samples samples) {
        return List.of(
                label,
                Integer.toString(samples.count()),
                Samples.ms(samples.p50()),
                Samples.ms(samples.percentileMillis(90)),
                Samples.ms(samples.percentileMillis(100)),
                Samples.ms(samples.meanMillis()));
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / 1024.0 / 1024.0);
    }
}
