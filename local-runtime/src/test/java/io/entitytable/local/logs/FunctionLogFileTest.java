package io.entitytable.local.logs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The functions' log in a data folder, its rotation, and the effects command that reads it. */
class FunctionLogFileTest {
    @TempDir
    Path data;

    @Test
    void effects_shouldPrintTheLinesNamingTheId_oldestFirst_acrossARotation() throws Exception {
        // GIVEN a log that grew past the rotation size, then lines of a new start
        try (FunctionLogFile log = FunctionLogFile.openIn(data)) {
            log.accept("api", "{\"mdc\":{\"correlationId\":\"first=\"}}");
        }
        Path current = FunctionLogFile.filesOf(data)[1];
        Files.writeString(current, "x".repeat((int) FunctionLogFile.ROTATE_AT_BYTES) + "\n", StandardOpenOption.APPEND);
        try (FunctionLogFile log = FunctionLogFile.openIn(data)) {
            log.accept("stream-fanout", "{\"mdc\":{\"correlationIds\":\"other= first=\"}}");
            log.accept("search-indexer", "{\"mdc\":{\"correlationIds\":\"other=\"}}");
        }

        // WHEN the effects of one id are asked for
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int found = EffectsCommand.parse(new ArrayDeque<>(List.of("first=", "--data", data.toString())), data)
                .run(new PrintStream(out, true, StandardCharsets.UTF_8));

        // THEN the rotated file's line comes first, then the new one's; the line of another id is not printed
        assertThat(Files.exists(FunctionLogFile.filesOf(data)[0])).isTrue();
        assertThat(found).isEqualTo(2);
        assertThat(out.toString(StandardCharsets.UTF_8).lines().toList())
                .containsExactly(
                        "[api] {\"mdc\":{\"correlationId\":\"first=\"}}",
                        "[stream-fanout] {\"mdc\":{\"correlationIds\":\"other= first=\"}}");
    }

    @Test
    void effects_shouldRefuseAMissingIdOrAnUnknownOption() {
        // GIVEN / WHEN / THEN
        assertThatThrownBy(() -> EffectsCommand.parse(new ArrayDeque<>(List.of()), data))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("apigw-requestid");
        assertThatThrownBy(() -> EffectsCommand.parse(new ArrayDeque<>(List.of("id=", "--table", "x")), data))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--table");
    }
}
