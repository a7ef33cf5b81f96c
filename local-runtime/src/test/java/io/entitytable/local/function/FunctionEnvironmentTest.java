package io.entitytable.local.function;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.EnvironmentVariables;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.auth.LocalCursorKey;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FunctionEnvironmentTest {
    @TempDir
    Path dataFolder;

    @Test
    void api_shouldCarryTheDataFoldersCursorKey_andNoOtherFunctionAny() {
        // GIVEN the data folder's cursor key
        LocalCursorKey key = LocalCursorKey.inFolder(dataFolder.resolve("auth"));
        // WHEN the environments of the API and of the fan-out are made
        Map<String, String> api = FunctionEnvironment.api(key);
        Map<String, String> fanout = FunctionEnvironment.of(
                FunctionDefinition.STREAM_FANOUT,
                "127.0.0.1:1",
                dataFolder.resolve("task"),
                "Entity",
                URI.create("http://127.0.0.1:2"));
        // THEN the API gets that key as CURSOR_SECRET, and the fan-out no cursor secret at all
        assertThat(api).containsExactly(Map.entry(EnvironmentVariables.CURSOR_SECRET, key.secret()));
        assertThat(fanout)
                .doesNotContainKeys(EnvironmentVariables.CURSOR_SECRET, EnvironmentVariables.CURSOR_SECRET_ARN)
                .doesNotContainValue(key.secret());
    }
}
