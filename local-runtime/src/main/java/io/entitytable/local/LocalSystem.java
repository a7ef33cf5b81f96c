package io.entitytable.local;

import io.entitytable.capacity.DataPresent;
import io.entitytable.checks.VerifyRun;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.RefreshQueueNames;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.auth.LocalCursorKey;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.backfill.LocalBackfills;
import io.entitytable.local.console.Console;
import io.entitytable.local.console.JobWatch;
import io.entitytable.local.console.TableView;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineControl;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.local.function.PackagedFunction;
import io.entitytable.local.function.RuntimeApiServer;
import io.entitytable.local.logs.FunctionLogFile;
import io.entitytable.local.metrics.LocalMetrics;
import io.entitytable.local.metrics.StreamConsumerWatch;
import io.entitytable.local.pump.Checkpoints;
import io.entitytable.local.pump.DeadLetterFolder;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.PumpOptions;
import io.entitytable.local.pump.QueuePump;
import io.entitytable.local.pump.RuntimeApiInvoker;
import io.entitytable.local.pump.StreamPump;
import io.entitytable.local.pump.TimedInvoker;
import io.entitytable.local.s3.LocalArchive;
import io.entitytable.local.s3.LocalArchiving;
import io.entitytable.local.sqs.LocalSqs;
import io.entitytable.model.TableLayout;
import io.entitytable.search.client.SearchClients;
import io.entitytable.search.local.LocalSearchEngine;
import io.entitytable.search.repair.Reindex;
import io.entitytable.search.repair.ReindexRequest;
import io.entitytable.search.repair.ReindexSummary;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.opensearch.client.opensearch.OpenSearchClient;
import org.opensearch.client.transport.OpenSearchTransport;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The whole system on one machine: the local DynamoDB engine with the table, the packaged API function behind an HTTP front
 * door that accepts only bearer tokens of the {@link LocalIssuer} (see {@link #issuer()}), the packaged fan-out
 * function fed by the {@link StreamPump}, and the refresh worker fed by the {@link QueuePump} from a local SQS
 * (ElasticMQ); unless left out, the search engine with the search indexer, and the local S3 server with the order
 * archive's bucket ({@link LocalArchive}). Everything started is stopped by {@link #close()}, in reverse order.
 */
public final class LocalSystem implements AutoCloseable {
    /** Shorter than Lambda's 20 s so that stopping the system does not wait long for a poll to return. */
    private static final Duration QUEUE_LONG_POLL = Duration.ofSeconds(2);

    private final LocalOptions options;
    private final PrintStream console;
    /**
     * The refresh queue's mapping with one invocation at a time: the local system runs one instance of the worker, so
     * more concurrent invocations would only wait for it, and their timeout would run out while they wait (on AWS each
     * has its own instance).
     */
    static final RefreshQueueTrigger ONE_WORKER_INSTANCE = new RefreshQueueTrigger(
            RefreshQueueTrigger.DEFAULT.batchSize(),
            RefreshQueueTrigger.DEFAULT.maxBatchingWindowSeconds(),
            RefreshQueueTrigger.DEFAULT.visibilityTimeoutSeconds(),
            RefreshQueueTrigger.DEFAULT.maxReceiveCount(),
            1,
            RefreshQueueTrigger.DEFAULT.retentionSeconds());

    /**
     * Locally one engine on the machine's cores serves the job, the API and the fan-out, where DynamoDB serves each
     * partition on its own: a worker with 16 writes in flight would make every other request wait behind 16 of its
     * own. With 4 in flight the API and the fan-out keep their share, as they would beside a job on DynamoDB.
     */
    static final int LOCAL_WORKER_WRITES = 4;

    private final Deque<AutoCloseable> started = new ArrayDeque<>();
    /** Set by {@link #close()}: what starts after it is stopped at once ({@link #remember}). Guarded by {@code this}. */
    private boolean closed;
    /** The starts of child JVMs (functions, search engine), which run on other threads and a JVM exit waits for. */
    private final List<CompletableFuture<?>> startingBeside = new CopyOnWriteArrayList<>();
    /**
     * The threads of the starts of child JVMs (functions, search engine): a JVM exit interrupts them, so that a child
     * still in its init stops at once rather than when its init ends (each start stops the process it launched when
     * interrupted).
     */
    private final ExecutorService starts = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "local-start");
        thread.setDaemon(true);
        return thread;
    });
    /** Set once {@link #startAll} has returned: an exit before it is a stop while starting. */
    private volatile boolean running;
    /** Registered while the system runs or starts; see {@link #start(LocalSystem, Variant)}. */
    private final Thread stopAtExit = new Thread(this::stopAtExit, "local-system-exit");

    private final LocalMetrics metrics = new LocalMetrics();
    private final EngineSettings engineSettings = EngineBehaviour.fromSystemProperties();
    private FunctionLogFile functionLog;
    private final StartupReport.Builder report = StartupReport.builder();

    private LocalIssuer issuer;
    private Console webConsole;
    private LocalDynamoDb dynamoDb;
    private RuntimeApiServer apiFrontDoor;
    private RuntimeApiServer fanoutRuntimeApi;
    private RuntimeApiServer workerRuntimeApi;
    private RuntimeApiServer indexerRuntimeApi;
    private PackagedFunction api;
    /** The API's execution environments after its first ({@link LocalOptions#apiInstances}). */
    private List<PackagedFunction> moreApi = List.of();

    private PackagedFunction fanout;
    private StreamPump pump;
    private TimedInvoker fanoutInvocations;
    private LocalSqs sqs;
    private PackagedFunction refreshWorker;
    private QueuePump queuePump;
    private LocalSearchEngine searchEngine;
    /** The S3 server's start, which every function's start waits for (its key is their credentials). */
    private CompletableFuture<LocalArchive> archiveStart = CompletableFuture.completedFuture(null);

    private LocalArchive archive;
    private LocalArchiving archiving;
    private PackagedFunction indexer;
    private StreamPump indexerPump;
    private TimedInvoker indexerInvocations;

    private LocalSystem(LocalOptions options, PrintStream console) {
        this.options = options;
        this.console = console;
    }

    /**
     * What sets the ways of starting a system apart.
     *
     * @param streamPath whether the fan-out, its stream pump and the refresh worker run (when the fan-out is packaged)
     * @param preloaded what fills the table once it exists, before the stream path starts; null for nothing
     * @param functionsDynamoDb the endpoint the functions reach the DynamoDB engine at, from the engine's own
     * @param fanoutTrigger the mapping the fan-out's stream pump plays
     */
    private record Variant(
            boolean streamPath,
            Consumer<DynamoDbClient> preloaded,
            UnaryOperator<URI> functionsDynamoDb,
            StreamTrigger fanoutTrigger) {}

    public static LocalSystem start(LocalOptions options, PrintStream console) {
        return start(options, console, StreamTrigger.DEFAULT);
    }

    /**
     * The whole system with the fan-out's stream pump playing {@code fanoutTrigger} instead of the deployed mapping:
     * for benchmarks that compare mapping settings side by side on one machine.
     */
    public static LocalSystem start(LocalOptions options, PrintStream console, StreamTrigger fanoutTrigger) {
        return start(
                new LocalSystem(options, console), new Variant(true, null, UnaryOperator.identity(), fanoutTrigger));
    }

    /**
     * The whole system over a table that {@code preload} fills once it exists, before the stream path starts: data
     * that is already in step, as after an import, whose stream records the fan-out is not made to work through
     * (tests and benchmarks of large stores; {@code LinkedStoreSeed} turns the stream off while it writes).
     */
    public static LocalSystem startPreloaded(
            LocalOptions options, PrintStream console, Consumer<DynamoDbClient> preload) {
        return startPreloaded(options, console, preload, UnaryOperator.identity());
    }

    /**
     * As {@link #startPreloaded(LocalOptions, PrintStream, Consumer)}, with the functions reaching the DynamoDB engine
     * through {@code functionsDynamoDb.apply(its endpoint)}: for tests that count what the functions ask of the table
     * (a proxy in front of it).
     */
    public static LocalSystem startPreloaded(
            LocalOptions options,
            PrintStream console,
            Consumer<DynamoDbClient> preload,
            UnaryOperator<URI> functionsDynamoDb) {
        return start(
                new LocalSystem(options, console),
                new Variant(true, preload, functionsDynamoDb, StreamTrigger.DEFAULT));
    }

    /**
     * The local DynamoDB engine with the table and the packaged API behind the front door, without the fan-out function and the
     * stream pump: for callers that feed the table's stream to a fan-out of their own (the fault-injected run).
     */
    public static LocalSystem startWithoutStreamPath(LocalOptions options, PrintStream console) {
        return start(
                new LocalSystem(options, console),
                new Variant(false, null, UnaryOperator.identity(), StreamTrigger.DEFAULT));
    }

    private static LocalSystem start(LocalSystem system, Variant variant) {
        // Its functions and its search engine are JVMs of their own, which would go on running without this one: a JVM
        // that exits (Ctrl-C, SIGTERM) while the system runs, or while it is still starting, stops it first.
        Runtime.getRuntime().addShutdownHook(system.stopAtExit);
        try {
            system.startAll(variant);
            system.running = true;
            return system;
        } catch (RuntimeException | Error e) {
            // Once the JVM exits, whatever the start meets (an interrupted function start, a library that cannot
            // register its own exit hook any more) follows from the stop, not from a fault of the start.
            boolean stopping = system.isClosed();
            system.close();
            if (stopping) {
                throw new StoppedWhileStarting(e);
            }
            throw e;
        }
    }

    /** The JVM began to exit (Ctrl-C, SIGTERM) while the system started: it is stopped, and has said so. */
    public static final class StoppedWhileStarting extends RuntimeException {
        private StoppedWhileStarting(Throwable cause) {
            super("the local system was stopped while it started", cause);
        }
    }

    private void startAll(Variant variant) {
        long begin = System.nanoTime();
        createDataFolder();
        // The S3 server first, beside everything else: its key is every function's credentials (drawn when its folder
        // is new), so the functions' JVMs are launched once it has started. It runs in this JVM, as SQS does (below).
        if (options.archive()) {
            archiveStart = CompletableFuture.supplyAsync(() -> {
                long step = System.nanoTime();
                LocalArchive started = remember(LocalArchive.start(s3Folder(), options.s3Port()));
                report.s3(since(step));
                return started;
            });
        }
        // Before the functions, so that it closes after them: it takes their last lines.
        functionLog = remember(FunctionLogFile.openIn(options.dataFolder()));
        issuer = LocalIssuer.inFolder(options.authFolder());
        webConsole = new Console(issuer, metrics);
        // The front door first: a taken port is the most likely failure, and should be reported before any work.
        apiFrontDoor = remember(RuntimeApiServer.httpFrontDoor(
                options.apiBindAddress().address(),
                options.apiPort(),
                options.openApiDocument(),
                issuer,
                timeoutOf(FunctionDefinition.API),
                metrics,
                webConsole));
        options.apiBindAddress().warning(apiFrontDoor.port()).ifPresent(console::println);
        boolean fanoutPackaged =
                variant.streamPath() && Files.isRegularFile(options.zipOf(FunctionDefinition.STREAM_FANOUT));
        fanoutRuntimeApi = fanoutPackaged ? runtimeApiOf(FunctionDefinition.STREAM_FANOUT) : null;
        // The worker is the fan-out's package with its other handler, so it runs whenever the fan-out does.
        workerRuntimeApi = fanoutPackaged ? runtimeApiOf(FunctionDefinition.REFRESH_WORKER) : null;
        int sqsPort = options.sqsPort() == 0 ? LocalDynamoDb.freePort() : options.sqsPort();
        URI sqsEndpoint = fanoutPackaged ? URI.create("http://localhost:" + sqsPort) : null;
        String refreshQueueUrl = fanoutPackaged ? LocalSqs.queueUrl(sqsEndpoint, RefreshQueueNames.QUEUE) : null;
        // Search needs the stream path's SQS (its refused records) and its own package.
        boolean searchOn = fanoutPackaged
                && options.search()
                && Files.isRegularFile(options.zipOf(FunctionDefinition.SEARCH_INDEXER));
        indexerRuntimeApi = searchOn ? runtimeApiOf(FunctionDefinition.SEARCH_INDEXER) : null;
        int searchPort = options.searchPort() == 0 ? LocalDynamoDb.freePort() : options.searchPort();
        Map<String, String> apiSearch = searchOn
                ? Map.of(
                        EnvironmentVariable.SEARCH_ENDPOINT.variable(),
                        searchEndpoint(searchPort).toString())
                : Map.of();
        Map<String, String> apiExtra = new LinkedHashMap<>(apiSearch);
        apiExtra.putAll(FunctionEnvironment.api(LocalCursorKey.inFolder(options.authFolder())));
        if (options.moveTarget() != null) {
            apiExtra.put(EnvironmentVariable.MOVE_TARGET_TABLE.variable(), options.moveTarget());
        }

        // The functions' JVMs start while the DynamoDB engine starts: their init phases are most of the start-up time
        // and
        // they do not talk to DynamoDB before their first event.
        URI endpoint = variant.functionsDynamoDb().apply(URI.create("http://localhost:" + options.dynamoDbPort()));
        // The fan-out's package holds the fan-out and the refresh worker: both reach the table and the refresh queue.
        FunctionEndpoints withQueue = new FunctionEndpoints(endpoint, sqsEndpoint, refreshQueueUrl);
        CompletableFuture<PackagedFunction> apiStart = startBesideIf(
                true,
                () -> startFunction(
                        FunctionDefinition.API, apiFrontDoor, new FunctionEndpoints(endpoint, null, null), apiExtra));
        // The API's further environments run from the first one's task root, so they start once it has started.
        CompletableFuture<List<PackagedFunction>> moreApiStart =
                startingBeside(apiStart.thenApplyAsync(this::moreApiEnvironments, starts));
        CompletableFuture<PackagedFunction> fanoutStart = startBesideIf(
                fanoutPackaged,
                () -> startFunction(FunctionDefinition.STREAM_FANOUT, fanoutRuntimeApi, withQueue, Map.of()));
        CompletableFuture<PackagedFunction> workerStart = startBesideIf(
                fanoutPackaged,
                () -> startFunction(
                        FunctionDefinition.REFRESH_WORKER,
                        workerRuntimeApi,
                        withQueue,
                        Map.of(
                                EnvironmentVariable.MAX_CONCURRENT_WRITES.variable(),
                                Integer.toString(LOCAL_WORKER_WRITES))));
        // The engine starts beside the others; the indexer once it answers, since the indexer makes sure of the index
        // when it starts.
        Path searchFolder = searchOn ? searchFolder() : null;
        boolean searchFolderEmpty = searchOn && isEmptyFolder(searchFolder);
        CompletableFuture<LocalSearchEngine> searchStart = startBesideIf(searchOn, () -> {
            long step = System.nanoTime();
            LocalSearchEngine started = LocalSearchEngine.start(searchFolder, searchPort);
            report.search(since(step));
            return started;
        });
        CompletableFuture<PackagedFunction> indexerStart = searchOn
                ? startingBeside(searchStart.thenApplyAsync(
                        engine -> remember(startFunction(
                                FunctionDefinition.SEARCH_INDEXER,
                                indexerRuntimeApi,
                                new FunctionEndpoints(endpoint, sqsEndpoint, null),
                                FunctionEnvironment.indexer(engine.endpoint(), sqsEndpoint))),
                        starts))
                : CompletableFuture.completedFuture(null);
        // SQS starts next to the DynamoDB engine; the functions know its queue URL already (LocalSqs#queueUrl). It runs
        // in
        // this JVM, so an exit ends it whatever it is doing: an exit neither interrupts its start (it would only report
        // the interrupt) nor waits for it, and a start that ends after close() is stopped at once (remember).
        CompletableFuture<LocalSqs> sqsStart = fanoutPackaged
                ? CompletableFuture.supplyAsync(() -> {
                    long step = System.nanoTime();
                    LocalSqs started = remember(LocalSqs.start(
                            sqsPort, RefreshQueueTrigger.DEFAULT, options.inMemory() ? null : options.sqsFolder()));
                    report.sqs(since(step));
                    return started;
                })
                : CompletableFuture.completedFuture(null);
        try {
            long step = System.nanoTime();
            dynamoDb = remember(LocalDynamoDb.start(
                    options.dynamoDbPort(), options.inMemory() ? null : options.databaseFolder(), engineSettings));
            report.dynamoDb(since(step));
            step = System.nanoTime();
            boolean created = dynamoDb.createTable(options.tableName());
            dynamoDb.expireItems(options.tableName());
            report.table(since(step), created);
            if (options.moveTarget() != null) {
                // The move's target, in this layout; its items come from the move's copy and replicators.
                dynamoDb.createTable(options.moveTarget());
                dynamoDb.expireItems(options.moveTarget());
            }
            metrics.throttledRequestsFrom(throttledRequests(dynamoDb.control(), options.tableName()));
            DynamoDbClient consoleClient = remember(dynamoDb.client());
            webConsole.tableReady(new TableView(consoleClient, options.tableName(), Clock.systemUTC()));
            webConsole.capacityFrom(() -> new DataPresent(consoleClient, options.tableName()).capacity());
            if (variant.preloaded() != null) {
                try (DynamoDbClient client = dynamoDb.client()) {
                    variant.preloaded().accept(client);
                }
            }
            // After any preload, so that a preloaded table written before a pattern is backfilled like a kept folder.
            LocalBackfills backfills = remember(LocalBackfills.start(
                    remember(dynamoDb.client()), options.tableName(), line -> console.println("[backfill] " + line)));
            metrics.backfillsFrom(backfills::progress);
            // Before the functions, which wait for it: a port in use is reported as the server's failure, not theirs.
            archive = archiveStart.join();
            if (archive != null) {
                LocalArchive started = archive;
                archiving = remember(LocalArchiving.start(
                        remember(dynamoDb.client()),
                        options.tableName(),
                        remember(started.client()),
                        started.bucket(),
                        line -> console.println("[archive] " + line)));
                metrics.archiveMovesFrom(archiving::totals);
                LocalArchiving watched = archiving;
                webConsole.archiveFrom(watched::view);
            }
            api = apiStart.join();
            moreApi = moreApiStart.join();
            fanout = fanoutStart.join();
            refreshWorker = workerStart.join();
            sqs = sqsStart.join();
            if (sqs != null) {
                QueueRecoveryReport.lines(sqs, options.sqsFolder()).forEach(line -> console.println("[sqs] " + line));
                LocalSqs queues = sqs;
                metrics.queueDepthsFrom(() -> Map.of(
                        RefreshQueueNames.QUEUE, queues.depth(queues.queues().queueUrl()),
                        RefreshQueueNames.DEAD_LETTER_QUEUE,
                                queues.depth(queues.queues().deadLetterQueueUrl())));
            }
            searchEngine = searchStart.join();
            OpenSearchClient consoleSearch =
                    searchEngine == null ? null : SearchClients.create(searchEngine.endpoint(), false);
            if (consoleSearch != null) {
                remember(consoleSearch._transport());
            }
            webConsole.verifyFrom(() -> VerifyRun.run(consoleClient, options.tableName(), consoleSearch));
            indexer = indexerStart.join();
            // An empty engine beside a table that may hold items (a kept data folder, a preloaded table): fill the
            // index from the table, as table-verify reindex does on a first deployment.
            if (searchEngine != null && searchFolderEmpty && (!created || variant.preloaded() != null)) {
                backfillSearch();
            }
        } catch (RuntimeException e) {
            // What the other starts start is remembered, and so stopped with the rest once they end.
            awaitStartsBeside();
            throw e instanceof CompletionException && e.getCause() instanceof RuntimeException cause ? cause : e;
        }
        if (fanout != null) {
            fanoutInvocations = new TimedInvoker(invoker(fanout, fanoutRuntimeApi), Clock.systemUTC());
            pump = startStreamPump(
                    variant.fanoutTrigger(),
                    FunctionDefinition.STREAM_FANOUT,
                    fanoutInvocations,
                    options.deadLetterFolder(),
                    options.checkpointFile(),
                    "stream-pump");
        }
        if (indexer != null) {
            // A second reader of the same stream, with its own trigger, checkpoints and failure destination: as the
            // deployed indexer has its own event source mapping.
            indexerInvocations = new TimedInvoker(invoker(indexer, indexerRuntimeApi), Clock.systemUTC());
            indexerPump = startStreamPump(
                    StreamTrigger.SEARCH_INDEXER,
                    FunctionDefinition.SEARCH_INDEXER,
                    indexerInvocations,
                    options.deadLetterFolder().resolve(FunctionDefinition.SEARCH_INDEXER.name()),
                    options.indexerCheckpointFile(),
                    "search-pump");
        }
        if (refreshWorker != null) {
            queuePump = remember(new QueuePump(
                            sqs.client(),
                            sqs.queues().queueUrl(),
                            sqs.queues().queueArn(),
                            LocalDynamoDb.REGION.id(),
                            ONE_WORKER_INSTANCE,
                            jobWatch(invoker(refreshWorker, workerRuntimeApi)),
                            QUEUE_LONG_POLL,
                            line -> console.println("[queue-pump] " + line))
                    .start());
        }
        report.total(since(begin));
    }

    /**
     * A pump of the table's stream to {@code function} through {@code invocations}, its failures in {@code deadLetters},
     * checkpointed in {@code checkpointFile} unless the table is in memory, its lines prefixed with {@code name}.
     */
    private StreamPump startStreamPump(
            StreamTrigger trigger,
            FunctionDefinition function,
            TimedInvoker invocations,
            Path deadLetters,
            Path checkpointFile,
            String name) {
        // The pump delivers through a watch that reads each batch's iterator age, as Lambda's metric has it.
        StreamConsumerWatch watch = new StreamConsumerWatch(function.name(), invocations, Clock.systemUTC());
        StreamPump started = remember(new StreamPump(
                        remember(dynamoDb.client()),
                        remember(dynamoDb.streamsClient()),
                        options.tableName(),
                        trigger,
                        watch,
                        new DeadLetterFolder(deadLetters, FunctionArns.of(function), Clock.systemUTC()),
                        options.inMemory() ? Checkpoints.inMemory() : Checkpoints.inFile(checkpointFile),
                        PumpOptions.DEFAULT,
                        Clock.systemUTC(),
                        line -> console.println("[" + name + "] " + line))
                .start());
        watch.caughtUpFrom(started::caughtUp);
        metrics.watch(watch);
        return started;
    }

    /** The worker's invoker, seen by the console's job list. */
    private FunctionInvoker jobWatch(FunctionInvoker worker) {
        JobWatch watch = new JobWatch(worker);
        webConsole.jobsFrom(watch);
        return watch;
    }

    /** A Runtime API on a free port for a function the pumps invoke, with its deployed timeout. */
    private RuntimeApiServer runtimeApiOf(FunctionDefinition function) {
        return remember(RuntimeApiServer.plain(0, timeoutOf(function)));
    }

    /** Invokes {@code function} through its Runtime API, with its deployed timeout. */
    private static RuntimeApiInvoker invoker(PackagedFunction function, RuntimeApiServer runtimeApi) {
        return new RuntimeApiInvoker(runtimeApi.invokeUri(), timeoutOf(function.definition()));
    }

    private static Duration timeoutOf(FunctionDefinition function) {
        return Duration.ofSeconds(function.timeoutSeconds());
    }

    /**
     * {@link Reindex} in this process: with no alias yet it creates the first index and the alias and fills them from
     * a Scan of the table while the indexer already writes through the alias, so nothing written meanwhile is lost.
     */
    private void backfillSearch() {
        try (DynamoDbClient client = dynamoDb.client();
                OpenSearchTransport transport =
                        SearchClients.create(searchEngine.endpoint(), false)._transport()) {
            ReindexSummary summary =
                    Reindex.run(client, new OpenSearchClient(transport), ReindexRequest.of(options.tableName()));
            console.printf(
                    "[search] %s: %,d documents from %,d items of %s into %s in %,d ms%n",
                    summary.mode(),
                    summary.documents(),
                    summary.itemsScanned(),
                    options.tableName(),
                    summary.index(),
                    summary.duration().toMillis());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the search client", e);
        }
    }

    private static boolean isEmptyFolder(Path folder) {
        if (!Files.isDirectory(folder)) {
            return true;
        }
        try (Stream<Path> entries = Files.list(folder)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + folder, e);
        }
    }

    /**
     * {@code start} on another thread when {@code wanted}, what it starts remembered there (so that {@link #close()} stops
     * it whenever it ends); otherwise an already completed null.
     */
    private <T extends AutoCloseable> CompletableFuture<T> startBesideIf(boolean wanted, Supplier<T> start) {
        return wanted
                ? startingBeside(CompletableFuture.supplyAsync(() -> remember(start.get()), starts))
                : CompletableFuture.completedFuture(null);
    }

    private <T> CompletableFuture<T> startingBeside(CompletableFuture<T> start) {
        startingBeside.add(start);
        return start;
    }

    /** Waits until every start on another thread has ended, started or failed (each within its own timeout). */
    private void awaitStartsBeside() {
        for (CompletableFuture<?> start : startingBeside) {
            try {
                start.join();
            } catch (RuntimeException e) {
                // It did not start, or it started after close() and stopped at once; nothing to stop.
            }
        }
    }

    /**
     * The JVM is exiting: whatever is starting on other threads is left to end (what it started then stops as it is
     * remembered), then everything stops.
     */
    private void stopAtExit() {
        synchronized (this) {
            closed = true;
        }
        boolean starting = !running;
        if (starting) {
            console.println("[local] stopping while starting...");
        }
        starts.shutdownNow();
        awaitStartsBeside();
        close();
        if (starting) {
            console.println("[local] stopped");
        }
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    /**
     * What a packaged function is told to reach: DynamoDB, and SQS with the refresh queue where it uses them (null
     * where it does not).
     */
    private record FunctionEndpoints(URI dynamoDb, URI sqs, String refreshQueueUrl) {}

    private PackagedFunction startFunction(
            FunctionDefinition function,
            RuntimeApiServer runtimeApi,
            FunctionEndpoints endpoints,
            Map<String, String> extra) {
        Map<String, String> environment = FunctionEnvironment.of(
                function,
                runtimeApi.runtimeApiAddress(),
                options.taskRoot(function),
                options.tableName(),
                endpoints.dynamoDb(),
                endpoints.sqs(),
                endpoints.refreshQueueUrl());
        environment.putAll(extra);
        environment.putAll(archiveEnvironment());
        return PackagedFunction.start(
                function,
                options.zipOf(function),
                options.taskRoot(function),
                runtimeApi,
                environment,
                console,
                (name, line) -> {
                    metrics.functionLines().accept(name, line);
                    functionLog.accept(name, line);
                });
    }

    /** Environments 1 and up of the API, started side by side from the first one's task root. */
    private List<PackagedFunction> moreApiEnvironments(PackagedFunction first) {
        List<CompletableFuture<PackagedFunction>> starting = new ArrayList<>();
        for (int instance = 1; instance < options.apiInstances(); instance++) {
            int number = instance;
            starting.add(CompletableFuture.supplyAsync(() -> remember(first.anotherEnvironment(number)), starts));
        }
        return starting.stream().map(CompletableFuture::join).toList();
    }

    /** What every function is told of the order archive once the S3 server has started; nothing when it is off. */
    private Map<String, String> archiveEnvironment() {
        LocalArchive started = archiveStart.join();
        return started == null ? Map.of() : FunctionEnvironment.archive(started.endpoint(), started.credentials());
    }

    private static URI searchEndpoint(int port) {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The engine's folder; a scratch one starts empty, as an in-memory table does. */
    private Path searchFolder() {
        Path folder = options.searchFolder();
        if (options.inMemory()) {
            deleteRecursively(folder);
        }
        return folder;
    }

    /** The S3 server's folder; a scratch one starts empty, as an in-memory table does. */
    private Path s3Folder() {
        Path folder = options.s3Folder();
        if (options.inMemory()) {
            deleteRecursively(folder);
        }
        return folder;
    }

    private static void deleteRecursively(Path folder) {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(folder)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot empty " + folder, e);
        }
    }

    private void createDataFolder() {
        try {
            Files.createDirectories(options.dataFolder());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create the data folder " + options.dataFolder(), e);
        }
    }

    private synchronized <T extends AutoCloseable> T remember(T resource) {
        if (closed) {
            try {
                resource.close();
            } catch (Exception e) {
                console.println("[local] could not stop " + resource + ": " + e);
            }
            throw new IllegalStateException("the local system was stopped while it started");
        }
        started.push(resource);
        return resource;
    }

    /** The engine's throttled requests on the table's partitions and on each index's, for the metrics. */
    private static Supplier<Map<String, Long>> throttledRequests(EngineControl engine, String tableName) {
        return () -> {
            Map<String, Long> throttled = new LinkedHashMap<>();
            throttled.put(LocalMetrics.TABLE_ITSELF, engine.throttledRequests(tableName));
            TableLayout.ENTITY
                    .indexes()
                    .forEach(index -> throttled.put(index.name(), engine.throttledRequests(tableName, index.name())));
            return throttled;
        };
    }

    private static Duration since(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }

    public LocalOptions options() {
        return options;
    }

    public int apiPort() {
        return apiFrontDoor.port();
    }

    /**
     * Every port this system listens on, by what listens there: the front door (on {@link
     * LocalOptions#apiBindAddress()}), and on the loopback address the DynamoDB engine, SQS (and ElasticMQ behind it), the
     * search engine, S3 and the functions' Runtime APIs, of those that run.
     */
    public Map<String, Integer> listeners() {
        Map<String, Integer> listeners = new LinkedHashMap<>();
        listeners.put("API front door", apiFrontDoor.port());
        listeners.put("DynamoDB engine", dynamoDb.endpoint().getPort());
        if (sqs != null) {
            listeners.put("SQS", sqs.endpoint().getPort());
            listeners.put("ElasticMQ behind SQS", sqs.elasticMqPort());
        }
        if (searchEngine != null) {
            listeners.put("search engine", searchEngine.endpoint().getPort());
        }
        if (archive != null) {
            listeners.put("S3", archive.endpoint().getPort());
        }
        runtimeApiPort(listeners, FunctionDefinition.STREAM_FANOUT, fanoutRuntimeApi);
        runtimeApiPort(listeners, FunctionDefinition.REFRESH_WORKER, workerRuntimeApi);
        runtimeApiPort(listeners, FunctionDefinition.SEARCH_INDEXER, indexerRuntimeApi);
        return listeners;
    }

    /** The name under which {@link #listeners()} lists a function's Runtime API. */
    public static String runtimeApiListener(FunctionDefinition function) {
        return function.name() + " Runtime API";
    }

    private static void runtimeApiPort(
            Map<String, Integer> listeners, FunctionDefinition function, RuntimeApiServer runtimeApi) {
        if (runtimeApi != null) {
            listeners.put(runtimeApiListener(function), runtimeApi.port());
        }
    }

    /**
     * The issuer whose tokens the front door accepts: in-JVM callers mint theirs here ({@link
     * LocalIssuer#operatorToken()}, {@link LocalIssuer#businessToken(java.util.List)}) and send them as {@code
     * Authorization: Bearer <token>}. Its key is in {@link LocalOptions#authFolder()}, so the {@code token} command
     * mints tokens this system accepts too.
     */
    public LocalIssuer issuer() {
        return issuer;
    }

    /** How the DynamoDB engine behaves: as DynamoDB does, unless the JVM's system properties say otherwise. */
    EngineSettings engineSettings() {
        return engineSettings;
    }

    public LocalDynamoDb dynamoDb() {
        return dynamoDb;
    }

    /** Every execution environment of the API: the first ({@link #api}) and those {@code --api-instances} adds. */
    public List<PackagedFunction> apiEnvironments() {
        List<PackagedFunction> all = new ArrayList<>(List.of(api));
        all.addAll(moreApi);
        return all;
    }

    public PackagedFunction api() {
        return api;
    }

    /** The fan-out function, or null when its package was not built. */
    public PackagedFunction fanout() {
        return fanout;
    }

    /** When the stream pump invoked the fan-out and for how long, or null when the fan-out is not running. */
    public TimedInvoker fanoutInvocations() {
        return fanoutInvocations;
    }

    /** The stream pump, or null when the fan-out function is not running. */
    public StreamPump pump() {
        return pump;
    }

    /** The search indexer, or null when search is not running. */
    public PackagedFunction indexer() {
        return indexer;
    }

    /** The search engine, or null when search is not running. */
    public LocalSearchEngine searchEngine() {
        return searchEngine;
    }

    /** The local S3 server with the order archive's bucket, or null when it is off ({@code --no-archive}). */
    public LocalArchive archive() {
        return archive;
    }

    /** When the search pump invoked the indexer and for how long, or null when search is not running. */
    public TimedInvoker indexerInvocations() {
        return indexerInvocations;
    }

    /** The pump feeding the stream to the search indexer, or null when search is not running. */
    public StreamPump indexerPump() {
        return indexerPump;
    }

    /** The local SQS with the refresh queue and its dead-letter queue, or null when the stream path is not running. */
    public LocalSqs queues() {
        return sqs;
    }

    /** The refresh worker (the fan-out's package with its {@code refresh} handler), or null when it is not running. */
    public PackagedFunction refreshWorker() {
        return refreshWorker;
    }

    /** The pump feeding the refresh queue to the worker, or null when the worker is not running. */
    public QueuePump queuePump() {
        return queuePump;
    }

    public StartupReport startupReport() {
        return report.build();
    }

    /** The block printed once everything is up. */
    public String statusBlock() {
        return StatusBlock.of(this);
    }

    @Override
    public void close() {
        starts.shutdown();
        synchronized (this) {
            closed = true;
            while (!started.isEmpty()) {
                AutoCloseable resource = started.pop();
                try {
                    resource.close();
                } catch (Exception e) {
                    console.println("[local] could not stop " + resource + ": " + e);
                }
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stopAtExit);
        } catch (IllegalStateException exiting) {
            // Called at exit, by the hook itself or beside it: the hook is no longer needed.
        }
    }
}
