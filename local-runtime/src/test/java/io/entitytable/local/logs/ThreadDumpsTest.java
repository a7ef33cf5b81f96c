package io.entitytable.local.logs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadDumpsTest {

    @Test
    void print_shouldDumpThisJvm_andEveryJvmItStarted(@TempDir Path folder) throws Exception {
        // GIVEN a child JVM that waits, as a function's JVM waits for its next event
        Path source = folder.resolve("Waits.java");
        Files.writeString(
                source,
                "public class Waits { public static void main(String[] a) throws Exception {"
                        + " System.out.println(\"up\"); Thread.sleep(60_000); } }");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), source.toString())
                .redirectErrorStream(true)
                .start();
        try {
            assertThat(child.inputReader().readLine()).isEqualTo("up");
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            // WHEN the dumps are printed
            ThreadDumps.print("a test asked", new PrintStream(bytes, true, StandardCharsets.UTF_8));
            // THEN the reason, this JVM's threads and the child's own dump are in the output
            String out = bytes.toString(StandardCharsets.UTF_8);
            assertThat(out)
                    .startsWith("[thread-dumps] a test asked")
                    .contains("\"" + Thread.currentThread().getName() + "\" RUNNABLE")
                    .contains("[thread-dumps] pid " + child.pid())
                    .contains("Full thread dump");
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
