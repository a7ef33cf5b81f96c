package io.entitytable.bench;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.LocalSystem;
import io.entitytable.model.BusinessShards;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Turns the results into the report's tables and target lines. */
final class ReportWriter {
    static final double FANOUT_MIN_SPEED = 0.8;
    static final double LINEARITY_MAX_DRIFT = 1.5;
    static final double START_MAX_RATIO = 1.5;
    static final long ZIP_MAX_BYTES = 20L * 1024 * 1024;
    static final double OWN_TIME_P50_MS = 1.0;
    static final double OWN_TIME_P99_MS = 5.0;

    private final Report report;

    ReportWriter(Report report) {
        this.report = report;
    }

    void reads(
            Report.Section section,
            List<ReadPatternsBench.Result> results,
            Samples hop,
            SeededData data,
            BusinessShards shards) {
        section.line(
                "Data: 1 business (%d shards, as its item says: the raw side of patterns 2-4, 9, 12 and 13 reads its"
                        + " partitions), %d customers, %d stores, %d orders (2 lines each), links and tags, created"
                        + " through the API and fanned out by the pump. %d measured requests per side and pattern after"
                        + " warm-up, API and raw interleaved one by one. Times in ms.",
                shards.count().count(),
                data.customerIds().size(),
                data.storeIds().size(),
                data.orders(),
                results.isEmpty() ? 0 : results.get(0).api().count());
        section.line("");
        section.line(
                """
                **What the API time includes:** the HTTP front door (Quarkus's mock API Gateway: the bearer \
                token's ES256 check, as the JWT authorizer's, and HTTP to an API Gateway v2 event), the local Runtime API hop to the packaged function's JVM (AWS runtime client), \
                the function (JAX-RS, validation, cursor signing, JSON) and its DynamoDB call(s) to the same \
                local DynamoDB engine, and the way back. Every API request asks for consumed capacity \
                (`Return-Consumed-Capacity: TOTAL`) and the function answers with a `Server-Timing` header: \
                *function* = its time from the JAX-RS layer's first filter to the response's headers being written \
                (JSON serialized), *DynamoDB* = the wall time during which at least one of its DynamoDB calls was \
                outstanding (whole SDK calls; parallel Queries count once), *own* = function − DynamoDB, per \
                request, percentiles over requests; *outside* = the client's time − function, per request: front \
                door, Runtime API hop (bare handler `ping` p50 %s ms) and the Lambda HTTP bridge's event↔request \
                conversion inside the function's JVM, which the header does not cover. Requests and RCU: the \
                function's (from its header, as the local DynamoDB engine reports capacity) / the raw call's \
                (ReturnConsumedCapacity.TOTAL); the raw side may make slightly different calls (see `RawCalls`)."""
                        .formatted(Samples.ms(hop.p50())));
        section.line("");
        List<List<String>> rows = new ArrayList<>();
        ReadPatternsBench.Result worstP50 = null;
        ReadPatternsBench.Result worstP99 = null;
        List<Integer> varied = new ArrayList<>();
        for (ReadPatternsBench.Result r : results) {
            if (worstP50 == null || r.own().p50() > worstP50.own().p50()) {
                worstP50 = r;
            }
            if (worstP99 == null || r.own().p99() > worstP99.own().p99()) {
                worstP99 = r;
            }
            if (r.functionCostVaried()) {
                varied.add(r.pattern().number());
            }
            rows.add(List.of(
                    Integer.toString(r.pattern().number()),
                    r.pattern().name(),
                    Samples.ms(r.api().p50()),
                    Samples.ms(r.api().p99()),
                    Samples.ms(r.raw().p50()),
                    Samples.ms(r.raw().p99()),
                    Samples.ratio(r.ratioP50()),
                    Samples.ms(r.overheadP50()),
                    Samples.ms(r.function().p50()),
                    Samples.ms(r.functionDb().p50()),
                    Samples.ms(r.own().p50()),
                    Samples.ms(r.own().p99()),
                    Samples.ms(r.outside().p50()),
                    r.functionCost().requests() + " / " + r.cost().requests(),
                    units(r.functionCost().readUnits()) + " / " + units(r.cost().readUnits()),
                    Integer.toString(r.cost().items())));
        }
        section.table(
                List.of(
                        "#",
                        "pattern",
                        "API p50",
                        "API p99",
                        "raw p50",
                        "raw p99",
                        "API/raw p50",
                        "API − raw p50",
                        "function p50",
                        "function DynamoDB p50",
                        "own p50",
                        "own p99",
                        "outside p50",
                        "requests function / raw",
                        "RCU function / raw",
                        "raw items"),
                rows);
        if (!varied.isEmpty()) {
            section.line("The function's request count or RCU varied between measured requests for pattern(s) " + varied
                    + "; the table shows the last request's.");
            section.line("");
        }
        if (worstP50 != null) {
            ReadPatternsBench.Result p50 = worstP50;
            ReadPatternsBench.Result p99 = worstP99;
            report.target(
                    "Read patterns: function's own time ≤ " + Samples.ms(OWN_TIME_P50_MS) + " ms p50",
                    p50.own().p50() <= OWN_TIME_P50_MS,
                    "worst: pattern %d at %s ms (function %s − DynamoDB %s ms p50, from Server-Timing over %d"
                            + " requests)",
                    p50.pattern().number(),
                    Samples.ms(p50.own().p50()),
                    Samples.ms(p50.function().p50()),
                    Samples.ms(p50.functionDb().p50()),
                    p50.own().count());
            report.target(
                    "Read patterns: function's own time ≤ " + Samples.ms(OWN_TIME_P99_MS) + " ms p99",
                    p99.own().p99() <= OWN_TIME_P99_MS,
                    "worst: pattern %d at %s ms (p99 of function − DynamoDB per request, over %d requests)",
                    p99.pattern().number(),
                    Samples.ms(p99.own().p99()),
                    p99.own().count());
        }
    }

    void shards(Report.Section section, ShardListBench.Result result) {
        ShardListBench.Side one = result.one();
        ShardListBench.Side four = result.four();
        section.line(
                "Data: two businesses in a table of their own (the same local DynamoDB engine, stream off), each with the same"
                        + " %d customers (the same names, ids of their own, a home address), written with"
                        + " BatchWriteItem as the table model lays them out: one with a new business's count"
                        + " (`ShardCount.first()`: 1 shard, every customer in shard 0), one of the old fixed layout"
                        + " (`ShardCount.legacy()`: 4 shards, each customer in shard hash(id) mod 4), the layout of"
                        + " every business that stores no count. The read: every customer by name (pattern 3 without a prefix), pages"
                        + " of %d (the API's default) from the first to the last, each page as the API's merged read"
                        + " makes it (`RawCalls.merged`): one Query of businessGsi per shard not yet finished, in"
                        + " parallel (the last on the calling thread), each for %d items from where the previous page"
                        + " left that shard, merged by name (`PartitionMerge`); cursor signing and JSON left out."
                        + " Every page of the two businesses was checked to hold the same customers in the same"
                        + " order. %d walks of the whole list measured after %d unmeasured, the two businesses'"
                        + " pages interleaved one by one, which goes first alternating. RCU as the local DynamoDB"
                        + " engine reports them (ReturnConsumedCapacity.TOTAL, eventually consistent as the API's lists);"
                        + " items read = what the Queries returned. Times in ms.",
                result.customers(), result.pageSize(), result.pageSize() + 1, result.walks(), result.warmupWalks());
        section.line("");
        List<List<String>> rows = new ArrayList<>();
        for (ShardListBench.Side side : List.of(one, four)) {
            rows.add(List.of(
                    side.label(),
                    Integer.toString(side.shards()),
                    Integer.toString(side.pagesPerWalk()),
                    Integer.toString(side.firstPage().requests()),
                    String.format(Locale.ROOT, "%.2f", side.queriesPerPage()),
                    Integer.toString(side.firstPage().items()),
                    String.format(Locale.ROOT, "%.1f", side.itemsReadPerPage()),
                    units(side.firstPage().readUnits()),
                    String.format(Locale.ROOT, "%.2f", side.readUnitsPerPage()),
                    Samples.ms(side.firstPages().p50()),
                    Samples.ms(side.pages().p50()),
                    Samples.ms(side.pages().p99())));
        }
        rows.add(List.of(
                "**four / one**",
                "",
                "",
                Samples.ratio(
                        (double) four.firstPage().requests() / one.firstPage().requests()),
                Samples.ratio(four.queriesPerPage() / one.queriesPerPage()),
                Samples.ratio(
                        (double) four.firstPage().items() / one.firstPage().items()),
                Samples.ratio(four.itemsReadPerPage() / one.itemsReadPerPage()),
                Samples.ratio(four.firstPage().readUnits() / one.firstPage().readUnits()),
                Samples.ratio(four.readUnitsPerPage() / one.readUnitsPerPage()),
                Samples.ratio(four.firstPages().p50() / one.firstPages().p50()),
                Samples.ratio(four.pages().p50() / one.pages().p50()),
                Samples.ratio(four.pages().p99() / one.pages().p99())));
        section.table(
                List.of(
                        "business",
                        "shards",
                        "pages per walk",
                        "Queries, first page",
                        "Queries per page",
                        "items read, first page",
                        "items read per page",
                        "RCU, first page",
                        "RCU per page",
                        "first page p50",
                        "page p50",
                        "page p99"),
                rows);
        section.line(
                "Per page, over %d measured pages each: the four-shard business's page made %.2fx the Queries, read"
                        + " %.2fx the items and %.2fx the RCU of the one-shard business's page, and took %s (p50) and %s"
                        + " (p99) its time, for the same customers on every page.",
                one.pagesRead(),
                four.queriesPerPage() / one.queriesPerPage(),
                four.itemsReadPerPage() / one.itemsReadPerPage(),
                four.readUnitsPerPage() / one.readUnitsPerPage(),
                Samples.ratio(four.pages().p50() / one.pages().p50()),
                Samples.ratio(four.pages().p99() / one.pages().p99()));
    }

    private static String units(double units) {
        return Double.isNaN(units) ? "n/a" : String.format(Locale.ROOT, "%.1f", units);
    }

    void fanout(Report.Section section, List<FanoutBench.Result> results) {
        section.line(
                """
                A store with k linked customers has k copies (`customer#C / store#S`). One MODIFY of the store (new \
                address, version + 1) is processed by `StreamFanout.process` (plain Java, in this JVM, default \
                settings: %s concurrent writes), which finds the copies (one sourceGsi page per 1 MB + the `store#S` \
                partition) and refreshes each with a conditional PutItem. The baseline writes the same k copy items \
                with the same condition (`attribute_exists(sourceVersion) AND sourceVersion < :v`) from a pool of \
                the same size, against the same local DynamoDB engine: a fresh in-memory one for each k, in this JVM (so that what \
                an earlier k left cannot weigh on the next). Rounds alternate which goes first; one warm-up round each for k < \
                1000 (none for larger k, whose runs follow the smaller ones in this JVM). Times in ms. WCU as \
                the local DynamoDB engine reports them (ReturnConsumedCapacity.TOTAL); the fan-out's own count of puts is \
                checked to equal k every round."""
                        .formatted(io.entitytable.fanout.table.FanoutConfig.DEFAULT_MAX_CONCURRENT_WRITES));
        section.line("");
        List<List<String>> rows = new ArrayList<>();
        FanoutBench.Result hundred = null;
        for (FanoutBench.Result r : results) {
            if (r.copies() == 100) {
                hundred = r;
            }
            rows.add(List.of(
                    Integer.toString(r.copies()),
                    Integer.toString(r.fanout().count()),
                    Samples.ms(r.fanout().p50()),
                    Samples.ms(r.fanout().percentileMillis(100)),
                    Samples.ms(r.raw().p50()),
                    Samples.ms(r.raw().percentileMillis(100)),
                    Samples.ratio(r.speedRatio()),
                    String.format(Locale.ROOT, "%.0f", r.fanoutMicrosPerCopy()),
                    String.format(Locale.ROOT, "%.0f", r.raw().p50() * 1000 / r.copies()),
                    String.format(Locale.ROOT, "%.2f", r.fanoutWcuPerCopy()),
                    String.format(Locale.ROOT, "%.2f", r.rawWcuPerCopy())));
        }
        section.table(
                List.of(
                        "k",
                        "rounds",
                        "fan-out p50",
                        "fan-out max",
                        "raw p50",
                        "raw max",
                        "speed raw/fan-out",
                        "fan-out µs/copy",
                        "raw µs/copy",
                        "WCU/copy fan-out",
                        "WCU/copy raw"),
                rows);
        section.line("Write amplification: each copy costs 1 WCU for the item plus 1 for its sourceGsi entry (items"
                + " under 1 KB); the fan-out adds 2 Queries per change (their RCU are not in the WCU column).");
        for (FanoutBench.Result r : results) {
            if (r.copies() >= 100) {
                report.target(
                        "Fan-out k = " + r.copies() + ": ≥ " + FANOUT_MIN_SPEED + "x raw parallel writes",
                        r.speedRatio() >= FANOUT_MIN_SPEED,
                        "%s (fan-out p50 %s ms vs raw p50 %s ms)",
                        Samples.exactRatio(r.speedRatio()),
                        Samples.ms(r.fanout().p50()),
                        Samples.ms(r.raw().p50()));
            }
        }
        FanoutBench.Result worst = null;
        for (FanoutBench.Result r : results) {
            if (r.copies() > 100 && (worst == null || r.fanoutMicrosPerCopy() > worst.fanoutMicrosPerCopy())) {
                worst = r;
            }
        }
        if (hundred != null && worst != null) {
            double drift = worst.fanoutMicrosPerCopy() / hundred.fanoutMicrosPerCopy();
            report.target(
                    "Fan-out linear in k (time per copy at every k > 100 within " + LINEARITY_MAX_DRIFT
                            + "x of k = 100's)",
                    drift <= LINEARITY_MAX_DRIFT,
                    "worst: k = %d at %s of k = 100's time per copy (%.0f vs %.0f µs)",
                    worst.copies(),
                    Samples.exactRatio(drift),
                    worst.fanoutMicrosPerCopy(),
                    hundred.fanoutMicrosPerCopy());
        }
    }

    void startup(
            Report.Section section,
            Map<FunctionDefinition, StartupBench.FunctionStarts> starts,
            Samples hop,
            LocalSystem system) {
        StartupBench.Start bare = starts.get(BarePackage.DEFINITION).best();
        section.line("Each function is started cold, one at a time, from its zip in a fresh task root, by a child JVM"
                + " running AWS's runtime interface client (the local runtime's `PackagedFunction`: Java "
                + System.getProperty("java.version") + ", `-XX:TieredStopAtLevel=1`, `-Xmx` 85 % of the memory"
                + " size, the serial collector below 1,792 MB as on Lambda). *init* = JVM start to the runtime client's first poll (Lambda's Init Duration); *first"
                + " invocation* = the first event's round trip (API: `events/api/businesses-id-get.json`, a GetItem;"
                + " fan-out: `events/stream/customer-created-with-stores-and-tags.json`; bare: one DescribeTable)."
                + " The bare handler is `io.entitytable.bench.bare.BareHandler` (builds a DynamoDbClient with the"
                + " url-connection HTTP client, answers), zipped at run time in the same layout. Best of "
                + starts.values().iterator().next().starts().size()
                + " start(s) each (by init + first invocation; noise only adds time); times in ms; sizes in MiB"
                + " (target 20 MB read as 20 MiB).");
        section.line("");
        List<List<String>> rows = new ArrayList<>();
        for (StartupBench.FunctionStarts function : starts.values()) {
            StartupBench.Start best = function.best();
            long size = size(function);
            boolean isBare = function.definition().equals(BarePackage.DEFINITION);
            rows.add(List.of(
                    function.definition().name(),
                    isBare ? "(generated)" : "`" + function.definition().zipPath() + "`",
                    String.format(Locale.ROOT, "%.1f", size / 1024.0 / 1024.0),
                    Samples.ms(best.unzipMs()),
                    Samples.ms(best.initMs()),
                    Samples.ms(best.firstInvokeMs()),
                    Samples.ms(best.totalMs()),
                    isBare ? "1.00x" : Samples.ratio(best.totalMs() / bare.totalMs()),
                    isBare ? "1.00x" : Samples.ratio(best.initMs() / bare.initMs())));
            if (!isBare) {
                report.target(
                        function.definition().name() + " function.zip ≤ 20 MB",
                        size <= ZIP_MAX_BYTES,
                        "%.1f MiB = %,d bytes",
                        size / 1024.0 / 1024.0,
                        size);
                report.target(
                        function.definition().name() + " start ≤ " + START_MAX_RATIO + "x the bare handler",
                        best.totalMs() / bare.totalMs() <= START_MAX_RATIO,
                        "%s: %s ms (init %s + first invocation %s) vs bare %s ms (init %s + %s)",
                        Samples.exactRatio(best.totalMs() / bare.totalMs()),
                        Samples.ms(best.totalMs()),
                        Samples.ms(best.initMs()),
                        Samples.ms(best.firstInvokeMs()),
                        Samples.ms(bare.totalMs()),
                        Samples.ms(bare.initMs()),
                        Samples.ms(bare.firstInvokeMs()));
            }
        }
        section.table(
                List.of(
                        "function",
                        "package",
                        "zip MiB",
                        "unzip",
                        "init",
                        "first invocation",
                        "init + first",
                        "vs bare (init + first)",
                        "vs bare (init)"),
                rows);
        section.line(
                "For reference, the local system's own start (both functions and the DynamoDB engine started at the same"
                        + " time, competing for the CPUs): API init %s ms, fan-out init %s ms, total %s ms. Runtime"
                        + " API hop of a warm bare handler (`ping`, no DynamoDB call): p50 %s ms, p99 %s ms over %d"
                        + " invocations.",
                Samples.ms(system.api().initTime().toNanos() / 1e6),
                system.fanout() == null
                        ? "n/a"
                        : Samples.ms(system.fanout().initTime().toNanos() / 1e6),
                Samples.ms(system.startupReport().total().toNanos() / 1e6),
                Samples.ms(hop.p50()),
                Samples.ms(hop.p99()),
                hop.count());
    }

    /** A create with an Idempotency-Key against one without: the function's own time, its DynamoDB calls and WCU. */
    void idempotentCreates(Report.Section section, IdempotentCreateBench.Result result) {
        section.line("");
        section.line("**Creates with an Idempotency-Key.** " + result.with().own.count() + " store creates without a"
                + " key and as many with a fresh one, interleaved one by one under one business. With a key the"
                + " function puts the key's record in the create's one TransactWriteItems and reads nothing more;"
                + " *own* is the function's time minus its DynamoDB time.");
        section.line("");
        section.table(
                List.of("create", "own p50", "own p99", "function p50", "DynamoDB p50", "DynamoDB calls", "WCU"),
                List.of(
                        createRow("without a key", result.without(), result.callsWithout(), result.wcuWithout()),
                        createRow("with a key", result.with(), result.callsWith(), result.wcuWith())));
        double ratio = result.ownRatio();
        report.target(
                "A create with an Idempotency-Key: the function's own time at most 1.2x a create without (p50), one"
                        + " transaction either way",
                ratio <= 1.2 && result.callsWith() == result.callsWithout(),
                "%.2fx; %d DynamoDB calls with a key, %d without",
                ratio,
                result.callsWith(),
                result.callsWithout());
    }

    private static List<String> createRow(String name, ApiTimings timings, int calls, double wcu) {
        return List.of(
                name,
                Samples.ms(timings.own.p50()),
                Samples.ms(timings.own.p99()),
                Samples.ms(timings.function.p50()),
                Samples.ms(timings.calls.p50()),
                Integer.toString(calls),
                String.format(Locale.ROOT, "%.1f", wcu));
    }

    /** The archived read's bound: p50 within this multiple of the live read's, on the local system. */
    static final double ARCHIVED_READ_MAX_RATIO = 3.0;

    void archive(Report.Section section, ArchiveReadBench.Result result) {
        section.line(
                "Data: one business keeping finished orders %s (the local system's shortest retention), three customers"
                        + " with %d orders of %d lines each. All of one customer's orders and the older half of another's"
                        + " were delivered; the archive job (every 2 s) moved those %d, all answered as archived %.1f s"
                        + " after the last delivery (polled, no fixed wait). The system runs with its archive on"
                        + " (`LocalOptions.withArchive`): its lists continue into the archive, so every page below,"
                        + " the all-live one too, makes one LIST of the customer's archive listing besides its Query."
                        + " %d rounds measured after %d unmeasured; each round makes every request below once, in an"
                        + " order that rotates from round to round. Load average %s before the measured rounds, %s"
                        + " after. Times in ms.",
                ArchiveReadBench.RETENTION,
                ArchiveReadBench.PAGE,
                ArchiveReadBench.LINES,
                result.moved(),
                result.archivedAfter().toMillis() / 1000.0,
                result.liveOrder().timings().client.count(),
                result.warmup(),
                result.loadBefore(),
                result.loadAfter());
        section.line("");
        section.line(
                """
                *client* = the request through the front door as the benchmark's client times it; *function* = \
                Server-Timing `app`; *DynamoDB* = its `db` (calls from `count`); *function − DynamoDB* = the \
                function's own time plus, on an archived read, its S3 calls, which Server-Timing does not time \
                apart; *outside* = client − function (front door, Runtime API hop, Lambda bridge). An order by id \
                that the table's consistent Query does not find is read from the archive with one S3 GET; a page \
                GETs each archived order it holds, 16 at a time.""");
        section.line("");
        List<List<String>> rows = new ArrayList<>();
        for (ArchiveReadBench.Read read : result.reads()) {
            ApiTimings t = read.timings();
            rows.add(List.of(
                    read.name(),
                    Integer.toString(read.archived()),
                    Samples.ms(t.client.p50()),
                    Samples.ms(t.client.percentileMillis(95)),
                    Samples.ms(t.client.p99()),
                    Samples.ms(t.function.p50()),
                    Samples.ms(t.calls.p50()),
                    Samples.ms(t.own.p50()),
                    Samples.ms(t.own.percentileMillis(95)),
                    Samples.ms(t.outside.p50()),
                    Integer.toString(read.calls())));
        }
        section.table(
                List.of(
                        "read",
                        "archived orders in the answer",
                        "client p50",
                        "client p95",
                        "client p99",
                        "function p50",
                        "DynamoDB p50",
                        "function − DynamoDB p50",
                        "function − DynamoDB p95",
                        "outside p50",
                        "DynamoDB calls"),
                rows);
        ApiTimings live = result.liveOrder().timings();
        ApiTimings archived = result.archivedOrder().timings();
        ApiTimings livePage = result.livePage().timings();
        section.table(
                List.of("archived / live", "client p50", "client p95", "function p50", "function − DynamoDB p50"),
                List.of(
                        ratioRow("order by id: archived / live", archived, live),
                        ratioRow(
                                "first page: continuing into the archive / all live",
                                result.mixedPage().timings(),
                                livePage),
                        ratioRow(
                                "first page: all archived / all live",
                                result.archivedPage().timings(),
                                livePage)));
        section.line(
                "The same calls straight from the benchmark's JVM, in the same rounds: the live read's consistent Query"
                        + " of the order's partition p50 %s ms (p95 %s); the archived read's S3 GET of the order,"
                        + " parsed (`OrderArchive.find`, the SDK's url-connection client, as the function's), p50 %s ms"
                        + " (p95 %s). Archived − live order by id at the p50: client %s ms, function %s ms.",
                Samples.ms(result.rawQuery().p50()),
                Samples.ms(result.rawQuery().percentileMillis(95)),
                Samples.ms(result.rawGet().p50()),
                Samples.ms(result.rawGet().percentileMillis(95)),
                Samples.ms(archived.client.p50() - live.client.p50()),
                Samples.ms(archived.function.p50() - live.function.p50()));
        double p50 = archived.client.p50() / live.client.p50();
        double p95 = archived.client.percentileMillis(95) / live.client.percentileMillis(95);
        report.target(
                "Archived order by id (`GET /orders/{id}`): client p50 ≤ 3x a live order's of as many lines, locally",
                p50 <= ARCHIVED_READ_MAX_RATIO,
                "%s: %s vs %s ms; p95 %s: %s vs %s ms, over %d of each",
                Samples.exactRatio(p50),
                Samples.ms(archived.client.p50()),
                Samples.ms(live.client.p50()),
                Samples.exactRatio(p95),
                Samples.ms(archived.client.percentileMillis(95)),
                Samples.ms(live.client.percentileMillis(95)),
                live.client.count());
    }

    private static List<String> ratioRow(String name, ApiTimings archived, ApiTimings live) {
        return List.of(
                name,
                Samples.ratio(archived.client.p50() / live.client.p50()),
                Samples.ratio(archived.client.percentileMillis(95) / live.client.percentileMillis(95)),
                Samples.ratio(archived.function.p50() / live.function.p50()),
                Samples.ratio(archived.own.p50() / live.own.p50()));
    }

    void lag(Report.Section section, StreamLagBench.Result result) {
        section.line("Each operation puts a new tag on a store through the API and polls the tag's copy with a"
                + " strongly consistent GetItem every 2 ms until the packaged fan-out (fed by the local pump, which"
                + " polls the stream every 250 ms and, like the deployed event source mapping, waits up to the"
                + " maximum batching window of "
                + io.entitytable.deployment.StreamTrigger.DEFAULT.maxBatchingWindowSeconds()
                + " s to fill a batch) has written it; then untags and waits for the copy to go before the"
                + " next operation. The lag is measured from sending the PUT. On AWS the event source mapping's"
                + " polling, batching window and Lambda's invoke path take the pump's place, so this figure is the"
                + " local system's, not a prediction of AWS's.");
        section.line("");
        section.table(
                List.of("operations", "lag p50", "lag p99", "lag max", "API PUT p50", "API PUT p99"),
                List.of(List.of(
                        Integer.toString(result.lag().count()),
                        Samples.ms(result.lag().p50()),
                        Samples.ms(result.lag().p99()),
                        Samples.ms(result.lag().percentileMillis(100)),
                        Samples.ms(result.apiWrite().p50()),
                        Samples.ms(result.apiWrite().p99()))));
    }

    private static long size(StartupBench.FunctionStarts function) {
        try {
            return Files.size(function.zip());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
