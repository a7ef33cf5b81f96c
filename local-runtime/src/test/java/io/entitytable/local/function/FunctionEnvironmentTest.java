package io.entitytable.local.function;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.auth.LocalCursorKey;
import io.entitytable.model.ShardCount;
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
        assertThat(api).containsExactly(Map.entry(EnvironmentVariable.CURSOR_SECRET.variable(), key.secret()));
        assertThat(fanout)
                .doesNotContainKeys(
                        EnvironmentVariable.CURSOR_SECRET.variable(), EnvironmentVariable.CURSOR_SECRET_ARN.variable())
                .doesNotContainValue(key.secret());
    }

    @Test
    void shardGrowth_shouldReachTheFanout_andTheShardCountCacheTheApiAndTheFanoutAlike() {
        // GIVEN a low threshold, a short window, every change counted and a short cache, as system properties
        Map<String, String> properties = Map.of(
                FunctionEnvironment.SHARD_GROWTH_THRESHOLD_PROPERTY, "0.001",
                FunctionEnvironment.SHARD_GROWTH_WINDOW_PROPERTY, "5s",
                FunctionEnvironment.SHARD_GROWTH_SAMPLE_ONE_IN_PROPERTY, "1",
                FunctionEnvironment.SHARD_COUNT_CACHE_PROPERTY, "1s");
        properties.forEach(System::setProperty);
        try {
            // WHEN the environments are made
            Map<String, String> fanout = environment(FunctionDefinition.STREAM_FANOUT);
            Map<String, String> api = environment(FunctionDefinition.API);
            Map<String, String> worker = environment(FunctionDefinition.REFRESH_WORKER);
            // THEN the fan-out measures with them; the API and the fan-out trust a count for the same time
            assertThat(fanout)
                    .containsEntry(EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable(), "0.001")
                    .containsEntry(EnvironmentVariable.SHARD_GROWTH_WINDOW.variable(), "5s")
                    .containsEntry(EnvironmentVariable.SHARD_GROWTH_SAMPLE_ONE_IN.variable(), "1")
                    .containsEntry(EnvironmentVariable.SHARD_COUNT_CACHE.variable(), "1s");
            assertThat(api)
                    .containsEntry(EnvironmentVariable.SHARD_COUNT_CACHE.variable(), "1s")
                    .doesNotContainKey(EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable());
            assertThat(worker)
                    .doesNotContainKeys(
                            EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable(),
                            EnvironmentVariable.SHARD_COUNT_CACHE.variable());
        } finally {
            properties.keySet().forEach(System::clearProperty);
        }
        // AND without them, both get the one default and the fan-out its own defaults
        assertThat(environment(FunctionDefinition.API))
                .containsEntry(EnvironmentVariable.SHARD_COUNT_CACHE.variable(), ShardCount.CACHE_DEFAULT);
        assertThat(environment(FunctionDefinition.STREAM_FANOUT))
                .containsEntry(EnvironmentVariable.SHARD_COUNT_CACHE.variable(), ShardCount.CACHE_DEFAULT)
                .doesNotContainKey(EnvironmentVariable.SHARD_GROWTH_THRESHOLD.variable());
    }

    private Map<String, String> environment(FunctionDefinition function) {
        return FunctionEnvironment.of(
                function, "127.0.0.1:1", dataFolder.resolve("task"), "Entity", URI.create("http://127.0.0.1:2"));
    }
}
