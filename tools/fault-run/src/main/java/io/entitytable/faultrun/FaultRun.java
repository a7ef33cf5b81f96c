package io.entitytable.faultrun;

import io.entitytable.local.LocalOptions;
import io.entitytable.local.LocalSystem;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.TableLayout;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Stream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The fault-injected randomized run, which checks that the duplicates converge whatever the stream path suffers
 * ({@code docs/design.md}, "Writes and the fan-out"): the local system's DynamoDB Local and
 * packaged API, several {@link RandomClient}s sending random operations through the front door, the table's stream
 * fed by a {@link RestartingPump} through {@link UnreliableDelivery} to {@link FanoutInstances} whose DynamoDB calls
 * meet {@link DynamoFaultInterceptor}; the pump is killed and restarted now and then. When the time is up the clients
 * stop, pump restarts stop, the stream drains (the other faults go on), and verify reads the whole table.
 */
public final class FaultRun {
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);
    /** The traffic lasts at most this many times the duration asked for, waiting for every kind of fault. */
    private static final int EXTENSION_LIMIT = 3;
    /** The fan-out logs every failed record with its stack trace; under injected faults that is thousands of lines. */
    private static final Logger FANOUT_LOG = Logger.getLogger("io.entitytable.fanout");

    private final FaultRunOptions options;
    private final PrintStream console;

    public FaultRun(FaultRunOptions options, PrintStream console) {
        this.options = options;
        this.console = console;
    }

    public FaultRunResult run() throws InterruptedException {
        FANOUT_LOG.setLevel(Level.OFF);
        Path dataFolder = temporaryFolder();
        String table = TableLayout.ENTITY.defaultTableName();
        LocalOptions local =
                new LocalOptions(RepositoryRoot.find(), dataFolder, true, 0, LocalDynamoDb.freePort(), table);
        FaultPlan plan = new FaultPlan(options.seed(), options.rates());
        OperationStats operations = new OperationStats();
        long begin = System.nanoTime();
        try (LocalSystem system = LocalSystem.startWithoutStreamPath(local, console);
                FanoutInstances fanout = new FanoutInstances(system.dynamoDb().endpoint(), table, plan)) {
            UnreliableDelivery delivery = new UnreliableDelivery(fanout, plan);
            try (RestartingPump pump = new RestartingPump(
                    system.dynamoDb(), table, delivery, dataFolder.resolve("checkpoints.json"), console)) {
                pump.start();
                console.printf(
                        "[fault-run] seed %d: %d clients for %d s against the API on port %d%n",
                        options.seed(), options.clients(), options.duration().toSeconds(), system.apiPort());
                long started = System.nanoTime();
                runClients(
                        new HttpApi(system.apiPort(), system.issuer().operatorToken()),
                        operations,
                        plan,
                        pump,
                        fanout,
                        delivery,
                        started);
                Duration traffic = since(started);

                long drainStart = System.nanoTime();
                boolean drained = pump.awaitDrained(options.drainTimeout());
                Duration drain = since(drainStart);
                console.printf(
                        "[fault-run] %s in %d ms; verifying the table%n",
                        drained ? "drained" : "NOT drained", drain.toMillis());
                Verification verification;
                try (DynamoDbClient dynamo = system.dynamoDb().client()) {
                    verification = Verification.of(dynamo, table);
                }
                return new FaultRunResult(
                        options,
                        traffic,
                        drained,
                        drain,
                        operations,
                        plan.injectedByKind(),
                        new FaultRunResult.Stream(
                                delivery.invocations(),
                                delivery.recordsDelivered(),
                                delivery.distinctRecords(),
                                delivery.functionErrors(),
                                fanout.instancesStarted(),
                                pump.discardedRecords()),
                        verification,
                        since(begin));
            }
        } finally {
            deleteQuietly(dataFolder);
        }
    }

    private void runClients(
            HttpApi api,
            OperationStats operations,
            FaultPlan plan,
            RestartingPump pump,
            FanoutInstances fanout,
            UnreliableDelivery delivery,
            long started)
            throws InterruptedException {
        long deadline = started + options.duration().toNanos();
        long latest = started + options.duration().toNanos() * EXTENSION_LIMIT;
        AtomicBoolean going = new AtomicBoolean(true);
        World world = new World();
        ExecutorService clients = Executors.newFixedThreadPool(options.clients());
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < options.clients(); i++) {
            RandomClient client = new RandomClient(api, world, operations, options.seed() * 1_000 + i);
            running.add(clients.submit(() -> {
                client.runWhile(going::get);
                return null;
            }));
        }
        long nextRestart = System.nanoTime() + restartPause(plan);
        long nextProgress = System.nanoTime() + PROGRESS_EVERY.toNanos();
        while (System.nanoTime() < deadline || !everyFaultStruck(plan) && System.nanoTime() < latest) {
            Thread.sleep(50);
            if (plan.rates().pumpRestartEverySeconds() > 0 && System.nanoTime() >= nextRestart) {
                pump.restart();
                fanout.discardIdle();
                plan.record(FaultKind.PUMP_RESTART);
                nextRestart = System.nanoTime() + restartPause(plan);
            }
            if (System.nanoTime() >= nextProgress) {
                console.printf(
                        "[fault-run] %d operations, %d faults, %d records delivered%n",
                        operations.total(),
                        plan.injectedByKind().values().stream()
                                .mapToLong(Long::longValue)
                                .sum(),
                        delivery.recordsDelivered());
                nextProgress += PROGRESS_EVERY.toNanos();
            }
        }
        going.set(false);
        clients.shutdown();
        for (Future<?> client : running) {
            try {
                client.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException("a client failed", e.getCause());
            }
        }
        clients.awaitTermination(1, TimeUnit.MINUTES);
    }

    /**
     * Whether each kind of fault the rates switch on has happened at least once. Some strike per invocation or per write,
     * and a loaded machine makes fewer of those in the same time: the traffic goes on (up to {@link #EXTENSION_LIMIT}
     * times the duration) until each has, so a short run still tests every kind.
     */
    private static boolean everyFaultStruck(FaultPlan plan) {
        return plan.injectedByKind().entrySet().stream()
                .allMatch(entry -> plan.rates().of(entry.getKey()) == 0 || entry.getValue() > 0);
    }

    /** Between half and one and a half times the mean, drawn from the plan. */
    private static long restartPause(FaultPlan plan) {
        double mean = plan.rates().pumpRestartEverySeconds();
        double seconds = mean * (0.5 + plan.nextInt(1000) / 1000.0);
        return (long) (seconds * 1e9);
    }

    private static Duration since(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("entity-table-fault-run-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteQuietly(Path folder) {
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A temporary folder left behind is not worth failing the run for.
        }
    }
}
