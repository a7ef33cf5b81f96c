package io.entitytable.bench;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.LocalOptions;
import io.entitytable.local.LocalSystem;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.local.logs.LocalLogging;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.TableLayout;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code java -jar tools/benchmarks/target/benchmarks.jar [--quick] [--only reads,shards,fanout,startup,lag,archive,freshness,search] [--out
 * report.md]}: starts the local system (in memory, free ports), runs every benchmark side by side with its
 * raw-DynamoDB baseline, prints the Markdown report on stdout and, with {@code --out}, writes it to a file. Progress
 * goes to stderr, the functions' logs to a file in the work folder. {@code --only} runs only the named parts (the local
 * system still starts, so they run under the same conditions as in a full run); the others say "Not run". The archive
 * part runs on a local system of its own with the archive on, after the others, so that its S3 server and archive job
 * never run beside them and their lists read the table alone. The search part runs last, on a local system of its own
 * with the search engine and indexer, so the others run without them.
 */
public final class BenchmarkMain {
    /** A business's share of a second that no local run reaches. */
    private static final int UNREFUSED = 1_000_000;

    /** The report's parts, as {@code --only} names them. */
    enum Part {
        READS,
        SHARDS,
        FANOUT,
        STARTUP,
        LAG,
        ARCHIVE,
        FRESHNESS,
        SEARCH;

        String option() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private BenchmarkMain() {}

    public static void main(String[] args) throws IOException {
        LocalLogging.install();
        Mode mode = Mode.FULL;
        Path out = null;
        Set<Part> parts = EnumSet.allOf(Part.class);
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> mode = Mode.QUICK;
                case "--out" -> {
                    out = i + 1 < args.length ? Path.of(args[++i]) : null;
                    // Checked now, not after a run of up to an hour that would then have nowhere to go.
                    if (out == null || !Files.isDirectory(out.toAbsolutePath().getParent())) {
                        System.err.println("--out needs a file in a folder that exists");
                        usage();
                    }
                }
                case "--only" -> parts = i + 1 < args.length ? parts(args[++i]) : null;
                default -> parts = null;
            }
            if (parts == null || parts.isEmpty()) {
                usage();
            }
        }
        // The engines and the event servers may print to stdout, which is reserved for the report.
        PrintStream stdout = System.out;
        System.setOut(System.err);
        // The benchmark drives one business faster than a business's share: every request still pays its charge on
        // the business's rate item, as deployed, but none is refused (the local system reads this at start).
        System.setProperty(FunctionEnvironment.RATE_LIMIT_PER_BUSINESS_PROPERTY, Integer.toString(UNREFUSED));
        String report = run(mode, parts);
        stdout.println(report);
        stdout.flush();
        if (out != null) {
            Files.writeString(out, report, StandardCharsets.UTF_8);
            System.err.println("[bench] report written to " + out.toAbsolutePath());
        }
        // The SDK's and the event servers' non-daemon threads must not keep the JVM alive.
        System.exit(0);
    }

    private static void usage() {
        System.err.println("usage: java -jar tools/benchmarks/target/benchmarks.jar [--quick]"
                + " [--only reads,shards,fanout,startup,lag,archive,freshness,search]"
                + " [--out report.md]");
        System.exit(2);
    }

    /** The parts a comma-separated {@code --only} list names, or null when it names something else. */
    private static Set<Part> parts(String list) {
        Set<Part> parts = EnumSet.noneOf(Part.class);
        for (String name : list.split(",")) {
            Part part = Arrays.stream(Part.values())
                    .filter(candidate -> candidate.option().equals(name.trim()))
                    .findFirst()
                    .orElse(null);
            if (part == null) {
                return null;
            }
            parts.add(part);
        }
        return parts;
    }

    static String run(Mode mode, Set<Part> parts) throws IOException {
        long begin = System.nanoTime();
        Path root = RepositoryRoot.find();
        for (FunctionDefinition function : List.of(FunctionDefinition.API, FunctionDefinition.STREAM_FANOUT)) {
            if (!Files.isRegularFile(root.resolve(function.zipPath()))) {
                throw new IllegalStateException(
                        "No " + function.zipPath() + " under " + root + "; build first: mvn -B -q package -DskipTests");
            }
        }
        Path work = Files.createTempDirectory("entity-table-bench-");
        Path logFile = work.resolve("functions.log");
        System.err.println("[bench] mode " + mode.name() + "; work folder " + work + "; function logs in " + logFile);
        String table = TableLayout.ENTITY.defaultTableName();
        LocalOptions options = inMemory(root, work.resolve("data"), table);

        Report report = new Report();
        LocalSections local = LocalSections.of(report);
        Report.Section archive =
                report.section("Archived orders (a read of an archived order vs the same read of a live one)");
        Report.Section freshness =
                report.section("Freshness (a client's write to the reads that depend on the stream)");
        Report.Section search = report.section("Search (embedded OpenSearch, the indexer through the stream)");
        Report.Section reindex = report.section("Reindex");

        ExecutorService pool = Executors.newFixedThreadPool(32);
        try (PrintStream console =
                new PrintStream(new FileOutputStream(logFile.toFile()), true, StandardCharsets.UTF_8)) {
            if (!EnumSet.of(Part.SEARCH, Part.FRESHNESS, Part.ARCHIVE).containsAll(parts)) {
                runParts(mode, parts, options, console, pool, work, root, table, report, local);
            } else {
                local.leftOut(parts);
            }
            if (parts.contains(Part.ARCHIVE)) {
                new ReportWriter(report).archive(archive, archived(mode, root, work, table, console, pool));
            } else {
                archive.line(notRun(parts));
            }
            if (parts.contains(Part.FRESHNESS)) {
                FreshnessReport.write(report, freshness, freshness(mode, root, work, table, console));
            } else {
                freshness.line(notRun(parts));
            }
            SearchReport searchReport = new SearchReport(report);
            if (parts.contains(Part.SEARCH)) {
                // A system of its own: the engine and the indexer's pump would otherwise run beside the other parts.
                LocalOptions searchOptions =
                        inMemory(root, work.resolve("search-data"), table).withSearch(0);
                try (LocalSystem system = LocalSystem.start(searchOptions, console)) {
                    Runtime.getRuntime().addShutdownHook(new Thread(system::close, "bench-search-shutdown"));
                    System.err.println("[bench] search system up: API on :" + system.apiPort() + ", engine at "
                            + (system.searchEngine() == null
                                    ? "n/a"
                                    : system.searchEngine().endpoint()));
                    searchReport.search(search, SearchBench.run(system, mode, pool));
                    // Last, so that its load does not touch the search measurements.
                    searchReport.reindex(reindex, ReindexBench.run(system, mode, pool));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            } else {
                search.line(notRun(parts));
                reindex.line(notRun(parts));
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - begin) / 1e9;
        return report.render(MachineInfo.heading(mode, seconds));
    }

    /**
     * The freshness part on two systems of its own with search, started together and sampled in turns: one with the
     * deployed fan-out trigger, one with the trigger it replaced (a batching window of {@link #WINDOW_BEFORE} s).
     */
    private static FreshnessBench.Result freshness(Mode mode, Path root, Path work, String table, PrintStream console) {
        List<FreshnessBench.Variant> variants = new ArrayList<>();
        List<LocalSystem> systems = new ArrayList<>();
        try {
            Map<String, StreamTrigger> triggers = new LinkedHashMap<>();
            triggers.put("deployed", StreamTrigger.DEFAULT);
            triggers.put("before", StreamTrigger.DEFAULT.withMaxBatchingWindowSeconds(WINDOW_BEFORE));
            for (Map.Entry<String, StreamTrigger> trigger : triggers.entrySet()) {
                LocalOptions options = inMemory(root, work.resolve("freshness-" + trigger.getKey()), table)
                        .withSearch(0);
                LocalSystem system = LocalSystem.start(options, console, trigger.getValue());
                systems.add(system);
                Runtime.getRuntime().addShutdownHook(new Thread(system::close, "bench-freshness-shutdown"));
                variants.add(new FreshnessBench.Variant(trigger.getKey(), trigger.getValue(), system));
                System.err.println(
                        "[bench] freshness system '" + trigger.getKey() + "' up: API on :" + system.apiPort());
            }
            return FreshnessBench.run(variants, mode.freshnessSamples());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            systems.forEach(LocalSystem::close);
        }
    }

    /**
     * The archive part on a system of its own with the archive on ({@code LocalOptions.withArchive}, which the other
     * parts' system is without): its lists then continue into the archive, as they do wherever a deployment has one.
     */
    private static ArchiveReadBench.Result archived(
            Mode mode, Path root, Path work, String table, PrintStream console, ExecutorService pool) {
        LocalOptions options =
                inMemory(root, work.resolve("archive-data"), table).withArchive(0);
        try (LocalSystem system = LocalSystem.start(options, console)) {
            Runtime.getRuntime().addShutdownHook(new Thread(system::close, "bench-archive-shutdown"));
            System.err.println("[bench] archive system up: API on :" + system.apiPort() + ", S3 at "
                    + system.archive().endpoint());
            return ArchiveReadBench.run(system, mode, pool);
        }
    }

    /**
     * A local system's options for one part of the run: in memory, its data folder {@code data}, DynamoDB and the API
     * on ports free now, so that systems of different parts never meet.
     */
    private static LocalOptions inMemory(Path root, Path data, String table) {
        return new LocalOptions(root, data, true, LocalDynamoDb.freePort(), LocalDynamoDb.freePort(), table);
    }

    /** The fan-out's batching window before it was set to none, for the freshness part's comparison. */
    private static final int WINDOW_BEFORE = 1;

    private static String notRun(Set<Part> parts) {
        return "Not run (`--only "
                + String.join(",", parts.stream().map(Part::option).toList()) + "`).";
    }

    /** The report's sections of the parts {@link #runParts} runs, made in the report's order. */
    private record LocalSections(
            Report.Section reads,
            Report.Section shards,
            Report.Section fanout,
            Report.Section startup,
            Report.Section lag) {
        static LocalSections of(Report report) {
            return new LocalSections(
                    report.section("Read patterns (API through the front door vs the raw SDK call it wraps)"),
                    report.section("Shard count (a list page of a one-shard business vs the same of a four-shard one)"),
                    report.section("Fan-out (StreamFanout vs raw parallel conditional writes)"),
                    report.section("Packages and start-up"),
                    report.section("Stream lag (write to visible through the local pump)"));
        }

        /** Says in the section of each of these parts that {@code parts} leaves out that it was not run. */
        void leftOut(Set<Part> parts) {
            for (Part part : EnumSet.complementOf(EnumSet.copyOf(parts))) {
                switch (part) {
                    case READS -> reads.line(notRun(parts));
                    case SHARDS -> shards.line(notRun(parts));
                    case FANOUT -> fanout.line(notRun(parts));
                    case STARTUP -> startup.line(notRun(parts));
                    case LAG -> lag.line(notRun(parts));
                    case ARCHIVE, FRESHNESS, SEARCH -> {}
                }
            }
        }
    }

    /** The parts on the local system without search: start-up, reads, shard count, lag, fan-out. */
    private static void runParts(
            Mode mode,
            Set<Part> parts,
            LocalOptions options,
            PrintStream console,
            ExecutorService pool,
            Path work,
            Path root,
            String table,
            Report report,
            LocalSections sections)
            throws IOException {
        try (LocalSystem system = LocalSystem.start(options, console);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            // Ctrl-C must not leave the functions' child JVMs behind (close() is idempotent).
            Runtime.getRuntime().addShutdownHook(new Thread(system::close, "bench-shutdown"));
            System.err.println("[bench] local system up: API on :" + system.apiPort() + ", "
                    + LocalDynamoDb.engineName() + " at " + system.dynamoDb().endpoint());
            // Each part runs only when asked for; the report lists reads, fan-out, lag, start-up in that order.
            Samples hop = null;
            Map<FunctionDefinition, StartupBench.FunctionStarts> startResults = null;
            if (parts.contains(Part.STARTUP) || parts.contains(Part.READS)) {
                StartupBench starts =
                        new StartupBench(work, table, system.dynamoDb().endpoint(), console);
                Path bareZip = BarePackage.build(work);
                if (parts.contains(Part.STARTUP)) {
                    startResults = startAll(starts, bareZip, root, mode);
                }
                // The Runtime API hop, which every API request pays, measured on a warm bare handler.
                hop = new Samples();
                starts.startOnce(
                        BarePackage.DEFINITION,
                        bareZip,
                        BARE_EVENT,
                        new StartupBench.WarmRun("{\"ping\":true}", mode.readWarmup(), mode.hopIterations(), hop));
                System.err.println("[bench] Runtime API hop p50 " + Samples.ms(hop.p50()) + " ms");
            }
            SeededData data = null;
            BusinessShards dataShards = null;
            List<ReadPatternsBench.Result> readResults = null;
            IdempotentCreateBench.Result createCost = null;
            StreamLagBench.Result lagResult = null;
            if (parts.contains(Part.READS) || parts.contains(Part.LAG)) {
                ApiClient api = new ApiClient(system.apiPort(), system.issuer().operatorToken());
                data = mode == Mode.QUICK ? SeededData.create(api, 10, 5, 2) : SeededData.create(api, 20, 10, 3);
                RawCalls raw = new RawCalls(dynamo, table, pool);
                dataShards = raw.shardsOf(data.businessId());
                List<ReadPatternsBench.Pattern> patterns = ReadPatternsBench.patterns(data, dataShards, raw);
                awaitCopies(patterns, data);
                System.err.println("[bench] seeded: " + data.customerIds().size() + " customers, "
                        + data.storeIds().size() + " stores, " + data.orders() + " orders; copies visible");
                if (parts.contains(Part.READS)) {
                    readResults = ReadPatternsBench.run(api, patterns, mode);
                    createCost =
                            IdempotentCreateBench.run(api, data.businessId(), mode.readWarmup(), mode.readIterations());
                }
                if (parts.contains(Part.LAG)) {
                    lagResult = StreamLagBench.run(
                            api,
                            dynamo,
                            table,
                            data.businessId(),
                            data.storeIds().get(1),
                            mode.lagOperations());
                }
            }
            ShardListBench.Result shardResult = null;
            if (parts.contains(Part.SHARDS)) {
                // A table of its own, stream off: its seed makes no work for the pump and the fan-out, and the read
                // patterns' business is left alone.
                String shardTable = table + "-shards";
                StreamlessTable.create(dynamo, shardTable);
                shardResult = ShardListBench.run(
                        dynamo,
                        new RawCalls(dynamo, shardTable, pool),
                        SHARD_LIST_CUSTOMERS,
                        Math.max(5, mode.readWarmup() / 5),
                        Math.max(25, mode.readIterations() / 4));
                dynamo.deleteTable(request -> request.tableName(shardTable));
            }
            List<FanoutBench.Result> fanoutResults = new ArrayList<>();
            if (parts.contains(Part.FANOUT)) {
                for (int copies : mode.fanoutCopies()) {
                    // A round of k = 5000 is long, so it gets fewer rounds; k = 1000 keeps them all, as its median
                    // over fewer rounds is too easily thrown by one noisy round.
                    int rounds = copies >= 5000 ? Math.max(2, mode.fanoutRounds() - 2) : mode.fanoutRounds();
                    // Each k on an engine of its own, so that what a smaller k left in a shared one cannot weigh on
                    // the next k's writes, which would read as the fan-out not being linear in k.
                    try (LocalDynamoDb fresh = LocalDynamoDb.startInMemory()) {
                        fanoutResults.add(new FanoutBench(fresh).run(copies, rounds));
                    }
                }
            }

            ReportWriter writer = new ReportWriter(report);
            if (readResults != null) {
                writer.reads(sections.reads(), readResults, hop, data, dataShards);
                writer.idempotentCreates(sections.reads(), createCost);
            }
            if (shardResult != null) {
                writer.shards(sections.shards(), shardResult);
            }
            if (parts.contains(Part.FANOUT)) {
                writer.fanout(sections.fanout(), fanoutResults);
            }
            if (lagResult != null) {
                writer.lag(sections.lag(), lagResult);
            }
            if (startResults != null) {
                writer.startup(sections.startup(), startResults, hop, system);
            }
            sections.leftOut(parts);
        }
    }

    private static final String BARE_EVENT = "{\"describe\":true}";

    /** The shard-count part's business size: ten pages of the API's default. */
    private static final int SHARD_LIST_CUSTOMERS = 200;

    /** Starts the bare handler, the API and the fan-out cold from their zips, each answering its first event. */
    private static Map<FunctionDefinition, StartupBench.FunctionStarts> startAll(
            StartupBench starts, Path bareZip, Path root, Mode mode) throws IOException {
        Map<FunctionDefinition, Path> zips = new LinkedHashMap<>();
        zips.put(BarePackage.DEFINITION, bareZip);
        zips.put(FunctionDefinition.API, root.resolve(FunctionDefinition.API.zipPath()));
        zips.put(FunctionDefinition.STREAM_FANOUT, root.resolve(FunctionDefinition.STREAM_FANOUT.zipPath()));
        Map<FunctionDefinition, String> events = new LinkedHashMap<>();
        events.put(BarePackage.DEFINITION, BARE_EVENT);
        events.put(FunctionDefinition.API, StartupBench.readEvent(root.resolve("events/api/businesses-id-get.json")));
        events.put(
                FunctionDefinition.STREAM_FANOUT,
                StartupBench.readEvent(root.resolve("events/stream/customer-created-with-stores-and-tags.json")));
        return starts.run(zips, events, mode.startupRepeats());
    }

    /** Waits until the fan-out has made the copies the read patterns 10-13 list (the pump polls every 250 ms). */
    private static void awaitCopies(List<ReadPatternsBench.Pattern> patterns, SeededData data) {
        long deadline = System.nanoTime() + 120_000_000_000L;
        int stores = data.storeIds().size();
        int customers = data.customerIds().size();
        while (true) {
            int storesOfCustomer = patterns.get(9).raw().get().items();
            int customersOfStore = patterns.get(10).raw().get().items();
            int tagged = patterns.get(11).raw().get().items();
            if (storesOfCustomer >= Math.min(stores, RawCalls.LIMIT)
                    && customersOfStore >= Math.min(customers, RawCalls.LIMIT)
                    && tagged >= Math.min(stores, RawCalls.LIMIT)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the fan-out did not make the seeded copies within 120 s ("
                        + storesOfCustomer + "/" + customersOfStore + "/" + tagged + ")");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
    }
}
