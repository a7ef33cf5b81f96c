package io.entitytable.bench;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.auth.LocalCursorKey;
import io.entitytable.local.function.FunctionEnvironment;
import io.entitytable.local.function.PackagedFunction;
import io.entitytable.local.function.RuntimeApiServer;
import io.entitytable.local.pump.InvocationResult;
import io.entitytable.local.pump.RuntimeApiInvoker;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Cold starts of each packaged function and of the bare handler, one after the other (never two at once): a fresh
 * task root, a child JVM running AWS's runtime client, as {@link PackagedFunction} does for the local system. Init is
 * JVM start to the runtime client's first poll (Lambda's Init Duration); the first invocation follows at once; their
 * sum is the cold start a caller sees, less the unzip (timed apart, Lambda does not charge it to the function).
 */
record StartupBench(Path workFolder, String tableName, URI dynamoDbEndpoint, PrintStream console) {
    record Start(double initMs, double firstInvokeMs, double unzipMs) {
        double totalMs() {
            return initMs + firstInvokeMs;
        }
    }

    record FunctionStarts(FunctionDefinition definition, Path zip, String event, List<Start> starts) {
        /**
         * The fastest of the starts (init + first invocation): on a shared machine noise only ever adds time, so the
         * best of n is the steadiest estimate of what the function itself needs.
         */
        Start best() {
            return starts.stream()
                    .min((a, b) -> Double.compare(a.totalMs(), b.totalMs()))
                    .orElseThrow();
        }
    }

    /** Starts each function {@code repeats} times, rotating through them so drift in machine load hits all alike. */
    Map<FunctionDefinition, FunctionStarts> run(
            Map<FunctionDefinition, Path> zips, Map<FunctionDefinition, String> events, int repeats) {
        Map<FunctionDefinition, FunctionStarts> results = new LinkedHashMap<>();
        zips.forEach((definition, zip) -> results.put(
                definition, new FunctionStarts(definition, zip, events.get(definition), new java.util.ArrayList<>())));
        for (int repeat = 0; repeat < repeats; repeat++) {
            for (FunctionStarts function : results.values()) {
                Start start = startOnce(function.definition(), function.zip(), function.event(), null);
                function.starts().add(start);
                System.err.printf(
                        Locale.ROOT,
                        "[bench] start-up %s: init %s ms + first invocation %s ms%n",
                        function.definition().name(),
                        Samples.ms(start.initMs()),
                        Samples.ms(start.firstInvokeMs()));
            }
        }
        return results;
    }

    /** What Lambda and the stack give the function; the API also its cursor key, kept in the work folder. */
    private Map<String, String> environment(FunctionDefinition definition, RuntimeApiServer runtimeApi, Path taskRoot) {
        Map<String, String> environment = FunctionEnvironment.of(
                definition, runtimeApi.runtimeApiAddress(), taskRoot, tableName, dynamoDbEndpoint);
        if (definition.equals(FunctionDefinition.API)) {
            environment.putAll(FunctionEnvironment.api(LocalCursorKey.inFolder(workFolder.resolve("auth"))));
        }
        return environment;
    }

    /**
     * Starts a function and, after its first invocation, invokes it {@code warmInvocations} more times with {@code
     * warmEvent}; returns the cold start and fills {@code warm} with those invocations' durations.
     */
    Start startOnce(FunctionDefinition definition, Path zip, String event, WarmRun warmRun) {
        Path taskRoot = workFolder.resolve("task-" + definition.name() + "-" + System.nanoTime());
        try (RuntimeApiServer runtimeApi = RuntimeApiServer.plain(0);
                PackagedFunction function = PackagedFunction.start(
                        definition,
                        zip,
                        taskRoot,
                        runtimeApi,
                        environment(definition, runtimeApi, taskRoot),
                        console,
                        PackagedFunction.CONSOLE_ONLY)) {
            RuntimeApiInvoker invoker =
                    new RuntimeApiInvoker(runtimeApi.invokeUri(), Duration.ofSeconds(definition.timeoutSeconds()));
            long begin = System.nanoTime();
            InvocationResult result = invoker.invoke(event);
            double first = (System.nanoTime() - begin) / 1_000_000.0;
            if (result.functionError()) {
                throw new IllegalStateException(
                        "first invocation of " + definition.name() + " failed: " + result.payload());
            }
            if (warmRun != null) {
                for (int i = 0; i < warmRun.warmup() + warmRun.iterations(); i++) {
                    long t = System.nanoTime();
                    InvocationResult warm = invoker.invoke(warmRun.event());
                    long elapsed = System.nanoTime() - t;
                    if (warm.functionError()) {
                        throw new IllegalStateException("warm invocation failed: " + warm.payload());
                    }
                    if (i >= warmRun.warmup()) {
                        warmRun.samples().add(elapsed);
                    }
                }
            }
            return new Start(
                    function.initTime().toNanos() / 1_000_000.0,
                    first,
                    function.unzipTime() == null
                            ? Double.NaN
                            : function.unzipTime().toNanos() / 1_000_000.0);
        } finally {
            deleteQuietly(taskRoot);
        }
    }

    /** Warm invocations to run after a cold start, and where their durations go. */
    record WarmRun(String event, int warmup, int iterations, Samples samples) {}

    static String readEvent(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the event " + file, e);
        }
    }

    private static void deleteQuietly(Path directory) {
        try (var paths = Files.walk(directory)) {
            paths.sorted(java.util.Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A leftover temporary folder is harmless.
        }
    }
}
