package io.entitytable.faultrun;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.local.LocalOptions;
import io.entitytable.local.LocalSystem;
import io.entitytable.local.RepositoryRoot;
import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineControl;
import io.entitytable.local.pump.QueuePump;
import io.entitytable.local.sqs.LocalSqs;
import io.entitytable.model.Entity;
import io.entitytable.model.TableLayout;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.local.LocalSearchEngine;
import io.entitytable.search.repair.Reindex;
import io.entitytable.search.repair.ReindexRequest;
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
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The fault-injected randomized run, which checks that the duplicates converge whatever the stream path suffers
 * ({@code docs/design.md}, "Writes and the fan-out"): the local system's DynamoDB engine, behaving as DynamoDB does
 * with a partition's throughput lowered and short stream shards ({@link EngineUnderLoad}), and its packaged API;
 * several {@link RandomClient}s sending random operations through the front door; the table's stream fed by a {@link
 * RestartingPump} through {@link UnreliableDelivery} to {@link FanoutInstances} whose DynamoDB calls meet {@link
 * DynamoFaultInterceptor}; a second pump feeds the same stream through its own {@link UnreliableDelivery} to the search
 * indexer ({@link IndexerInstance}) and a real engine; the pumps are killed and restarted now and then. When the time
 * is up the clients stop, pump restarts stop, the stream drains (the other faults go on), and verify reads the whole
 * table and the whole search index.
 *
 * @param options the run's seed, length, clients and fault rates
 * @param console where the local system's start lines and the run's progress go
 */
public record FaultRun(FaultRunOptions options, PrintStream console) {
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);
    private static final Duration INDEX_CATCH_UP = Duration.ofSeconds(30);
    /** The traffic lasts at most this many times the duration asked for, waiting for every kind of fault. */
    private static final int EXTENSION_LIMIT = 3;
    /** The fan-out logs every failed record with its stack trace; under injected faults that is thousands of lines. */
    private static final Logger FANOUT_LOG = Logger.getLogger("io.entitytable.fanout");
    /** Over {@code RefreshJob.INLINE_COPIES}, so every change of the seeded store goes to its refresh job. */
    static final int LINKED_CUSTOMERS = 1_200;
    /** The seeded store is renamed about this often while the clients run. */
    private static final Duration RENAME_EVERY = Duration.ofSeconds(4);
    /**
     * The deployed queue settings, but a visibility timeout fitted to the run's short slices: the deployed one (six
     * times the worker's timeout) would hold a crashed invocation's message for six minutes. Ten slices, because a
     * slice ends after the page under way when its time is up, and pages slow down under the run's faults.
     */
    static final RefreshQueueTrigger QUEUE_TRIGGER = new RefreshQueueTrigger(
            RefreshQueueTrigger.DEFAULT.batchSize(),
            RefreshQueueTrigger.DEFAULT.maxBatchingWindowSeconds(),
            (int) RefreshWorkerInstances.MAX_SLICE.multipliedBy(10).toSeconds(),
            RefreshQueueTrigger.DEFAULT.maxReceiveCount(),
            RefreshQueueTrigger.DEFAULT.maxConcurrency(),
            RefreshQueueTrigger.DEFAULT.retentionSeconds());

    private static final Duration QUEUE_LONG_POLL = Duration.ofSeconds(1);

    private static final ObjectMapper JSON = new ObjectMapper();

    public FaultRunResult run() throws InterruptedException {
        FANOUT_LOG.setLevel(Level.OFF);
        Path dataFolder = temporaryFolder();
        String table = TableLayout.ENTITY.defaultTableName();
        LocalOptions local =
                new LocalOptions(RepositoryRoot.find(), dataFolder, true, 0, LocalDynamoDb.freePort(), table);
        FaultPlan plan = new FaultPlan(options.seed(), options.rates());
        FaultPlan indexPlan = new FaultPlan(options.seed() + 1, options.rates());
        OperationStats operations = new OperationStats();
        RetriedCreates retries = new RetriedCreates();
        long begin = System.nanoTime();
        OpenSearchClient search = null;
        EngineUnderLoad engineSettings = EngineUnderLoad.DEFAULT.orSystemProperties();
        try (EngineUnderLoad.Applied applied = engineSettings.apply();
                LocalSystem system = LocalSystem.startWithoutStreamPath(local, console);
                LocalSqs sqs = LocalSqs.start(0, QUEUE_TRIGGER);
                LocalSearchEngine engine = LocalSearchEngine.start(dataFolder.resolve("search"), 0)) {
            String linkedStore;
            String seededBusiness;
            search = SearchClients.create(engine.endpoint(), false);
            EngineControl control = system.dynamoDb().control();
            try (DynamoDbClient dynamo = PatientClients.of(system.dynamoDb())) {
                LinkedStoreSeed.Seeded seeded =
                        LinkedStoreSeed.write(new PatientBatchWrites(dynamo), table, LINKED_CUSTOMERS);
                linkedStore = seeded.store().id();
                seededBusiness = seeded.business();
                // The seed never went through the stream: its documents come from a backfill (no alias yet), as on a
                // first deployment over a table with items, before the indexer starts.
                Reindex.run(dynamo, search, ReindexRequest.of(table));
            }
            ThrottleCount seedThrottles = ThrottleCount.of(control, table);
            UnreliableRefreshQueue refreshQueue = new UnreliableRefreshQueue(
                    RefreshQueue.sqs(sqs.client(), sqs.queues().queueUrl()), plan);
            try (FanoutInstances fanout = new FanoutInstances(system.dynamoDb(), table, plan, refreshQueue);
                    IndexerInstance indexer = new IndexerInstance(system.dynamoDb(), table, engine.endpoint());
                    RefreshWorkerInstances workers =
                            new RefreshWorkerInstances(system.dynamoDb(), table, plan, refreshQueue)) {
                CountedInvocations workerCalls = new CountedInvocations(workers);
                CountedInvocations fanoutCalls = new CountedInvocations(fanout);
                CountedInvocations indexerCalls = new CountedInvocations(indexer);
                UnreliableDelivery delivery = new UnreliableDelivery(fanoutCalls, plan);
                // A plan of its own: drawing the indexer's faults from the fan-out's plan would change which faults the
                // fan-out meets for a given seed.
                UnreliableDelivery indexDelivery = new UnreliableDelivery(indexerCalls, indexPlan);
                try (QueuePump queuePump = new QueuePump(
                                        sqs.client(),
                                        sqs.queues().queueUrl(),
                                        sqs.queues().queueArn(),
                                        LocalDynamoDb.REGION.id(),
                                        QUEUE_TRIGGER,
                                        workerCalls,
                                        QUEUE_LONG_POLL,
                                        this::queuePumpLog)
                                .start();
                        RestartingPump pump = new RestartingPump(
                                system.dynamoDb(),
                                table,
                                StreamTrigger.DEFAULT,
                                delivery,
                                dataFolder.resolve("checkpoints.json"),
                                console);
                        RestartingPump indexPump = new RestartingPump(
                                system.dynamoDb(),
                                table,
                                StreamTrigger.SEARCH_INDEXER,
                                indexDelivery,
                                dataFolder.resolve("index-checkpoints.json"),
                                console)) {
                    pump.start();
                    indexPump.start();
                    console.printf(
                            "[fault-run] seed %d: %d clients for %d s against the API on port %d, a store with %d"
                                    + " customers; DynamoDB engine: %s (%d requests throttled during the seed)%n",
                            options.seed(),
                            options.clients(),
                            options.duration().toSeconds(),
                            system.apiPort(),
                            LINKED_CUSTOMERS,
                            engineSettings.describe(),
                            seedThrottles.total());
                    HttpApi api = new HttpApi(system.apiPort(), system.issuer().operatorToken());
                    long started = System.nanoTime();
                    runClients(
                            api,
                            operations,
                            retries,
                            plan,
                            List.of(pump, indexPump),
                            fanout,
                            delivery,
                            linkedStore,
                            seededBusiness,
                            () -> ThrottleCount.of(control, table).since(seedThrottles),
                            started);
                    // The seeded store goes with its links: its job takes it out of every customer.
                    HttpApi.Answer deleted = api.send(
                            "DELETE", "/" + Entity.STORE.collection() + "/" + linkedStore + "?unlink=true", null, null);
                    operations.record(
                            OperationKind.DELETE,
                            "DELETE",
                            "/" + Entity.STORE.collection() + "/" + linkedStore + "?unlink=true",
                            deleted);
                    Duration traffic = since(started);

                    long drainStart = System.nanoTime();
                    Duration allowance = options.drainAllowance(traffic);
                    long drainEnd = drainStart + allowance.toNanos();
                    // The stream first (it asks for passes), then the jobs (their unlinks write customers), then the
                    // stream again.
                    boolean drained = pump.awaitDrained(allowance);
                    Duration streamDrain = since(drainStart);
                    JobCensus jobs;
                    boolean jobsDone;
                    Duration jobsDrain;
                    try (DynamoDbClient dynamo = PatientClients.of(system.dynamoDb())) {
                        jobsDone = drained && awaitJobsDone(sqs, dynamo, table, drainEnd);
                        jobsDrain = since(drainStart);
                        drained = drained && pump.awaitDrained(remaining(drainEnd));
                        jobs = JobCensus.of(dynamo, table);
                    }
                    // The indexer's pump reads the same stream with its own filter and has run beside the others all
                    // along; it is asked last, with a floor, so a drain that used the whole allowance can still see it.
                    Duration indexAllowance = remaining(drainEnd);
                    boolean indexDrained = indexPump.awaitDrained(
                            indexAllowance.compareTo(INDEX_CATCH_UP) < 0 ? INDEX_CATCH_UP : indexAllowance);
                    Duration drain = since(drainStart);
                    console.printf(
                            "[fault-run] %s, jobs %s in %d ms (stream drained after %d ms, jobs done after %d ms);"
                                    + " verifying the table%n",
                            drained ? "drained" : "NOT drained",
                            jobsDone ? "done" : "NOT done",
                            drain.toMillis(),
                            streamDrain.toMillis(),
                            jobsDrain.toMillis());
                    Verification verification;
                    List<String> secondSubjects;
                    try (DynamoDbClient dynamo = PatientClients.of(system.dynamoDb())) {
                        verification = Verification.of(dynamo, table, search);
                        secondSubjects = retries.keysWithSecondSubjects(dynamo, table);
                    }
                    return new FaultRunResult(
                            options,
                            traffic,
                            drained,
                            drain,
                            operations,
                            new FaultRunResult.Retries(
                                    retries.retried(),
                                    retries.wrongAnswers(),
                                    retries.wrongAnswerExamples(),
                                    secondSubjects),
                            plan.injectedByKind(),
                            new FaultRunResult.Engine(
                                    engineSettings,
                                    seedThrottles.total(),
                                    ThrottleCount.of(control, table).since(seedThrottles),
                                    fanout.conflicts().total(),
                                    workers.conflicts().total(),
                                    StreamShards.count(system.dynamoDb(), table)),
                            new FaultRunResult.Stream(
                                    fanoutCalls.invocations(),
                                    delivery.recordsDelivered(),
                                    delivery.distinctRecords(),
                                    fanoutCalls.functionErrors(),
                                    fanout.instancesStarted(),
                                    pump.discardedRecords()),
                            new FaultRunResult.Refresh(
                                    jobsDone,
                                    jobs.jobs(),
                                    jobs.done(),
                                    jobs.passes(),
                                    refreshQueue.sent(),
                                    refreshQueue.continuations(),
                                    workerCalls.invocations(),
                                    workerCalls.functionErrors(),
                                    workers.instancesStarted(),
                                    sqs.depth(sqs.queues().queueUrl()),
                                    sqs.depth(sqs.queues().deadLetterQueueUrl())),
                            new FaultRunResult.Index(
                                    indexDrained,
                                    indexerCalls.invocations(),
                                    indexDelivery.recordsDelivered(),
                                    indexPlan.injectedByKind().getOrDefault(FaultKind.REDELIVERED_BATCH, 0L),
                                    indexPlan.injectedByKind().getOrDefault(FaultKind.DUPLICATED_RECORD, 0L),
                                    indexerCalls.functionErrors(),
                                    indexer.deadLetters(),
                                    indexPump.discardedRecords()),
                            verification,
                            since(begin));
                }
            }
        } finally {
            closeQuietly(search);
            deleteQuietly(dataFolder);
        }
    }

    /**
     * Waits until the refresh queue holds nothing, visible or in flight, and every job item is done; false at {@code
     * deadline}. A worker sends a continuation before its message is deleted, so an empty queue with every job done
     * means no work is left.
     */
    private boolean awaitJobsDone(LocalSqs sqs, DynamoDbClient dynamo, String table, long deadline)
            throws InterruptedException {
        while (System.nanoTime() < deadline) {
            if (sqs.depth(sqs.queues().queueUrl()) == 0
                    && JobCensus.of(dynamo, table).allDone()) {
                return true;
            }
            Thread.sleep(250);
        }
        return false;
    }

    private static Duration remaining(long deadline) {
        return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    }

    /** Failed batches are the injected faults at work, counted in the result; what else the pump says is worth it. */
    private void queuePumpLog(String line) {
        if (!line.contains("come back after the visibility timeout")
                && !line.contains("comes back after the visibility timeout")) {
            console.println("[queue-pump] " + line);
        }
    }

    private void runClients(
            HttpApi api,
            OperationStats operations,
            RetriedCreates retries,
            FaultPlan plan,
            List<RestartingPump> pumps,
            FanoutInstances fanout,
            UnreliableDelivery delivery,
            String linkedStore,
            String seededBusiness,
            Supplier<ThrottleCount> throttled,
            long started)
            throws InterruptedException {
        long deadline = started + options.duration().toNanos();
        long latest = started + options.duration().toNanos() * EXTENSION_LIMIT;
        AtomicBoolean going = new AtomicBoolean(true);
        World world = new World();
        ExecutorService clients = Executors.newFixedThreadPool(options.clients());
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < options.clients(); i++) {
            RandomClient client = new RandomClient(api, world, operations, retries, options.seed() * 1_000 + i);
            running.add(clients.submit(() -> {
                client.runWhile(going::get);
                return null;
            }));
        }
        long nextRestart = System.nanoTime() + restartPause(plan);
        long nextProgress = System.nanoTime() + PROGRESS_EVERY.toNanos();
        long nextRename = System.nanoTime() + RENAME_EVERY.toNanos() / 2;
        int renames = 0;
        long growAt = started + options.duration().toNanos() / 2;
        boolean grown = false;
        while (System.nanoTime() < deadline
                || !(everyFaultStruck(plan) && throttled.get().total() > 0) && System.nanoTime() < latest) {
            Thread.sleep(50);
            if (plan.rates().pumpRestartEverySeconds() > 0 && System.nanoTime() >= nextRestart) {
                pumps.forEach(RestartingPump::restart);
                fanout.discardIdle();
                plan.record(FaultKind.PUMP_RESTART);
                nextRestart = System.nanoTime() + restartPause(plan);
            }
            if (System.nanoTime() >= nextRename) {
                // Each rename of the seeded store is a pass of its refresh job (or coalesces into the next one).
                String path = "/" + Entity.STORE.collection() + "/" + linkedStore;
                ObjectNode name = JSON.createObjectNode().put("name", "flagship " + ++renames);
                operations.record(OperationKind.RENAME, "PATCH", path, api.send("PATCH", path, name, null));
                nextRename += RENAME_EVERY.toNanos();
            }
            if (!grown && System.nanoTime() >= growAt) {
                grow(api, operations, world, seededBusiness);
                grown = true;
            }
            if (System.nanoTime() >= nextProgress) {
                console.printf(
                        "[fault-run] %d operations, %d faults, %d requests throttled, %d records delivered%s%n",
                        operations.total(),
                        plan.injectedByKind().values().stream()
                                .mapToLong(Long::longValue)
                                .sum(),
                        throttled.get().total(),
                        delivery.recordsDelivered(),
                        System.nanoTime() < deadline ? "" : "; waiting for: " + notYetHappened(plan, throttled.get()));
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
     * Half-way through the traffic an operator grows every business the clients know, and the seeded one (of the fixed
     * layout), to {@link #GROWN_SHARDS} shards: beyond 16, so the growth adds child counters, while the clients go on
     * creating, deleting and erasing under every business (design §2, "Shards of a business"). A business being erased
     * or gone answers 409 or 404, as expected.
     */
    private static void grow(HttpApi api, OperationStats operations, World world, String seededBusiness)
            throws InterruptedException {
        List<String> businesses = new ArrayList<>();
        businesses.add(seededBusiness);
        world.all(Entity.BUSINESS).forEach(known -> businesses.add(known.id()));
        for (String business : businesses) {
            String path = "/" + Entity.BUSINESS.collection() + "/" + business + "/capacity";
            ObjectNode shards = JSON.createObjectNode().put("shards", GROWN_SHARDS);
            operations.record(OperationKind.GROW, "PUT", path, api.send("PUT", path, shards, null));
        }
    }

    /** The count the run grows its businesses to half-way through. */
    static final int GROWN_SHARDS = 32;

    /**
     * Whether each kind of fault the rates switch on has happened at least once. Some strike per invocation or per write,
     * and a loaded machine makes fewer of those in the same time: the traffic goes on (up to {@link #EXTENSION_LIMIT}
     * times the duration) until each has, and until the engine has throttled a request of the run, so a short run still
     * tests every kind.
     */
    private static boolean everyFaultStruck(FaultPlan plan) {
        return plan.injectedByKind().entrySet().stream()
                .allMatch(entry -> plan.rates().of(entry.getKey()) == 0 || entry.getValue() > 0);
    }

    private static String notYetHappened(FaultPlan plan, ThrottleCount throttled) {
        Stream<String> faults = plan.injectedByKind().entrySet().stream()
                .filter(entry -> plan.rates().of(entry.getKey()) != 0 && entry.getValue() == 0)
                .map(entry -> entry.getKey().description());
        Stream<String> throttling = throttled.total() == 0 ? Stream.of("the engine's throttling") : Stream.empty();
        return Stream.concat(faults, throttling).collect(Collectors.joining(", "));
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

    private static void closeQuietly(OpenSearchClient client) {
        if (client != null) {
            try {
                client._transport().close();
            } catch (IOException e) {
                // Its connections go with the JVM.
            }
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
