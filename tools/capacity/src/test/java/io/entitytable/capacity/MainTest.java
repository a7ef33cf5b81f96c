package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The capacity tool's command line: a workload it cannot read is a usage error that says why, never a stack trace. */
class MainTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void workloadThatIsNotThere_shouldBeAUsageError() {
        assertThat(run(dir.resolve("none.json").toString())).isEqualTo(Main.USAGE_ERROR);
        assertThat(err()).startsWith("no workload file ").contains("usage:");

        assertThat(run(dir.toString())).as("a folder").isEqualTo(Main.USAGE_ERROR);
        assertThat(run()).as("no argument").isEqualTo(Main.USAGE_ERROR);
        assertThat(out.size()).isZero();
    }

    @Test
    void workloadThatIsNotAWorkload_shouldSayWhatAndWhere() throws Exception {
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\n");
        Path unknownField = Files.writeString(dir.resolve("unknown.json"), "{\"ordersPerSecnd\": 5}");

        assertThat(run(broken.toString())).isEqualTo(Main.USAGE_ERROR);
        assertThat(err())
                .startsWith(broken + " is not a workload: Unexpected end-of-input")
                .contains("(line 2,");

        err.reset();
        assertThat(run(unknownField.toString())).isEqualTo(Main.USAGE_ERROR);
        assertThat(err()).contains("Unrecognized field \"ordersPerSecnd\"").contains("(line 1, column ");
        assertThat(out.size()).isZero();
    }

    private int run(String... args) {
        return Main.run(
                args,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
