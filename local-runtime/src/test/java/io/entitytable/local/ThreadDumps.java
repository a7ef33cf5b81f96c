package io.entitytable.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * TEST ONLY: the threads of this JVM (DynamoDB Local, the pumps, the front door) and of every JVM it started (the
 * functions', the search engine's), printed when a local system stops answering. A stall that does not come back then
 * leaves in the run's output what each thread was waiting on.
 */
final class ThreadDumps {
    /** How long one {@code jcmd} may take before its JVM is passed over. */
    private static final long JCMD_SECONDS = 20;

    private ThreadDumps() {}

    static void print(String why) {
        System.out.println("[thread-dumps] " + why + ": this JVM, then each JVM it started");
        Thread.getAllStackTraces().forEach((thread, stack) -> {
            System.out.println("\"" + thread.getName() + "\" " + thread.getState());
            for (StackTraceElement frame : stack) {
                System.out.println("    at " + frame);
            }
        });
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        ProcessHandle.current()
                .descendants()
                .filter(process -> process.info().command().orElse("").endsWith("java"))
                .forEach(process -> dump(jcmd, process));
    }

    private static void dump(Path jcmd, ProcessHandle process) {
        System.out.println("[thread-dumps] pid " + process.pid() + ": "
                + process.info().commandLine().orElse(""));
        try {
            Path out = Files.createTempFile("thread-dump-" + process.pid(), ".txt");
            Process dump = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "Thread.print")
                    .redirectErrorStream(true)
                    .redirectOutput(out.toFile())
                    .start();
            if (!dump.waitFor(JCMD_SECONDS, TimeUnit.SECONDS)) {
                dump.destroyForcibly();
                System.out.println("[thread-dumps] jcmd did not answer within " + JCMD_SECONDS + " s");
            }
            System.out.println(Files.readString(out, StandardCharsets.UTF_8));
            Files.deleteIfExists(out);
        } catch (IOException e) {
            System.out.println("[thread-dumps] no dump: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
