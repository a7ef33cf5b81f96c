package io.entitytable.bench;

import io.entitytable.local.LocalOptions;
import io.entitytable.local.LocalSystem;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.FunctionDefinition;
import io.entitytable.model.TableLayout;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code java -jar benchmarks/target/benchmarks.jar [--quick] [--only startup] [--out report.md]}: starts the local
 * system (in memory, free ports), runs every benchmark side by side with its raw-DynamoDB baseline, prints the Markdown
 * report on stdout and, with {@code --out}, writes it to a file. Progress goes to stderr, the functions' logs to a file
 * in the work folder. {@code --only startup} runs only the packages and start-up part (the local system still starts,
 * so the functions start under the same conditions as in a full run).
 */
public final class BenchmarkMain {
    /** Fixed so the raw baseline of pattern 9 queries exactly the shards the API queries. */
    static final int ORDER_STATUS_SHARDS = 22;

    private BenchmarkMain() {}

    public static void main(String[] args) throws IOException {
        // Before anything touches java.util.logging: the Quarkus event servers log through JBoss LogManager.
        System.setProperty("java.util.logging.manager", "org.jboss.logmanager.LogManager");
        Mode mode = Mode.FULL;
        Path out = null;
        boolean onlyStartup = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--quick" -> mode = Mode.QUICK;
                case "--out" -> out = Path.of(args[++i]);
                case "--only" -> {
                    if (i + 1 >= args.length || !args[++i].equals("startup")) {
                        usage();
                    }
                    onlyStartup = true;
                }
                default -> usage();
            }
        }
        // DynamoDB Local and the event servers print to stdout, which is reserved for the report.
        PrintStream stdout = System.out;
        System.setOut(System.err);
        String report = run(mode, onlyStartup);
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
        System.err.println(
                "usage: java -jar benchmarks/target/benchmarks.jar [--quick] [--only startup] [--out report.md]");
        System.exit(2);
    }

    static String run(Mode mode, boolean onlyStartup) throws IOException {
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
        LocalOptions options = new LocalOptions(
                root,
                work.resolve("data"),
                true,
                LocalDynamoDb.freePort(),
                LocalDynamoDb.freePort(),
                table,
                ORDER_STATUS_SHARDS);

        Report report = new Report();
        Report.Section reads =
                report.section("Read patterns (API through the front door vs the raw SDK call it wraps)");
        Report.Section fanout = report.section("Fan-out (StreamFanout vs raw parallel conditional writes)");
        Report.Section startup = report.section("Packages and start-up");
        Report.Section lag = report.section("Stream lag (write to visible through the local pump)");

        ExecutorService pool = Executors.newFixedThreadPool(32);
        try (PrintStream console =
                        new PrintStream(new FileOutputStream(logFile.toFile()), true, StandardCharsets.UTF_8);
                LocalSystem system = LocalSystem.start(options, console);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            // Ctrl-C must not leave the functions' child JVMs behind (close() is idempotent).
            Runtime.getRuntime().addShutdownHook(new Thread(system::close, "bench-shutdown"));
            System.err.println("[bench] local system up: API on :" + system.apiPort() + ", DynamoDB Local at "
                    + system.dynamoDb().endpoint());
            List<ReadPatternsBench.Result> readResults = null;
            StreamLagBench.Result lagResult = null;
            SeededData data = null;
            if (!onlyStartup) {
                ApiClient api = new ApiClient(system.apiPort());
                data = mode == Mode.QUICK ? SeededData.create(api, 10, 5, 2) : SeededData.create(api, 20, 10, 3);
                RawCalls raw = new RawCalls(dynamo, table, pool);
                List<ReadPatternsBench.Pattern> patterns = ReadPatternsBench.patterns(data, raw, ORDER_STATUS_SHARDS);
                awaitCopies(patterns, data);
                System.err.println("[bench] seeded: " + data.customerIds().size() + " customers, "
                        + data.storeIds().size() + " stores, " + data.orders() + " orders; copies visible");

                readResults = ReadPatternsBench.run(api, patterns, mode);
                lagResult =
                        StreamLagBench.run(api, dynamo, table, data.storeIds().get(1), mode.lagOperations());
            }

            StartupBench starts =
                    new StartupBench(work, table, system.dynamoDb().endpoint(), ORDER_STATUS_SHARDS, console);
            Path bareZip = BarePackage.build(work);
            Map<FunctionDefinition, Path> zips = new LinkedHashMap<>();
            zips.put(BarePackage.DEFINITION, bareZip);
            zips.put(FunctionDefinition.API, root.resolve(FunctionDefinition.API.zipPath()));
            zips.put(FunctionDefinition.STREAM_FANOUT, root.resolve(FunctionDefinition.STREAM_FANOUT.zipPath()));
            Map<FunctionDefinition, String> events = new LinkedHashMap<>();
            events.put(BarePackage.DEFINITION, "{\"describe\":true}");
            events.put(
                    FunctionDefinition.API, StartupBench.readEvent(root.resolve("events/api/businesses-id-get.json")));
            events.put(
                    FunctionDefinition.STREAM_FANOUT,
                    StartupBench.readEvent(root.resolve("events/stream/customer-created-with-stores-and-tags.json")));
            Map<FunctionDefinition, StartupBench.FunctionStarts> startResults =
                    starts.run(zips, events, mode.startupRepeats());
            Samples hop = new Samples();
            starts.startOnce(
                    BarePackage.DEFINITION,
                    bareZip,
                    events.get(BarePackage.DEFINITION),
                    new StartupBench.WarmRun("{\"ping\":true}", mode.readWarmup(), mode.hopIterations(), hop));
            System.err.println("[bench] Runtime API hop p50 " + Samples.ms(hop.p50()) + " ms");

            ReportWriter writer = new ReportWriter(report);
            if (!onlyStartup) {
                List<FanoutBench.Result> fanoutResults = new ArrayList<>();
                FanoutBench fanoutBench = new FanoutBench(system.dynamoDb());
                for (int copies : mode.fanoutCopies()) {
                    int rounds = copies >= 1000 ? Math.max(2, mode.fanoutRounds() - 2) : mode.fanoutRounds();
                    fanoutResults.add(fanoutBench.run(copies, rounds));
                }
                writer.reads(reads, readResults, hop, data);
                writer.fanout(fanout, fanoutResults);
                writer.lag(lag, lagResult);
            } else {
                reads.line("Not run (`--only startup`).");
                fanout.line("Not run (`--only startup`).");
                lag.line("Not run (`--only startup`).");
            }
            writer.startup(startup, startResults, hop, system);
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - begin) / 1e9;
        return report.render(MachineInfo.heading(mode, seconds));
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
