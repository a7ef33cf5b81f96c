package io.entitytable.search.local;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Starts the local search engine ({@link LocalSearchMain}) in a child JVM and stops it. The engine's Netty, log4j and
 * Jackson stay in that JVM, so they never meet the versions of the process that starts it (Quarkus, the local
 * runtime, tests). This class uses the JDK only: it is what consumers get from this artifact (with the JDK-only
 * {@link WebPageRequests}).
 *
 * @param child the engine's JVM
 * @param endpoint the engine's HTTP endpoint, e.g. {@code http://127.0.0.1:41234}
 */
public record LocalSearchEngine(Child child, URI endpoint) implements AutoCloseable {
    /** The engine prints this, then its endpoint, on stdout once it accepts requests. */
    public static final String READY_PREFIX = "entity-table search ready ";

    static final String MAIN_CLASS = "io.entitytable.search.local.LocalSearchMain";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final int LAST_LINES = 40;

    /**
     * Starts an engine on {@code dataDir} (created if missing; one engine per folder) and waits until it is ready.
     *
     * @param port the HTTP port, 0 for any free one
     */
    public static LocalSearchEngine start(Path dataDir, int port) {
        Path target = moduleTarget();
        Path jar = target.resolve("local-search.jar");
        Path lib = target.resolve("lib");
        String classpath = jar + File.pathSeparator + lib + "/*";
        return start(dataDir, port, classpath, ClassDataArchive.of(target, ClassDataArchive.jars(jar, lib)));
    }

    /** An engine on {@code classpath} as it is, without a class-data archive (tests of the launcher itself). */
    static LocalSearchEngine start(Path dataDir, int port, String classpath) {
        return start(dataDir, port, classpath, null);
    }

    private static LocalSearchEngine start(Path dataDir, int port, String classpath, ClassDataArchive archive) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // The engine holds a few small indexes: a capped heap keeps it near 300-400 MB resident.
                "-Xmx256m",
                "-Xms256m",
                "-Dopensearch.set.netty.runtime.available.processors=false",
                "-Dlog4j2.loggerContextFactory=org.apache.logging.log4j.core.impl.Log4jContextFactory",
                "-Djava.util.logging.manager=java.util.logging.LogManager"));
        if (archive != null) {
            command.addAll(archive.jvmOptions());
        }
        command.addAll(
                List.of("-cp", classpath, MAIN_CLASS, dataDir.toAbsolutePath().toString(), Integer.toString(port)));
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the local search engine", e);
        }
        Child child = new Child(process, archive);
        OutputWatcher watcher = new OutputWatcher(process);
        watcher.start();
        try {
            URI endpoint = watcher.ready.get(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return new LocalSearchEngine(child, endpoint);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            child.stop();
            throw new IllegalStateException("interrupted while the local search engine started", e);
        } catch (ExecutionException | TimeoutException e) {
            child.stop();
            throw new IllegalStateException(
                    "the local search engine did not start within " + START_TIMEOUT.toSeconds()
                            + " s; its last output:\n" + watcher.lastLines(),
                    e);
        }
    }

    public boolean isAlive() {
        return child.process().isAlive();
    }

    /** Asks the engine to stop (SIGTERM, so it flushes and releases its data folder) and waits for it. */
    @Override
    public void close() {
        child.stop();
    }

    /** The engine's JVM and the class-data archive it may write as it exits (none for the launcher's own tests). */
    private record Child(Process process, ClassDataArchive archive) {
        void stop() {
            process.destroy();
            try {
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
            if (archive != null && !process.isAlive()) {
                archive.keep(process.exitValue());
            }
        }
    }

    /**
     * This module's {@code target} folder, found from the working directory upwards, so that the repository root (the
     * local runtime) and any module's tests find it alike.
     */
    static Path moduleTarget() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path target = dir.resolve("local-search").resolve("target");
            if (Files.isRegularFile(target.resolve("local-search.jar"))) {
                return target;
            }
        }
        throw new IllegalStateException("local-search/target/local-search.jar not found above "
                + Path.of("").toAbsolutePath() + "; build it first: mvn -B -q package -DskipTests -pl local-search");
    }

    /**
     * Reads the child's output for as long as it lives: the ready line completes {@link #ready}; the last lines are
     * kept for the error message; reading on keeps the pipe from filling up and blocking the engine.
     */
    private static final class OutputWatcher extends Thread {
        private final Process process;
        private final CompletableFuture<URI> ready = new CompletableFuture<>();
        private final Deque<String> last = new ArrayDeque<>();

        OutputWatcher(Process process) {
            super("local-search-output");
            setDaemon(true);
            this.process = process;
        }

        @Override
        public void run() {
            try (BufferedReader reader =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    if (!ready.isDone() && line.startsWith(READY_PREFIX)) {
                        ready.complete(
                                URI.create(line.substring(READY_PREFIX.length()).trim()));
                    }
                    remember(line);
                }
            } catch (IOException e) {
                remember("(output unreadable: " + e + ")");
            }
            ready.completeExceptionally(new IllegalStateException("the engine exited before it was ready"));
        }

        private synchronized void remember(String line) {
            last.addLast(line);
            if (last.size() > LAST_LINES) {
                last.removeFirst();
            }
        }

        synchronized String lastLines() {
            return String.join("\n", last);
        }
    }
}
