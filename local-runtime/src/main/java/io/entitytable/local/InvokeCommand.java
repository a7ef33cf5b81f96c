package io.entitytable.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.deployment.RefreshQueueNames;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.local.auth.LocalCursorKey;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.local.function.PackagedFunction;
import io.entitytable.local.function.RuntimeApiServer;
import io.entitytable.local.pump.InvocationResult;
import io.entitytable.local.pump.RuntimeApiInvoker;
import io.entitytable.local.s3.LocalArchive;
import io.entitytable.local.sqs.LocalSqs;
import io.entitytable.s3.local.LocalS3;
import io.entitytable.search.local.LocalSearchEngine;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * {@code sam local invoke} without Docker: runs one packaged function once with one event file and prints its
 * response. The function talks to the local DynamoDB engine of a running local system when there is one on its port,
 * to a fresh in-memory engine otherwise; the fan-out, the refresh worker and the search indexer likewise get the
 * running system's SQS and queues, or a fresh local SQS with empty queues, and the search indexer the running system's
 * search engine, or a fresh one on a scratch folder (about 15 s to start). Every function gets the order archive of a
 * running system whose S3 server listens on the port, and none otherwise.
 */
public record InvokeCommand(LocalOptions options, PrintStream out, PrintStream log) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** @return the invocation's result; its payload has been printed to {@code out} */
    public InvocationResult invoke(FunctionDefinition function, Path eventFile) {
        String event = read(eventFile);
        LocalDynamoDb ownDatabase = null;
        LocalSqs ownSqs = null;
        LocalSearchEngine ownEngine = null;
        Path taskRoot = null;
        Path engineFolder = null;
        try {
            URI endpoint;
            if (listening(options.dynamoDbPort())) {
                endpoint = URI.create("http://localhost:" + options.dynamoDbPort());
                log.println("[invoke] using the DynamoDB engine running at " + endpoint);
            } else {
                ownDatabase = startQuietly();
                ownDatabase.createTable(options.tableName());
                endpoint = ownDatabase.endpoint();
                log.println("[invoke] started an in-memory " + LocalDynamoDb.engineName() + " at " + endpoint
                        + " with an empty table " + options.tableName());
            }
            URI sqsEndpoint = null;
            if (usesQueue(function)) {
                if (options.sqsPort() != 0 && listening(options.sqsPort())) {
                    sqsEndpoint = URI.create("http://localhost:" + options.sqsPort());
                    log.println("[invoke] using the SQS running at " + sqsEndpoint);
                } else {
                    ownSqs = LocalSqs.start(0, RefreshQueueTrigger.DEFAULT);
                    sqsEndpoint = ownSqs.endpoint();
                    log.println("[invoke] started a local SQS at " + sqsEndpoint + " with empty queues");
                }
            }
            String refreshQueueUrl =
                    sqsEndpoint == null ? null : LocalSqs.queueUrl(sqsEndpoint, RefreshQueueNames.QUEUE);
            Map<String, String> extra = new LinkedHashMap<>(runningArchive());
            if (function.equals(FunctionDefinition.SEARCH_INDEXER)) {
                URI searchEndpoint;
                if (listening(options.searchPort())) {
                    searchEndpoint = URI.create("http://127.0.0.1:" + options.searchPort());
                    log.println("[invoke] using the search engine running at " + searchEndpoint);
                } else {
                    engineFolder = Files.createTempDirectory("entity-table-search-");
                    ownEngine = LocalSearchEngine.start(engineFolder, LocalDynamoDb.freePort());
                    searchEndpoint = ownEngine.endpoint();
                    log.println("[invoke] started a search engine at " + searchEndpoint + " on an empty folder");
                }
                extra.putAll(FunctionEnvironment.indexer(searchEndpoint, sqsEndpoint));
            }
            if (function.equals(FunctionDefinition.API)) {
                // The running system's key, so a cursor it handed out works in an invoked event too.
                extra.putAll(FunctionEnvironment.api(LocalCursorKey.inFolder(options.authFolder())));
            }
            taskRoot = Files.createTempDirectory("entity-table-" + function.name() + "-");
            try (RuntimeApiServer runtimeApi =
                            RuntimeApiServer.plain(0, Duration.ofSeconds(function.timeoutSeconds()));
                    PackagedFunction running = PackagedFunction.start(
                            function,
                            options.zipOf(function),
                            taskRoot,
                            runtimeApi,
                            with(
                                    FunctionEnvironment.of(
                                            function,
                                            runtimeApi.runtimeApiAddress(),
                                            taskRoot,
                                            options.tableName(),
                                            endpoint,
                                            sqsEndpoint,
                                            refreshQueueUrl),
                                    extra),
                            log,
                            PackagedFunction.CONSOLE_ONLY)) {
                long start = System.nanoTime();
                InvocationResult result = new RuntimeApiInvoker(
                                runtimeApi.invokeUri(), Duration.ofSeconds(function.timeoutSeconds()))
                        .invoke(event);
                Duration duration = Duration.ofNanos(System.nanoTime() - start);
                out.println(pretty(result.payload()));
                log.println("[invoke] REPORT function " + function.name() + "  init "
                        + StatusBlock.seconds(running.initTime())
                        + "  duration " + duration.toMillis() + " ms  "
                        + (result.functionError() ? "FUNCTION ERROR" : "ok"));
                return result;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (ownEngine != null) {
                ownEngine.close();
            }
            deleteQuietly(engineFolder);
            if (ownSqs != null) {
                ownSqs.close();
            }
            if (ownDatabase != null) {
                ownDatabase.close();
            }
            deleteQuietly(taskRoot);
        }
    }

    /**
     * The order archive of a running system, when its S3 server listens on the port: the bucket, the server, and its
     * key, read from the default data folder (as the API's cursor key is), the kept table's folder or an in-memory
     * one's, whichever key the server accepts. Nothing when no server listens, or it accepts neither key (a system on
     * another data folder).
     */
    Map<String, String> runningArchive() {
        if (!options.archive() || options.s3Port() == 0 || !listening(options.s3Port())) {
            return Map.of();
        }
        URI endpoint = URI.create("http://127.0.0.1:" + options.s3Port());
        List<Path> folders = List.of(options.s3Folder(false), options.s3Folder(true));
        for (Path folder : folders) {
            Optional<LocalS3.Credentials> key = LocalArchive.credentialsIn(folder);
            if (key.isPresent() && accepts(endpoint, key.get())) {
                log.println("[invoke] using the S3 running at " + endpoint + ", bucket " + OrderArchiveBucket.LOCAL_NAME
                        + ", key of " + LocalArchive.credentialsFile(folder));
                return FunctionEnvironment.archive(endpoint, key.get());
            }
        }
        log.println("[invoke] S3 listens at " + endpoint + " but shows no bucket " + OrderArchiveBucket.LOCAL_NAME
                + " to a key of "
                + folders.stream().map(LocalArchive::credentialsFile).toList()
                + " (a system on another data folder?): the function gets no archive");
        return Map.of();
    }

    /** Whether the server at {@code endpoint} lets {@code key} see the archive's bucket. */
    private static boolean accepts(URI endpoint, LocalS3.Credentials key) {
        try (S3Client client = LocalArchive.client(endpoint, key)) {
            client.headBucket(request -> request.bucket(OrderArchiveBucket.LOCAL_NAME));
            return true;
        } catch (SdkException refusedOrMissing) {
            return false;
        }
    }

    /** The functions that use a queue: the refresh queue, or the search indexer's refused records. */
    private static boolean usesQueue(FunctionDefinition function) {
        return function.equals(FunctionDefinition.STREAM_FANOUT)
                || function.equals(FunctionDefinition.REFRESH_WORKER)
                || function.equals(FunctionDefinition.SEARCH_INDEXER);
    }

    private static Map<String, String> with(Map<String, String> environment, Map<String, String> extra) {
        Map<String, String> all = new LinkedHashMap<>(environment);
        all.putAll(extra);
        return all;
    }

    /** Whatever the engine prints while it starts goes to stderr: stdout is reserved for the function's response here. */
    private static LocalDynamoDb startQuietly() {
        PrintStream stdout = System.out;
        System.setOut(System.err);
        try {
            return LocalDynamoDb.startInMemory();
        } finally {
            System.setOut(stdout);
        }
    }

    private static String read(Path eventFile) {
        try {
            return Files.readString(eventFile);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the event file " + eventFile, e);
        }
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("localhost", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String pretty(String payload) {
        if (payload == null || payload.isBlank()) {
            return "";
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(JSON.readTree(payload));
        } catch (IOException e) {
            return payload;
        }
    }

    private static void deleteQuietly(Path directory) {
        if (directory == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A temporary folder left behind is harmless.
        }
    }
}
