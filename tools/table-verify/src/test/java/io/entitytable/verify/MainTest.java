package io.entitytable.verify;

import static io.entitytable.verify.SampleTable.ref;
import static io.entitytable.verify.SampleTable.tag;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.IdempotencyRecord;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** The command line: exit codes, the JSON summary on stdout, the progress line on stderr. */
class MainTest {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        dynamo = local.client();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        local.close();
    }

    @Test
    void verify_shouldExit0AndPrintTheSummary_whenTheTableIsClean() throws Exception {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());

        // WHEN
        Run run = run(false, "verify", "--endpoint", endpoint(), "--table", sample.table, "--segments", "2");

        // THEN
        assertThat(run.exitCode()).isZero();
        JsonNode summary = run.json();
        assertThat(summary.get("command").asText()).isEqualTo("verify");
        assertThat(summary.get("table").asText()).isEqualTo(sample.table);
        assertThat(summary.get("target").asText()).isEqualTo(endpoint());
        assertThat(summary.get("clean").asBoolean()).isTrue();
        assertThat(summary.get("exitCode").asInt()).isZero();
        // The sample's items and the backfill progress items every new table is created with.
        assertThat(summary.get("itemsScanned").asLong()).isEqualTo(sample.itemCount() + IndexBackfill.ALL.size());
        assertThat(summary.get("coreItems").asLong()).isEqualTo(8);
        assertThat(summary.get("duplicates").asLong()).isEqualTo(sample.duplicateCount());
        // AND the age of every copy read, each carrying its source's change time
        assertThat(summary.at("/copyAges/count").asLong()).isEqualTo(sample.duplicateCount());
        assertThat(summary.at("/copyAges/maxSeconds").asLong())
                .isGreaterThanOrEqualTo(summary.at("/copyAges/p50Seconds").asLong());
        assertThat(summary.get("otherItems").asLong()).isEqualTo(1);
        assertThat(summary.get("segments").asInt()).isEqualTo(2);
        assertThat(fieldNames(summary.get("drift")))
                .containsExactly(
                        "missingCopy",
                        "orphanedCopy",
                        "staleCopy",
                        "copyAheadOfSource",
                        "indexAttributeLeak",
                        "danglingReference",
                        "tombstoneOfLiveSubject",
                        "missingUniqueMarker",
                        "orphanUniqueMarker",
                        "duplicateUniqueValue",
                        "staleIndexAttributes");
        summary.get("drift").forEach(count -> assertThat(count.asLong()).isZero());
        assertThat(summary.get("driftTotal").asLong()).isZero();
        assertThat(summary.get("findings")).isEmpty();
        assertThat(summary.get("consumedReadCapacityUnits").isNumber()).isTrue();
        assertThat(summary.get("durationMillis").asLong()).isNotNegative();
        assertThat(summary.has("repairs")).isFalse();
        assertThat(run.err()).doesNotContain("segments done");
    }

    @Test
    void verify_shouldExit1AndCountTheDrift_whenACopyIsMissing() throws Exception {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());
        sample.delete(tag("vip"), ref(sample.customer1));

        // WHEN
        Run run = run(false, "verify", "--endpoint", endpoint(), "--table", sample.table);

        // THEN
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode summary = run.json();
        assertThat(summary.get("clean").asBoolean()).isFalse();
        assertThat(summary.get("drift").get("missingCopy").asLong()).isEqualTo(1);
        assertThat(summary.get("driftTotal").asLong()).isEqualTo(1);
        JsonNode finding = summary.get("findings").get(0);
        assertThat(finding.get("class").asText()).isEqualTo("missingCopy");
        assertThat(finding.get("id").asText()).isEqualTo(tag("vip"));
        assertThat(finding.get("type").asText()).isEqualTo(ref(sample.customer1));
        assertThat(run.err()).contains("missing copy  " + tag("vip") + " / " + ref(sample.customer1));
    }

    @Test
    void repair_shouldExit0_whenEverythingRepairableWasRepaired() throws Exception {
        // GIVEN a missing copy and an orphan
        SampleTable sample = SampleTable.write(dynamo, newTable());
        sample.delete(tag("vip"), ref(sample.customer1));
        sample.put(sample.copyOf(sample.customer2, tag("blue")));

        // WHEN
        Run run = run(false, "repair", "--endpoint", endpoint(), "--table", sample.table);

        // THEN
        assertThat(run.exitCode()).isZero();
        JsonNode summary = run.json();
        assertThat(summary.get("command").asText()).isEqualTo("repair");
        assertThat(summary.get("clean").asBoolean()).isTrue();
        assertThat(summary.get("found").get("driftTotal").asLong()).isEqualTo(2);
        assertThat(summary.get("found").get("drift").get("missingCopy").asLong())
                .isEqualTo(1);
        assertThat(summary.get("found").get("drift").get("orphanedCopy").asLong())
                .isEqualTo(1);
        JsonNode repairs = summary.get("repairs");
        assertThat(repairs.get("attempted").asLong()).isEqualTo(2);
        assertThat(repairs.get("repaired").asLong()).isEqualTo(2);
        assertThat(repairs.get("skipped").asLong()).isZero();
        assertThat(repairs.get("failed").asLong()).isZero();
        assertThat(repairs.get("notRepairable").asLong()).isZero();
        assertThat(summary.get("driftTotal").asLong()).isZero();
        assertThat(summary.get("duplicates").asLong()).isEqualTo(sample.duplicateCount());
    }

    @Test
    void repair_shouldExit1_whenADanglingReferenceIsLeft() throws Exception {
        // GIVEN a customer listing a store that does not exist, and a missing copy
        SampleTable sample = SampleTable.write(dynamo, newTable());
        DeclaredItem dangling = sample.customer2
                .withLinked(Set.of(sample.store1.id(), Ids.newId()))
                .withVersion(4, SampleTable.T0.plusSeconds(60));
        sample.putCore(dangling);
        sample.refreshCopiesOf(dangling);
        sample.delete(tag("vip"), ref(sample.customer1));

        // WHEN
        Run run = run(false, "repair", "--endpoint", endpoint(), "--table", sample.table);

        // THEN
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode summary = run.json();
        assertThat(summary.get("repairs").get("repaired").asLong()).isEqualTo(1);
        assertThat(summary.get("repairs").get("notRepairable").asLong()).isEqualTo(1);
        assertThat(summary.get("drift").get("danglingReference").asLong()).isEqualTo(1);
        assertThat(summary.get("drift").get("missingCopy").asLong()).isZero();
        assertThat(summary.get("driftTotal").asLong()).isEqualTo(1);
        assertThat(run.err()).contains("dangling reference").contains("not repaired");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "check",
                "verify --bogus",
                "verify --segments 0",
                "verify --segments many",
                "verify --endpoint",
                "verify --endpoint localhost:8000",
                "repair --table"
            })
    void run_shouldExit2WithUsage_whenTheCommandLineIsWrong(String commandLine) {
        // GIVEN
        String[] args = commandLine.isEmpty() ? new String[0] : commandLine.split(" ");

        // WHEN
        Run run = run(false, args);

        // THEN
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains("usage: verify|repair");
    }

    @Test
    void run_shouldExit2_whenTheTableDoesNotExist() {
        // WHEN
        Run run = run(false, "verify", "--endpoint", endpoint(), "--table", "NoSuchTable");

        // THEN
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).contains("table 'NoSuchTable' not found at " + endpoint());
    }

    @Test
    void help_shouldPrintUsageOnStdout_andExit0() {
        // WHEN
        Run run = run(false, "--help");

        // THEN
        assertThat(run.exitCode()).isZero();
        assertThat(run.out())
                .contains("usage: verify|repair")
                .contains("usage: migrate --from TABLE --to TABLE")
                .contains("exit codes");
    }

    @Test
    void verify_shouldDrawProgressOnStderr_whenATerminalIsAttached() throws Exception {
        // GIVEN
        SampleTable sample = SampleTable.write(dynamo, newTable());

        // WHEN
        Run run = run(true, "verify", "--endpoint", endpoint(), "--table", sample.table, "--segments", "2");

        // THEN stdout is still only the JSON
        assertThat(run.exitCode()).isZero();
        assertThat(run.json().get("clean").asBoolean()).isTrue();
        assertThat(run.err())
                .contains("\r[scan] " + sample.table + ": " + (sample.itemCount() + IndexBackfill.ALL.size())
                        + " items read, 2/2 segments done");
    }

    @Test
    void purgeIdempotency_shouldDeleteTheRecordsPastTheirTimeToLive_andKeepEverythingElse() throws Exception {
        // GIVEN a table with a record that expired an hour ago, a live one and a core item
        SampleTable sample = SampleTable.write(dynamo, newTable());
        Instant now = Instant.now();
        IdempotencyRecord expired = idempotencyRecord("old", now.minus(Duration.ofHours(25)));
        IdempotencyRecord live = idempotencyRecord("new", now.minus(Duration.ofHours(1)));
        for (IdempotencyRecord record : List.of(expired, live)) {
            dynamo.putItem(put -> put.tableName(sample.table).item(record.toItem()));
        }
        long before = itemCount(sample.table);

        // WHEN
        Run run = run(false, "purge-idempotency", "--endpoint", endpoint(), "--table", sample.table);

        // THEN
        assertThat(run.exitCode()).isZero();
        JsonNode summary = run.json();
        assertThat(summary.get("command").asText()).isEqualTo("purge-idempotency");
        assertThat(summary.get("expiredFound").asLong()).isEqualTo(1);
        assertThat(summary.get("deleted").asLong()).isEqualTo(1);
        assertThat(summary.get("keptRenewed").asLong()).isZero();
        assertThat(itemCount(sample.table)).isEqualTo(before - 1);
        assertThat(dynamo.getItem(get -> get.tableName(sample.table)
                                .key(expired.itemKey().toAttributes()))
                        .hasItem())
                .isFalse();
        assertThat(dynamo.getItem(get ->
                                get.tableName(sample.table).key(live.itemKey().toAttributes()))
                        .hasItem())
                .isTrue();
    }

    @Test
    void purgeIdempotency_shouldRefuseTheOptionsOfOtherCommands() {
        assertThat(run(false, "purge-idempotency", "--endpoint", endpoint(), "--segments", "2")
                        .exitCode())
                .isEqualTo(2);
        assertThat(run(false, "purge-idempotency", "--all").exitCode()).isEqualTo(2);
    }

    @Test
    void backfill_shouldIndexTheCustomersOfATableWrittenBeforePattern14_andThenFindItReady() throws Exception {
        // GIVEN the sample table as the version before pattern 14 left it: no progress, customers without gsi1 keys
        SampleTable sample = SampleTable.write(dynamo, newTable());
        dynamo.deleteItem(delete -> delete.tableName(sample.table)
                .key(BackfillProgress.keyOf(IndexBackfill.CUSTOMERS_BY_EMAIL.name())
                        .toAttributes()));
        for (DeclaredItem customer : List.of(sample.customer1, sample.customer2)) {
            dynamo.updateItem(update -> update.tableName(sample.table)
                    .key(ItemKey.of(customer.toItem()).toAttributes())
                    .updateExpression("REMOVE gsi1pk, gsi1sk"));
        }

        // WHEN
        Run run = run(false, "backfill", "--endpoint", endpoint(), "--table", sample.table);

        // THEN
        assertThat(run.exitCode()).isZero();
        JsonNode backfill = run.json().get("backfills").get(0);
        assertThat(backfill.get("backfill").asText()).isEqualTo("customers-by-email");
        assertThat(backfill.get("phase").asText()).isEqualTo("ready");
        assertThat(backfill.get("pass").asInt())
                .as("one pass indexed, the next found nothing")
                .isEqualTo(2);
        assertThat(run.err()).contains("customers-by-email: ready since");
        for (DeclaredItem customer : List.of(sample.customer1, sample.customer2)) {
            assertThat(dynamo.getItem(get -> get.tableName(sample.table)
                                    .key(ItemKey.of(customer.toItem()).toAttributes()))
                            .item()
                            .get(Attributes.GSI1_PK)
                            .s())
                    .isEqualTo(Keys.customerEmailPk(
                            customer.businessId(),
                            customer.text(Attributes.EMAIL).orElse(null)));
        }
    }

    private static IdempotencyRecord idempotencyRecord(String key, Instant createdAt) {
        return new IdempotencyRecord(
                "caller-1",
                key,
                "fingerprint",
                201,
                "/stores/" + Ids.newId(),
                "\"1\"",
                "{}",
                createdAt,
                createdAt.plus(IdempotencyRecord.KEPT));
    }

    private static long itemCount(String table) {
        return dynamo.scan(scan -> scan.tableName(table).select("COUNT")).count();
    }

    private record Run(int exitCode, String out, String err) {
        JsonNode json() throws Exception {
            assertThat(out.lines()).as("stdout is one JSON line").hasSize(1);
            return JSON.readTree(out);
        }
    }

    private static Run run(boolean terminal, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exitCode;
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exitCode = Main.run(Arrays.asList(args), outStream, errStream, terminal);
        }
        return new Run(exitCode, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static String endpoint() {
        return local.endpoint().toString();
    }

    private static String newTable() {
        String table = "cli" + TABLES.incrementAndGet();
        local.createTable(table);
        return table;
    }
}
