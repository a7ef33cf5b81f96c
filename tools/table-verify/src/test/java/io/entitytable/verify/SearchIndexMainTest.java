package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.search.local.SharedSearchEngine;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opensearch.client.opensearch.OpenSearchClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code verify|repair --search-endpoint} on the command line: the summary's {@code search} object, exit codes. */
class SearchIndexMainTest {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant NOW = Instant.parse("2026-11-23T12:00:00Z");

    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;
    private static OpenSearchClient search;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        dynamo = local.client();
        search = SampleIndex.client();
    }

    @AfterAll
    static void stop() {
        SearchClientFactory.close(search);
        dynamo.close();
        local.close();
    }

    @Test
    void verify_shouldExit1AndListTheIndexFindings_whenTheIndexDrifted() throws Exception {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample, sample.customer2);
        DeclaredItem gone = corrupt(sample, index);

        // WHEN
        Run run = run("verify", sample, index);

        // THEN
        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        JsonNode summary = run.json();
        assertThat(summary.get("clean").asBoolean()).isFalse();
        JsonNode searchSummary = summary.get("search");
        assertThat(searchSummary.get("endpoint").asText()).isEqualTo(engine());
        assertThat(searchSummary.get("index").asText()).isEqualTo(index.name);
        assertThat(searchSummary.get("signed").asBoolean()).isFalse();
        assertThat(searchSummary.get("documentsRead").asLong()).isEqualTo(6);
        assertThat(searchSummary.get("expectedDocuments").asLong()).isEqualTo(6);
        assertThat(counts(searchSummary.get("drift")))
                .containsExactly(
                        Map.entry("missingDocument", 1L),
                        Map.entry("staleDocument", 1L),
                        Map.entry("orphanDocument", 1L),
                        Map.entry("documentAheadOfItem", 1L));
        assertThat(searchSummary.get("driftTotal").asLong()).isEqualTo(4);
        assertThat(summary.get("findings").findValuesAsText("id"))
                .contains(sample.customer2.id(), sample.store1.id(), gone.id(), sample.customer1.id());
        assertThat(summary.get("findings").findValuesAsText("class"))
                .contains("missingDocument", "staleDocument", "orphanDocument", "documentAheadOfItem");
        assertThat(run.err()).contains("orphan document  customer " + gone.id());
    }

    @Test
    void repair_shouldFixTheIndex_andExit1ForTheDocumentAheadLeft() throws Exception {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample, sample.customer2);
        corrupt(sample, index);

        // WHEN
        Run run = run("repair", sample, index);

        // THEN
        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        JsonNode searchSummary = run.json().get("search");
        assertThat(searchSummary.get("found").get("driftTotal").asLong()).isEqualTo(4);
        assertThat(searchSummary.get("repairs").get("attempted").asLong()).isEqualTo(3);
        assertThat(searchSummary.get("repairs").get("repaired").asLong()).isEqualTo(3);
        assertThat(searchSummary.get("repairs").get("skipped").asLong()).isZero();
        assertThat(searchSummary.get("repairs").get("failed").asLong()).isZero();
        assertThat(searchSummary.get("repairs").get("notRepairable").asLong()).isEqualTo(1);
        assertThat(counts(searchSummary.get("drift"))).containsEntry("documentAheadOfItem", 1L);
        assertThat(searchSummary.get("driftTotal").asLong()).isEqualTo(1);
        // the copies of store1 (stale after its update) were repaired beside the index
        assertThat(run.json().get("driftTotal").asLong()).isZero();
    }

    @Test
    void repair_shouldExit0_whenEverythingWasRepairable() throws Exception {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());
        SampleIndex index = SampleIndex.of(search, sample, sample.order);

        // WHEN
        Run run = run("repair", sample, index);

        // THEN
        assertThat(run.exitCode()).as(run.err()).isZero();
        JsonNode summary = run.json();
        assertThat(summary.get("clean").asBoolean()).isTrue();
        assertThat(summary.get("search")
                        .get("found")
                        .get("drift")
                        .get("missingDocument")
                        .asLong())
                .isEqualTo(1);
        assertThat(summary.get("search").get("driftTotal").asLong()).isZero();
        assertThat(index.version(sample.order.id(), sample.order.businessId())).isEqualTo(4);
    }

    @Test
    void verify_shouldExit2_whenTheIndexDoesNotExist() {
        SampleTable sample = SampleTable.write(dynamo, newTable());

        Run run = run(
                "verify",
                "--endpoint",
                local.endpoint().toString(),
                "--table",
                sample.table,
                "--search-endpoint",
                engine(),
                "--search-index",
                "no-such-index");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains("search index 'no-such-index' not found");
    }

    @Test
    void searchOptions_shouldBeRefused_whereTheyDoNotApply() {
        assertThat(run("verify", "--search-signing", "true").exitCode()).isEqualTo(2);
        assertThat(run("verify", "--search-index", "entities").exitCode()).isEqualTo(2);
        assertThat(run("verify", "--search-endpoint", "http://localhost:9200", "--search-signing", "maybe")
                        .exitCode())
                .isEqualTo(2);
        assertThat(run("verify", "--search-endpoint", "localhost:9200").exitCode())
                .isEqualTo(2);
        Run jobs = run("jobs", "--search-endpoint", "http://localhost:9200");
        assertThat(jobs.exitCode()).isEqualTo(2);
        assertThat(jobs.err()).contains("options of verify and repair only");
    }

    @Test
    void searchSigning_shouldDefaultToAwsOnly() {
        VerifyOptions aws = VerifyOptions.parse(List.of("verify", "--search-endpoint", "https://x.aoss.amazonaws.com"));
        VerifyOptions local = VerifyOptions.parse(
                List.of("verify", "--endpoint", "http://localhost:8000", "--search-endpoint", "http://localhost:9200"));
        VerifyOptions forced = VerifyOptions.parse(List.of(
                "verify",
                "--endpoint",
                "http://localhost:8000",
                "--search-endpoint",
                "https://x.aoss.amazonaws.com",
                "--search-signing",
                "true"));

        assertThat(aws.searchSigned()).isTrue();
        assertThat(aws.searchIndex()).isEqualTo("entities");
        assertThat(local.searchSigned()).isFalse();
        assertThat(forced.searchSigned()).isTrue();
    }

    /** One finding per class: customer2 left out, store1 updated in the table only, an orphan, customer1 ahead. */
    private static DeclaredItem corrupt(SampleTable sample, SampleIndex index) {
        sample.putCore(sample.store1.withVersion(2, NOW));
        String customerId = Ids.newId();
        DeclaredItem gone = SampleSubjects.customer(
                customerId,
                SampleTable.BUSINESS_ID,
                "Gone",
                "Away",
                null,
                Map.of(),
                Set.of(),
                CoreFields.created(Set.of(), NOW),
                Shard.legacy(customerId));
        index.put(SampleIndex.documentOf(gone));
        index.put(SampleIndex.documentOf(sample.customer1.withVersion(4, NOW)));
        index.refresh();
        return gone;
    }

    private record Run(int exitCode, String out, String err) {
        JsonNode json() throws Exception {
            assertThat(out.lines()).as("stdout is one JSON line").hasSize(1);
            return JSON.readTree(out);
        }
    }

    private static Run run(String command, SampleTable sample, SampleIndex index) {
        return run(
                command,
                "--endpoint",
                local.endpoint().toString(),
                "--table",
                sample.table,
                "--search-endpoint",
                engine(),
                "--search-index",
                index.name);
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

    private static Map<String, Long> counts(JsonNode node) {
        Map<String, Long> counts = new java.util.LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        names.forEach(name -> counts.put(name, node.get(name).asLong()));
        return counts;
    }

    private static String engine() {
        return SharedSearchEngine.get().endpoint().toString();
    }

    private static String newTable() {
        String table = "searchcli" + TABLES.incrementAndGet();
        local.createTable(table);
        return table;
    }
}
