package io.entitytable.local.function;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.logs.ThreadDumps;
import io.entitytable.search.local.ClassDataArchive;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * One deployment package (the {@code function.zip} that {@code cdk deploy} ships) running in a child JVM the way
 * Lambda runs it: unzipped into a task root, AWS's runtime interface client as the main class with the function's
 * handler string, the function's classes loaded by the client from the task root and {@code lib/}, events fetched
 * from a {@link RuntimeApiServer}. Its output goes to this process's console, each line prefixed with the function's
 * name.
 */
public final class PackagedFunction implements AutoCloseable {
    private static final Duration INIT_TIMEOUT = Duration.ofSeconds(120);

    private static final Duration RESTART_PAUSE = Duration.ofSeconds(1);

    /** The least memory of what HotSpot counts as a server-class machine (2 GB less its 256 MB allowance). */
    private static final int SERVER_CLASS_MEMORY_MB = 1792;

    private final FunctionDefinition definition;
    private final RuntimeApiServer runtimeApi;
    /** Which of the function's execution environments this is ({@link RuntimeApiServer#runtimeApiAddress(int)}). */
    private final int instance;

    private final ProcessBuilder builder;
    /** The JVM's command line without its class-data options, which each launch chooses for itself. */
    private final List<String> command;

    private final FunctionClassData classData;
    private final Map<String, String> environment;
    private final PrintStream console;
    private final BiConsumer<String, String> output;
    private final Duration unzipTime;
    private final Duration initTime;
    private volatile Process process;
    private volatile boolean closing;

    /** For {@link #start}'s {@code output} where the printed lines are only for the console. */
    public static final BiConsumer<String, String> CONSOLE_ONLY = (function, line) -> {};

    /** Launches the child JVM and waits for its init phase; stops it when the init fails. */
    private PackagedFunction(
            FunctionDefinition definition,
            RuntimeApiServer runtimeApi,
            int instance,
            ProcessBuilder builder,
            FunctionClassData classData,
            Map<String, String> environment,
            PrintStream console,
            BiConsumer<String, String> output,
            Duration unzipTime) {
        this.definition = definition;
        this.runtimeApi = runtimeApi;
        this.instance = instance;
        this.builder = builder;
        this.command = List.copyOf(builder.command());
        this.classData = classData;
        this.environment = Map.copyOf(environment);
        this.console = console;
        this.output = output;
        this.unzipTime = unzipTime;
        long initStart = System.nanoTime();
        this.process = launch();
        try {
            this.initTime = awaitInit(
                    definition,
                    process,
                    runtimeApi,
                    instance,
                    initStart,
                    builder.directory().toPath(),
                    console);
        } catch (RuntimeException e) {
            stop(process);
            throw e;
        }
    }

    /**
     * Unzips {@code zip} into {@code taskRoot} (emptied first), starts the child JVM and waits until its runtime client
     * polls {@code runtimeApi} for the first event, which happens once the handler class is loaded and initialised.
     * Every line the function prints also goes to {@code output} (the function's name, the line), as CloudWatch Logs
     * receives a deployed function's log: how the local system reads the functions' metric lines.
     */
    public static PackagedFunction start(
            FunctionDefinition definition,
            Path zip,
            Path taskRoot,
            RuntimeApiServer runtimeApi,
            Map<String, String> environment,
            PrintStream console,
            BiConsumer<String, String> output) {
        if (!Files.isRegularFile(zip)) {
            throw new IllegalStateException("No deployment package for function '" + definition.name() + "' at " + zip
                    + "; build it with: mvn -B -pl " + definition.module() + " -am package -DskipTests");
        }
        long unzipStart = System.nanoTime();
        boolean unzipped = FunctionPackage.unzip(zip, taskRoot);
        Duration unzipTime = Duration.ofNanos(System.nanoTime() - unzipStart);

        ProcessBuilder builder = new ProcessBuilder(command(definition, taskRoot))
                .directory(taskRoot.toFile())
                .redirectErrorStream(false);
        builder.environment().putAll(environment);
        return new PackagedFunction(
                        definition,
                        runtimeApi,
                        0,
                        builder,
                        FunctionClassData.of(definition, zip),
                        environment,
                        console,
                        output,
                        unzipped ? unzipTime : null)
                .supervised();
    }

    /**
     * Another execution environment of this function, number {@code instance} (1 and up), as Lambda starts one for an
     * invocation that finds every environment busy: a child JVM of the same task root (not unzipped again while the
     * others read it) that polls the same events under its own number, so that its timeout or exit ends its own
     * invocations only.
     */
    public PackagedFunction anotherEnvironment(int instance) {
        Map<String, String> variables = new LinkedHashMap<>(environment);
        variables.put(FunctionEnvironment.RUNTIME_API, runtimeApi.runtimeApiAddress(instance));
        ProcessBuilder another =
                new ProcessBuilder(command).directory(builder.directory()).redirectErrorStream(false);
        another.environment().putAll(variables);
        return new PackagedFunction(
                        definition, runtimeApi, instance, another, classData, variables, console, output, null)
                .supervised();
    }

    /** Watches the child JVM from now on: restarted when it exits, ended when an invocation runs past the timeout. */
    private PackagedFunction supervised() {
        superviseInBackground();
        runtimeApi.onOverdue(instance, this::endOverdueEnvironment);
        return this;
    }

    /**
     * Starts the function's JVM, mapping its class-data archive or, while there is none, writing one as it exits: a
     * start then takes most of its classes already parsed and verified from the archive, much as the deployed function
     * restores them with its SnapStart snapshot.
     */
    private Process launch() {
        ClassDataArchive archive = classData.next();
        List<String> launched = new ArrayList<>(command);
        launched.addAll(1, archive.jvmOptions());
        builder.command(launched);
        try {
            Process process = builder.start();
            process.onExit().thenAccept(exited -> archive.keep(exited.exitValue()));
            forward(process.getInputStream(), definition.name(), console, output);
            forward(process.getErrorStream(), definition.name(), console, output);
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start the JVM of function '" + definition.name() + "'", e);
        }
    }

    /**
     * When the function's JVM dies (a crash, {@code System.exit}, an out-of-memory error, the runtime client giving
     * up, or {@link #endOverdueEnvironment}), the invocation it held is answered as Lambda answers one whose runtime
     * exited, and Lambda would use a new execution environment for the next event; so does this, after a short pause.
     */
    private void superviseInBackground() {
        Thread supervisor = new Thread(
                () -> {
                    while (!closing) {
                        try {
                            Process current = process;
                            current.waitFor();
                            if (closing) {
                                return;
                            }
                            JvmExit exit =
                                    JvmExit.of(current, builder.directory().toPath());
                            exit.report(definition.name(), console);
                            int failed = runtimeApi.failHandedOut(exit.toString(), instance);
                            console.println("[" + definition.name() + "] the function's JVM " + exit
                                    + (failed > 0 ? " during an invocation, answered as failed" : "")
                                    + "; starting a new one");
                            Thread.sleep(RESTART_PAUSE.toMillis());
                            if (!closing) {
                                process = launch();
                            }
                        } catch (InterruptedException e) {
                            return;
                        } catch (RuntimeException e) {
                            console.println("[" + definition.name() + "] could not restart: " + e.getMessage());
                            return;
                        }
                    }
                },
                "supervisor-" + definition.name());
        supervisor.setDaemon(true);
        supervisor.start();
    }

    private static Duration awaitInit(
            FunctionDefinition definition,
            Process process,
            RuntimeApiServer runtimeApi,
            int instance,
            long initStart,
            Path taskRoot,
            PrintStream console) {
        long deadline = initStart + INIT_TIMEOUT.toNanos();
        try {
            while (!runtimeApi.awaitFirstPoll(instance, Duration.ofMillis(50))) {
                if (!process.isAlive()) {
                    JvmExit exit = JvmExit.of(process, taskRoot);
                    exit.report(definition.name(), console);
                    throw new IllegalStateException("Function '" + definition.name()
                            + "' exited during its init phase: " + exit + "; see its log lines above");
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException(
                            "Function '" + definition.name() + "' did not finish its init phase in " + INIT_TIMEOUT);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while function '" + definition.name() + "' started", e);
        }
        return Duration.ofNanos(System.nanoTime() - initStart);
    }

    private static List<String> command(FunctionDefinition definition, Path taskRoot) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // The deployed function's own options (its JAVA_TOOL_OPTIONS); Lambda's Java runtimes give the heap most of the
        // configured memory.
        command.addAll(FunctionDefinition.JAVA_OPTIONS);
        command.add("-Xmx" + (definition.memoryMb() * 85 / 100) + "m");
        if (definition.memoryMb() < SERVER_CLASS_MEMORY_MB) {
            // A function's JVM on Lambda sees its memory size as the machine's, and below a server-class machine's
            // memory the JVM picks the serial collector; here it would see this machine's and pick G1, whose start-up
            // and background threads the deployed function does not pay.
            command.add("-XX:+UseSerialGC");
        }
        command.add("-Xshare:auto");
        RuntimeClientNativeLibrary.unpackInto(taskRoot)
                .ifPresent(library -> command.add("-D" + RuntimeClientNativeLibrary.PROPERTY + "=" + library));
        // A JVM crash leaves its report in the task root, where JvmExit finds it and prints its head.
        command.add("-XX:ErrorFile=" + taskRoot.toAbsolutePath().resolve(JvmExit.CRASH_REPORT_PATTERN));
        command.add("-cp");
        command.add(RuntimeClientClasspath.asString());
        command.add(RuntimeClientClasspath.MAIN_CLASS);
        command.add(definition.handler());
        return command;
    }

    private static void forward(
            InputStream stream, String name, PrintStream console, BiConsumer<String, String> output) {
        Thread thread = new Thread(
                () -> {
                    try (BufferedReader reader =
                            new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = reader.readLine()) != null) {
                            console.println("[" + name + "] " + line);
                            output.accept(name, line);
                        }
                    } catch (IOException e) {
                        // The child is gone; nothing more to forward.
                    }
                },
                "log-" + name);
        thread.setDaemon(true);
        thread.start();
    }

    public FunctionDefinition definition() {
        return definition;
    }

    /** The variables given to the function's JVM on top of those it inherits: Lambda's and the stack's. */
    public Map<String, String> environment() {
        return environment;
    }

    /** Time to unzip the package into the task root, or null when the task root already held this zip. */
    public Duration unzipTime() {
        return unzipTime;
    }

    /** Time from starting the JVM to the runtime client's first poll: the local equivalent of Lambda's Init Duration. */
    public Duration initTime() {
        return initTime;
    }

    /**
     * Ends the JVM of an invocation that outlived the function's timeout, as Lambda ends its execution environment: the
     * JVM may be stuck, and it takes no other event while the invocation runs. Its threads go to the console first, to
     * say where it was; the supervisor starts a new one.
     */
    private void endOverdueEnvironment() {
        Process current = process;
        console.println("[" + definition.name() + "] an invocation ran past the function's timeout of "
                + definition.timeoutSeconds() + " s: its threads, then its JVM is ended, as Lambda ends the execution"
                + " environment");
        ThreadDumps.printOf(current.toHandle(), console);
        current.destroyForcibly();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        closing = true;
        stop(process);
    }

    private static void stop(Process process) {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
