package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.deployment.SearchIndex;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.backfill.IndexBackfill;
import io.entitytable.search.indexer.EngineView;
import io.entitytable.search.repair.SearchSample;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code reindex} and {@code purge-tombstones} through the command line, on the project's own index names (this test
 * JVM's engine has no other user of them): exit codes, the JSON summary, usage errors.
 */
class ReindexMainTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static LocalDynamoDb local;

    private final EngineView engine = new EngineView();

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
    }

    @AfterAll
    static void stop() {
        local.close();
    }

    @Test
    void reindexWithNoIndex_shouldBackfill_printOneJsonSummary_andExit0_thenPurgeFindsNothing() throws Exception {
        // GIVEN
        local.createTable("cli-reindex");
        try (var dynamo = local.client()) {
            new SearchSample(dynamo, "cli-reindex").fill(4, 2, 3);
        }

        // WHEN
        Run run = run(
                "reindex",
                "--search-endpoint",
                engine.endpoint.toString(),
                "--endpoint",
                local.endpoint().toString(),
                "--table",
                "cli-reindex",
                "--segments",
                "2");

        // THEN
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode summary = run.json();
        assertThat(summary.path("command").asText()).isEqualTo("reindex");
        assertThat(summary.path("mode").asText()).isEqualTo("backfill");
        assertThat(summary.path("index").asText()).isEqualTo(SearchIndex.physicalName());
        // ... and the backfill progress items every new table is created with
        assertThat(summary.path("itemsScanned").asLong()).isEqualTo(15 + IndexBackfill.ALL.size());
        assertThat(summary.path("documents").asLong()).isEqualTo(9);
        assertThat(summary.path("documentsWritten").asLong()).isEqualTo(9);
        assertThat(summary.path("conflicts").asLong()).isZero();
        assertThat(summary.path("refused").asLong()).isZero();
        assertThat(summary.has("itemsPerSecond")).isTrue();
        assertThat(summary.has("durationMillis")).isTrue();
        assertThat(engine.aliasTargets(SearchIndex.ALIAS)).containsExactly(SearchIndex.physicalName());

        // AND
        Run purge = run("purge-tombstones", "--search-endpoint", engine.endpoint.toString());
        assertThat(purge.exitCode()).as(purge.err()).isZero();
        assertThat(purge.json().path("tombstonesFound").asLong()).isZero();
    }

    @Test
    void badCommandLines_shouldExit2_withTheUsage() {
        for (String line : new String[] {
            "reindex",
            "reindex --search-endpoint localhost:9200",
            "reindex --search-endpoint http://127.0.0.1:9200 --search-signing maybe",
            "reindex --search-endpoint http://127.0.0.1:9200 --refresh-queue http://q",
            "purge-tombstones --search-endpoint http://127.0.0.1:9200 --table T",
        }) {
            Run run = run(line.split(" "));
            assertThat(run.exitCode()).as(line).isEqualTo(2);
            assertThat(run.err()).as(line).contains("usage: reindex");
            assertThat(run.out()).as(line).isEmpty();
        }
    }

    private record Run(int exitCode, String out, String err) {
        JsonNode json() throws Exception {
            assertThat(out.lines()).as("stdout is one JSON line").hasSize(1);
            return JSON.readTree(out);
        }
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode;
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exitCode = Main.run(Arrays.asList(args), outStream, errStream, false);
        }
        return new Run(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
