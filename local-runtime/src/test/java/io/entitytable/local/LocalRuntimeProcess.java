package io.entitytable.local;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The local runtime's command line ({@link Main}) in a JVM of its own, as {@code java -jar local-runtime.jar ...} runs
 * it (same classes, its own logging set-up), with everything it prints collected.
 */
final class LocalRuntimeProcess implements AutoCloseable {
    private final Process process;
    private final StringBuffer stdout = new StringBuffer();
    private final StringBuffer stderr = new StringBuffer();
    private final List<Thread> readers = new ArrayList<>();

    private LocalRuntimeProcess(Process process) {
        this.process = process;
        readers.add(collect(process.getInputStream(), stdout));
        readers.add(collect(process.getErrorStream(), stderr));
    }

    static LocalRuntimeProcess start(String... arguments) {
        return start(Map.of(), arguments);
    }

    /** As {@link #start(String...)}, with system properties of the runtime's JVM ({@code java -Dname=value}). */
    static LocalRuntimeProcess start(Map<String, String> properties, String... arguments) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "-D" + RepositoryRoot.PROPERTY + "=" + TestRepository.root()));
        properties.forEach((name, value) -> command.add("-D" + name + "=" + value));
        command.add(Main.class.getName());
        command.addAll(List.of(arguments));
        try {
            return new LocalRuntimeProcess(new ProcessBuilder(command).start());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** Runs a command to its end. */
    static LocalRuntimeProcess run(Duration timeout, String... arguments) throws InterruptedException {
        LocalRuntimeProcess process = start(arguments);
        process.awaitExit(timeout);
        return process;
    }

    /** Waits until the process printed {@code text} on stdout; false if it did not within the timeout or ended. */
    boolean awaitStdout(String text, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (stdout.indexOf(text) >= 0) {
                return true;
            }
            if (!process.isAlive()) {
                return stdout.indexOf(text) >= 0;
            }
            Thread.sleep(100);
        }
        return false;
    }

    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the local runtime did not end within " + timeout + "; it printed:\n" + output());
        }
        for (Thread reader : readers) {
            reader.join(TimeUnit.SECONDS.toMillis(10));
        }
        return process.exitValue();
    }

    int exitCode() {
        return process.exitValue();
    }

    String stdout() {
        return stdout.toString();
    }

    /** The process, to find the processes it starts. */
    ProcessHandle handle() {
        return process.toHandle();
    }

    String stderr() {
        return stderr.toString();
    }

    /** Everything printed, stdout then stderr. */
    String output() {
        return stdout + "\n" + stderr;
    }

    /**
     * Kills it and every process it started (the functions' JVMs, the search engine's) with SIGKILL, as a power loss
     * or {@code kill -9} of the whole process group does: nothing runs a shutdown hook. Returns how many processes were
     * killed, once each of them has ended.
     */
    int killWithChildren(Duration timeout) throws InterruptedException {
        List<ProcessHandle> children = process.toHandle().descendants().toList();
        // The parent first: a child that died before it would be restarted by it.
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (process.isAlive() || children.stream().anyMatch(ProcessHandle::isAlive)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("processes still alive " + timeout + " after SIGKILL");
            }
            Thread.sleep(50);
        }
        for (Thread reader : readers) {
            reader.join(TimeUnit.SECONDS.toMillis(10));
        }
        return 1 + children.size();
    }

    /** Stops it as Ctrl-C does (its shutdown hook stops the child JVMs) and waits for it to end. */
    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            awaitExit(Duration.ofSeconds(60));
        }
    }

    private static Thread collect(InputStream stream, StringBuffer into) {
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader lines =
                            new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                            into.append(line).append('\n');
                        }
                    } catch (IOException e) {
                        into.append("[test] output unreadable: ").append(e).append('\n');
                    }
                },
                "local-runtime-output");
        reader.setDaemon(true);
        reader.start();
        return reader;
    }
}
