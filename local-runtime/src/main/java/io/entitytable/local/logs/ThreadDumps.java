package io.entitytable.local.logs;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The threads of this JVM (the DynamoDB engine, the pumps, the front door) and of every JVM it started (the functions', the
 * search engine's), printed when a local system stops answering: for the tests and the benchmarks that run one, so
 * that a stall that does not come back leaves in the run's output what each thread was waiting on.
 */
public final class ThreadDumps {
    /** How long one {@code jcmd} may take before its JVM is passed over. */
    private static final long JCMD_SECONDS = 20;

    private ThreadDumps() {}

    /** Prints the dumps to {@code out}, after a line that says {@code why}. */
    public static void print(String why, PrintStream out) {
        out.println("[thread-dumps] " + why + ": this JVM, then each JVM it started");
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            out.println("\"" + thread.getName() + "\" " + thread.getState());
            for (StackTraceElement frame : stack) {
                out.println("    at " + frame);
            }
        });
        ProcessHandle.current()
                .descendants()
                .filter(process -> process.info().command().orElse("").endsWith("java"))
                .forEach(process -> printOf(process, out));
    }

    /** Prints the threads of another JVM, {@code process}, to {@code out} (through {@code jcmd}). */
    public static void printOf(ProcessHandle process, PrintStream out) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        out.println("[thread-dumps] pid " + process.pid() + ": "
                + process.info().commandLine().orElse(""));
        try {
            Path file = Files.createTempFile("thread-dump-" + process.pid(), ".txt");
            Process dump = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "Thread.print")
                    .redirectErrorStream(true)
                    .redirectOutput(file.toFile())
                    .start();
            if (!dump.waitFor(JCMD_SECONDS, TimeUnit.SECONDS)) {
                dump.destroyForcibly();
                out.println("[thread-dumps] jcmd did not answer within " + JCMD_SECONDS + " s");
            }
            out.println(Files.readString(file, StandardCharsets.UTF_8));
            Files.deleteIfExists(file);
        } catch (IOException e) {
            out.println("[thread-dumps] no dump: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
