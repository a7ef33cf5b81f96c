package io.entitytable.local.function;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.local.auth.LocalCursorKey;
import io.entitytable.model.ShardCount;
import io.entitytable.s3.local.LocalS3;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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
    void archive_shouldNameTheBucketAndTheServer_andMakeItsKeyTheFunctionsCredentials() {
        // GIVEN the local S3 server and its key
        URI s3 = URI.create("http://127.0.0.1:9000");
        LocalS3.Credentials key = new LocalS3.Credentials("local", "0123456789abcdef");

        // WHEN a function's environment is made with the archive
        Map<String, String> env = new LinkedHashMap<>(environment(FunctionDefinition.STREAM_FANOUT));
        Map<String, String> without = Map.copyOf(env);
        env.putAll(FunctionEnvironment.archive(s3, key));

        // THEN it names the bucket and the server, and signs every request with the server's key
        assertThat(env)
                .containsEntry(EnvironmentVariable.ARCHIVE_BUCKET.variable(), OrderArchiveBucket.LOCAL_NAME)
                .containsEntry(EnvironmentVariable.ARCHIVE_ENDPOINT.variable(), "http://127.0.0.1:9000")
                .containsEntry("AWS_ACCESS_KEY_ID", "local")
                .containsEntry("AWS_SECRET_ACCESS_KEY", "0123456789abcdef");
        // AND without it the function has no archive, and the credentials any local DynamoDB engine and SQS accept
        assertThat(without)
                .doesNotContainKeys(
                        EnvironmentVariable.ARCHIVE_BUCKET.variable(), EnvironmentVariable.ARCHIVE_ENDPOINT.variable())
                .containsKeys("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY");
    }

    @Test
    void api_shouldAcceptRetentionsOfSeconds_andNoOtherFunctionNeedsToKnow() {
        // WHEN
        Map<String, String> api = environment(FunctionDefinition.API);
        Map<String, String> fanout = environment(FunctionDefinition.STREAM_FANOUT);

        // THEN a local API takes a retention down to ten seconds, so a user can watch orders move
        assertThat(api).containsEntry(EnvironmentVariable.MINIMUM_RETENTION.variable(), "PT10S");
        assertThat(fanout).doesNotContainKey(EnvironmentVariable.MINIMUM_RETENTION.variable());
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
