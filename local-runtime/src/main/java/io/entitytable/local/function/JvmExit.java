package io.entitytable.local.function;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * How a function's JVM ended, said so that a reader can act on it: the exit code, the signal that killed it (a code
 * above 128), and for a JVM crash the head of its crash report ({@code hs_err_pid<pid>.log}, which names the signal and
 * the frame that crashed) printed to the console, since the task root may be a temporary folder gone by the time
 * someone looks.
 */
record JvmExit(int code, long pid, Path crashReport) {
    /** Passed to {@code -XX:ErrorFile}; the JVM replaces {@code %p} with its process id. */
    static final String CRASH_REPORT_PATTERN = "hs_err_pid%p.log";

    private static final int REPORT_HEAD_LINES = 30;

    /** A process killed by signal n exits with 128 + n; Linux signals go up to 64. */
    private static final int LAST_SIGNAL = 64;

    static JvmExit of(Process exited, Path taskRoot) {
        Path report = taskRoot.resolve(CRASH_REPORT_PATTERN.replace("%p", Long.toString(exited.pid())));
        return new JvmExit(exited.exitValue(), exited.pid(), Files.isRegularFile(report) ? report : null);
    }

    /** Prints the head of the crash report, if the JVM wrote one. */
    void report(String functionName, PrintStream console) {
        if (crashReport == null) {
            return;
        }
        console.println("[" + functionName + "] the JVM wrote a crash report, " + crashReport + "; its head:");
        try (Stream<String> lines = Files.lines(crashReport, StandardCharsets.ISO_8859_1)) {
            List<String> head = lines.limit(REPORT_HEAD_LINES).toList();
            head.forEach(line -> console.println("[" + functionName + "] | " + line));
        } catch (IOException | RuntimeException e) {
            console.println("[" + functionName + "] (cannot read it: " + e + ")");
        }
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("exited with code " + code);
        if (code > 128 && code <= 128 + LAST_SIGNAL) {
            text.append(" (killed by signal ").append(code - 128).append(')');
        }
        if (crashReport != null) {
            text.append(", crash report ").append(crashReport);
        }
        return text.toString();
    }
}
