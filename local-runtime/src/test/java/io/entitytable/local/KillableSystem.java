package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.archive.OrderArchive;
import io.entitytable.checks.DriftCheck;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.deployment.RefreshQueueNames;
import io.entitytable.local.auth.LocalIssuer;
import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.s3.LocalArchive;
import io.entitytable.local.sqs.LocalSqs;
import io.entitytable.model.RefreshJob;
import io.entitytable.s3.local.LocalS3;
import io.entitytable.search.client.SearchClients;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * The local runtime as a developer runs it, README command 1 ({@code start}), in a process of its own on one data
 * folder and the same ports at every start, killed with SIGKILL with every process it started, and checked from
 * outside through its ports: the DynamoDB engine, the search engine, SQS and the API. Its engine rolls a stream's shard
 * over every few seconds instead of DynamoDB's four hours, so kills land in the middle of handovers too.
 */
final class KillableSystem implements AutoCloseable {
    static final String TABLE = "Entity";
    /** What the status block says once everything is up. */
    private static final String READY = "Entity Table is running locally";

    private static final Duration STARTS_WITHIN = Duration.ofMinutes(3);
    private static final Duration DIES_WITHIN = Duration.ofSeconds(30);
    private static final Duration SHARD_AGE = Duration.ofSeconds(5);

    private final LocalOptions options;
    private final int sqsPort;
    private final int searchPort;
    private final int s3Port = LocalDynamoDb.freePort();
    private final DynamoDbClient dynamo;
    private final SqsClient sqs;
    private final OpenSearchClient search;
    private LocalRuntimeProcess process;
    private long startedNanos;
    private int runs;

    private KillableSystem(LocalOptions options, int sqsPort, int searchPort) {
        this.options = options;
        this.sqsPort = sqsPort;
        this.searchPort = searchPort;
        this.dynamo = DynamoDbClient.builder()
                .endpointOverride(URI.create("http://localhost:" + options.dynamoDbPort()))
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create())
                .build();
        this.sqs = LocalSqs.client(URI.create("http://localhost:" + sqsPort));
        this.search = SearchClients.create(URI.create("http://127.0.0.1:" + searchPort), false);
    }

    /**
     * A data folder whose table holds a store linked to {@code links} customers, not started yet. The seed's records are
     * in the table's stream, which the first start works through.
     */
    static KillableSystem seeded(Path dataFolder, int links, List<LinkedStoreSeed.Seeded> seeded) {
        LocalOptions options = new LocalOptions(
                TestRepository.root(), dataFolder, false, LocalDynamoDb.freePort(), LocalDynamoDb.freePort(), TABLE);
        try (LocalDynamoDb db = LocalDynamoDb.start(options.dynamoDbPort(), options.databaseFolder());
                DynamoDbClient client = db.client()) {
            db.createTable(TABLE);
            seeded.add(LinkedStoreSeed.writeIntoStream(client, TABLE, links));
        }
        return new KillableSystem(options, LocalDynamoDb.freePort(), LocalDynamoDb.freePort());
    }

    /** A data folder as another version of the local runtime left it, not started. */
    static KillableSystem on(Path dataFolder) {
        LocalOptions options = new LocalOptions(
                TestRepository.root(), dataFolder, false, LocalDynamoDb.freePort(), LocalDynamoDb.freePort(), TABLE);
        return new KillableSystem(options, LocalDynamoDb.freePort(), LocalDynamoDb.freePort());
    }

    /** Starts it, as README command 1 on this data folder and these ports, and waits for its status block. */
    void start() throws InterruptedException {
        startedNanos = System.nanoTime();
        runs++;
        process = LocalRuntimeProcess.start(
                Map.of(EngineProperty.SHARD_ROLLOVER_SECONDS.propertyName(), Long.toString(SHARD_AGE.toSeconds())),
                "start",
                "--data",
                options.dataFolder().toString(),
                "--api-port",
                Integer.toString(options.apiPort()),
                "--dynamodb-port",
                Integer.toString(options.dynamoDbPort()),
                "--sqs-port",
                Integer.toString(sqsPort),
                "--search-port",
                Integer.toString(searchPort),
                "--s3-port",
                Integer.toString(s3Port));
        if (!process.awaitStdout(READY, STARTS_WITHIN)) {
            throw new AssertionError(
                    "the local runtime did not start within " + STARTS_WITHIN + "; it printed:\n" + process.output());
        }
    }

    /**
     * Waits until both stream pumps have read what was in the stream at the start (each says so once), as after a seed
     * that went through the stream; false if the timeout passes first.
     */
    boolean awaitPumpsCaughtUp(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        return process.awaitStdout("[stream-pump] resumed: ", timeout)
                && process.awaitStdout(
                        "[search-pump] resumed: ", Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    }

    /** When the last {@link #start()} was called. */
    Duration sinceStart() {
        return Duration.ofNanos(System.nanoTime() - startedNanos);
    }

    /**
     * Kills the whole system with SIGKILL and checks that no process of it is left: none of those it started, and none
     * that names its data folder (a function's or the engine's JVM would hold its folders and ports).
     */
    void kill() throws InterruptedException {
        int killed = process.killWithChildren(DIES_WITHIN);
        keepOutput();
        String folder = options.dataFolder().toString();
        List<String> left = ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .filter(handle -> handle.info().commandLine().orElse("").contains(folder))
                .map(handle -> handle.pid() + " " + handle.info().commandLine().orElse(""))
                .toList();
        assertThat(left).as("processes of the killed system still running").isEmpty();
        System.out.println("[test] killed " + killed + " processes with SIGKILL");
    }

    /** What a run printed, in {@code target/crash-runs/} for whoever reads a failure. */
    private void keepOutput() {
        Path folder = TestRepository.root().resolve("local-runtime/target/crash-runs");
        try {
            Files.createDirectories(folder);
            Files.writeString(
                    folder.resolve(options.dataFolder().getFileName() + "-run" + runs + ".log"), process.output());
        } catch (IOException e) {
            System.out.println("[test] could not keep the run's output: " + e);
        }
    }

    /** What the running (or last killed) process printed on stdout. */
    String stdout() {
        return process.stdout();
    }

    /** The lines of stdout that say what a start recovered. */
    List<String> recoveryLines() {
        return stdout().lines()
                .filter(line -> line.contains("] resumed: ") || line.startsWith("[sqs] "))
                .toList();
    }

    FrontDoorClient api() {
        return new FrontDoorClient(
                options.apiPort(), LocalIssuer.inFolder(options.authFolder()).operatorToken());
    }

    DynamoDbClient dynamo() {
        return dynamo;
    }

    OpenSearchClient search() {
        return search;
    }

    /** The order archive on the system's S3 port, signed with its data folder's key (there once it has started). */
    OrderArchive archive() {
        LocalS3.Credentials key = LocalS3.credentialsIn(options.s3Folder())
                .orElseThrow(() -> new IllegalStateException("the S3 server never started on " + options.s3Folder()));
        return new OrderArchive(
                LocalArchive.client(URI.create("http://127.0.0.1:" + s3Port), key), OrderArchiveBucket.LOCAL_NAME);
    }

    /**
     * Checks until neither the table nor the search index has drift, or {@code afterStart} after the last start; returns
     * the last check (the caller asserts on it).
     */
    DriftCheck awaitConverged(Duration afterStart) throws InterruptedException {
        DriftCheck check = DriftCheck.of(dynamo, TABLE).withSearch(search);
        while (!(check.clean() && check.indexFindings().isEmpty())
                && sinceStart().compareTo(afterStart) < 0) {
            Thread.sleep(500);
            check = DriftCheck.of(dynamo, TABLE).withSearch(search);
        }
        return check;
    }

    /** The subject's refresh job as the table holds it, if it has one. */
    Optional<RefreshJob> job(String subjectRef, String subjectId) {
        Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(TABLE)
                        .key(RefreshJob.keyOf(subjectId).toAttributes())
                        .consistentRead(true))
                .item();
        return item == null || item.isEmpty() ? Optional.empty() : Optional.of(RefreshJob.from(item));
    }

    /** Messages in the refresh queue's dead-letter queue. */
    int refreshDeadLetters() {
        String url = LocalSqs.queueUrl(URI.create("http://localhost:" + sqsPort), RefreshQueueNames.DEAD_LETTER_QUEUE);
        return Integer.parseInt(
                sqs.getQueueAttributes(b -> b.queueUrl(url).attributeNamesWithStrings("ApproximateNumberOfMessages"))
                        .attributesAsStrings()
                        .get("ApproximateNumberOfMessages"));
    }

    /** Files in the stream pumps' dead-letter folders. */
    List<Path> streamDeadLetters() throws IOException {
        if (!Files.isDirectory(options.deadLetterFolder())) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(options.deadLetterFolder())) {
            return files.filter(Files::isRegularFile).toList();
        }
    }

    /** Stops a running system as Ctrl-C does. */
    @Override
    public void close() throws Exception {
        try {
            if (process != null) {
                process.close();
                keepOutput();
            }
        } finally {
            dynamo.close();
            sqs.close();
            search._transport().close();
        }
    }
}
