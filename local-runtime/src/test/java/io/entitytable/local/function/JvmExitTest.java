package io.entitytable.local.function;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmExitTest {
    @TempDir
    Path taskRoot;

    @Test
    void of_shouldNameTheSignalAndPrintTheCrashReportHead_whenTheProcessWasKilledAfterWritingOne() throws Exception {
        // GIVEN a process that aborts itself, as a crashing JVM does after writing its report
        Process process = new ProcessBuilder("sh", "-c", "kill -ABRT $$").start();
        process.waitFor();
        Files.writeString(
                taskRoot.resolve("hs_err_pid" + process.pid() + ".log"),
                "# A fatal error has been detected by the Java Runtime Environment:\n#  SIGBUS (0x7) at pc=0x1\n");

        // WHEN its exit is described
        JvmExit exit = JvmExit.of(process, taskRoot);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        exit.report("api", new PrintStream(printed, true, StandardCharsets.UTF_8));

        // THEN the code, the signal and the report are named, and the report's head is on the console
        assertThat(exit.code()).isEqualTo(134);
        assertThat(exit.toString()).contains("code 134", "killed by signal 6", "hs_err_pid" + process.pid());
        assertThat(printed.toString(StandardCharsets.UTF_8)).contains("[api] | #  SIGBUS (0x7) at pc=0x1");
    }

    @Test
    void of_shouldSayOnlyTheCode_whenTheProcessExitedByItself() throws Exception {
        // GIVEN a process that exits with a code of its own and writes no report
        Process process = new ProcessBuilder("sh", "-c", "exit 3").start();
        process.waitFor();

        // WHEN its exit is described
        JvmExit exit = JvmExit.of(process, taskRoot);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        exit.report("api", new PrintStream(printed, true, StandardCharsets.UTF_8));

        // THEN only the code is said, and nothing is printed
        assertThat(exit.toString()).isEqualTo("exited with code 3");
        assertThat(printed.size()).isZero();
    }
}
