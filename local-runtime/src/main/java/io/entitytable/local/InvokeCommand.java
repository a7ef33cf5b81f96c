package io.entitytable.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.local.function.PackagedFunction;
import io.entitytable.local.function.RuntimeApiServer;
import io.entitytable.local.pump.InvocationResult;
import io.entitytable.local.pump.RuntimeApiInvoker;
import io.entitytable.model.FunctionDefinition;
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
import java.util.stream.Stream;

/**
 * {@code sam local invoke} without Docker: runs one packaged function once with one event file and prints its
 * response. The function talks to the DynamoDB Local of a running local system when there is one on its port, to a
 * fresh in-memory DynamoDB Local otherwise.
 */
public record InvokeCommand(LocalOptions options, PrintStream out, PrintStream log) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** @return the invocation's result; its payload has been printed to {@code out} */
    public InvocationResult invoke(FunctionDefinition function, Path eventFile) {
        String event = read(eventFile);
        LocalDynamoDb ownDatabase = null;
        Path taskRoot = null;
        try {
            URI endpoint;
            if (listening(options.dynamoDbPort())) {
                endpoint = URI.create("http://localhost:" + options.dynamoDbPort());
                log.println("[invoke] using the DynamoDB Local running at " + endpoint);
            } else {
                ownDatabase = startQuietly();
                ownDatabase.createTable(options.tableName());
                endpoint = ownDatabase.endpoint();
                log.println("[invoke] started an in-memory DynamoDB Local at " + endpoint + " with an empty table "
                        + options.tableName());
            }
            taskRoot = Files.createTempDirectory("entity-table-" + function.name() + "-");
            try (RuntimeApiServer runtimeApi = RuntimeApiServer.plain(0);
                    PackagedFunction running = PackagedFunction.start(
                            function,
                            options.zipOf(function),
                            taskRoot,
                            runtimeApi,
                            FunctionEnvironment.of(
                                    function, runtimeApi.runtimeApiAddress(), taskRoot, options.tableName(), endpoint),
                            log)) {
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
            if (ownDatabase != null) {
                ownDatabase.close();
            }
            deleteQuietly(taskRoot);
        }
    }

    /** DynamoDB Local prints its settings to stdout, which is reserved for the function's response here. */
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
