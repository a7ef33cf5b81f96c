package io.entitytable.verify;

import static io.entitytable.checks.SupplierTable.emailMarker;
import static io.entitytable.checks.SupplierTable.supplier;
import static io.entitytable.checks.SupplierTable.withEmail;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.checks.DriftClass;
import io.entitytable.checks.DriftDetector;
import io.entitytable.checks.DriftReport;
import io.entitytable.checks.Finding;
import io.entitytable.checks.ScanProgress;
import io.entitytable.checks.SharedLocalDynamoDb;
import io.entitytable.checks.SupplierTable;
import io.entitytable.checks.TableScan;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import io.entitytable.model.backfill.IndexBackfill;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The markers of unique values through verify, repair and migrate, on suppliers (the test-only entity whose email is
 * unique) in the local DynamoDB engine: each drift class seeded, found, repaired (or left alone), then verified clean;
 * a second repair writes nothing; a write of the API between the Scan and the repair wins; migrate leaves the target
 * with the markers its subjects imply.
 */
class UniqueValuesRepairTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SEGMENTS = 2;

    private final DynamoDbClient dynamo = SharedLocalDynamoDb.client();
    private final String business = Ids.newId();
    private final SupplierTable table = new SupplierTable(dynamo, SharedLocalDynamoDb.newTable("uniqueRepair"));

    @TempDir
    Path folder;

    @Test
    void repair_shouldPutAMissingMarker_andASecondRepairWriteNothing() {
        // GIVEN a supplier without the marker of its email, beside one with it
        DeclaredItem acme = supplier(business, "Acme Beans");
        table.put(acme.toItem());
        table.putWithMarkers(supplier(business, "Birch Co"));

        // WHEN
        DriftReport found = verify();
        RepairResult repair = repair(found);
        DriftReport after = verify();
        RepairResult again = repair(after);

        // THEN the marker is what the API writes; the table is clean and a second repair has nothing to do
        assertThat(found.findings()).extracting(Finding::driftClass).containsExactly(DriftClass.MISSING_UNIQUE_MARKER);
        assertThat(repair.count(RepairOutcome.REPAIRED)).isEqualTo(1);
        assertThat(table.get(emailMarker(acme).key()))
                .isEqualTo(emailMarker(acme).toItem());
        assertThat(after.findings()).isEmpty();
        assertThat(again.attempts()).isEmpty();
    }

    @Test
    void repair_shouldDeleteOrphanMarkers_ofAGoneHolderAndOfAValueItsHolderGaveUp() {
        // GIVEN the marker of a supplier that is gone, and the old email's marker of one whose email changed
        DeclaredItem gone = supplier(business, "Gone Ltd");
        table.put(emailMarker(gone).toItem());
        DeclaredItem before = supplier(business, "Acme Beans");
        DeclaredItem changed = withEmail(before, "orders@acme.example");
        table.putWithMarkers(changed);
        table.put(emailMarker(before).toItem());

        // WHEN
        DriftReport found = verify();
        RepairResult repair = repair(found);
        DriftReport after = verify();

        // THEN both deleted; the holder's current marker stays
        assertThat(keys(found, DriftClass.ORPHAN_UNIQUE_MARKER))
                .containsExactlyInAnyOrder(
                        emailMarker(gone).key(), emailMarker(before).key());
        assertThat(found.findings()).hasSize(2);
        assertThat(repair.count(RepairOutcome.REPAIRED)).isEqualTo(2);
        assertThat(table.get(emailMarker(gone).key())).isEmpty();
        assertThat(table.get(emailMarker(before).key())).isEmpty();
        assertThat(table.get(emailMarker(changed).key()))
                .isEqualTo(emailMarker(changed).toItem());
        assertThat(after.findings()).isEmpty();
    }

    @Test
    void repair_shouldReplaceAMarkerNamingTheWrongSubject_inOneRun() {
        // GIVEN the marker of a supplier's email naming another supplier, which holds another email
        DeclaredItem acme = supplier(business, "Acme Beans");
        DeclaredItem birch = supplier(business, "Birch Co");
        table.put(acme.toItem());
        table.putWithMarkers(birch);
        table.put(naming(emailMarker(acme), emailMarker(birch).subject()));

        // WHEN
        DriftReport found = verify();
        RepairResult repair = repair(found);
        DriftReport after = verify();

        // THEN the orphan is deleted before the missing marker is put at its key
        assertThat(found.findings()).hasSize(2);
        assertThat(repair.count(RepairOutcome.REPAIRED)).as(repair.toString()).isEqualTo(2);
        assertThat(table.get(emailMarker(acme).key()))
                .isEqualTo(emailMarker(acme).toItem());
        assertThat(after.findings()).isEmpty();
    }

    @Test
    void repair_shouldLeaveTwoHoldersOfOneValueAlone_untilTheAPIChangesOne() {
        // GIVEN two suppliers with one email, the marker naming the first
        DeclaredItem acme = supplier(business, "Acme Beans");
        DeclaredItem copycat = withEmail(supplier(business, "Copycat"), "acme.beans@example.com");
        table.putWithMarkers(acme);
        table.put(copycat.toItem());

        // WHEN
        DriftReport found = verify();
        RepairResult repair = repair(found);
        DriftReport after = verify();

        // THEN reported, counted as not repairable, and the marker untouched
        assertThat(found.findings()).extracting(Finding::driftClass).containsExactly(DriftClass.DUPLICATE_UNIQUE_VALUE);
        assertThat(found.findings().get(0).detail())
                .contains(emailMarker(acme).subject(), emailMarker(copycat).subject());
        assertThat(repair.attempts()).isEmpty();
        assertThat(repair.notRepairable()).isEqualTo(1);
        assertThat(table.get(emailMarker(acme).key()))
                .isEqualTo(emailMarker(acme).toItem());
        assertThat(after.findings()).extracting(Finding::driftClass).containsExactly(DriftClass.DUPLICATE_UNIQUE_VALUE);

        // AND WHEN the API gives the copycat an email of its own (its core item and marker in one transaction)
        table.putWithMarkers(withEmail(copycat, "copycat@example.com"));

        // THEN the table is clean
        assertThat(verify().findings()).isEmpty();
    }

    @Test
    void repair_shouldNotPutAMissingMarker_whenAnotherSubjectTookTheValueSinceTheScan() {
        // GIVEN a missing marker found
        DeclaredItem acme = supplier(business, "Acme Beans");
        table.put(acme.toItem());
        DriftReport found = verify();
        // AND since the Scan the API created a supplier with that email, its marker with it
        DeclaredItem rival = withEmail(supplier(business, "Rival"), "acme.beans@example.com");
        table.putWithMarkers(rival);

        // WHEN
        RepairResult repair = repair(found);

        // THEN the API's marker stays, and the duplicate is what verify now reports
        assertThat(repair.count(RepairOutcome.SKIPPED_COPY_CHANGED)).isEqualTo(1);
        assertThat(repair.attempts().get(0).message()).isEqualTo("the marker changed since the scan");
        assertThat(table.get(emailMarker(acme).key()))
                .isEqualTo(emailMarker(rival).toItem());
        assertThat(verify().findings())
                .extracting(Finding::driftClass)
                .containsExactly(DriftClass.DUPLICATE_UNIQUE_VALUE);
    }

    @Test
    void repair_shouldNotPutAMissingMarker_whenItsHolderChangedItsValueSinceTheScan() {
        // GIVEN a missing marker found
        DeclaredItem acme = supplier(business, "Acme Beans");
        table.put(acme.toItem());
        DriftReport found = verify();
        // AND since the Scan the API changed its email (the new value's marker with it)
        DeclaredItem changed = withEmail(acme, "orders@acme.example");
        table.putWithMarkers(changed);

        // WHEN
        RepairResult repair = repair(found);

        // THEN no marker for the value it gave up, and the table is clean
        assertThat(repair.count(RepairOutcome.SKIPPED_SOURCE_CHANGED)).isEqualTo(1);
        assertThat(table.get(emailMarker(acme).key())).isEmpty();
        assertThat(verify().findings()).isEmpty();
    }

    @Test
    void repair_shouldNotDeleteAnOrphanMarker_thatNamesAnotherHolderSinceTheScan() {
        // GIVEN the orphan marker of a gone supplier found
        DeclaredItem gone = supplier(business, "Gone Ltd");
        table.put(emailMarker(gone).toItem());
        DriftReport found = verify();
        // AND since the Scan the value was freed and a new supplier took it (its marker now names it)
        DeclaredItem taker = withEmail(supplier(business, "Taker"), "gone.ltd@example.com");
        table.putWithMarkers(taker);

        // WHEN
        RepairResult repair = repair(found);

        // THEN the taker's marker stays
        assertThat(repair.count(RepairOutcome.SKIPPED_COPY_CHANGED)).isEqualTo(1);
        assertThat(table.get(emailMarker(gone).key()))
                .isEqualTo(emailMarker(taker).toItem());
        assertThat(verify().findings()).isEmpty();
    }

    @Test
    void repair_shouldNotDeleteAnOrphanMarker_whenItsHolderChangedSinceTheScan() {
        // GIVEN the old email's marker of a supplier that holds another email, found orphaned
        DeclaredItem before = supplier(business, "Acme Beans");
        DeclaredItem changed = withEmail(before, "orders@acme.example");
        table.putWithMarkers(changed);
        table.put(emailMarker(before).toItem());
        DriftReport found = verify();
        // AND since the Scan the holder was changed again (any write of the API moves its version)
        table.put(changed.withVersion(3, changed.common().updatedAt().plusSeconds(1))
                .toItem());

        // WHEN
        RepairResult repair = repair(found);

        // THEN the delete waited for a Scan of the holder as it is now; the next repair makes the table clean
        assertThat(repair.count(RepairOutcome.SKIPPED_SOURCE_CHANGED)).isEqualTo(1);
        assertThat(table.get(emailMarker(before).key())).isNotEmpty();
        assertThat(repair(verify()).count(RepairOutcome.REPAIRED)).isEqualTo(1);
        assertThat(verify().findings()).isEmpty();
    }

    @Test
    void verifyCommand_shouldCountEachUniqueClassInTheJsonSummary() throws Exception {
        // GIVEN one finding of each class
        DeclaredItem acme = supplier(business, "Acme Beans");
        table.put(acme.toItem());
        table.put(emailMarker(supplier(business, "Gone Ltd")).toItem());
        DeclaredItem birch = supplier(business, "Birch Co");
        table.putWithMarkers(birch);
        table.put(
                withEmail(supplier(business, "Copycat"), "birch.co@example.com").toItem());

        // WHEN
        String[] command = {"--endpoint", SharedLocalDynamoDb.endpoint(), "--table", table.table()};
        JsonNode verify = main("verify", command);
        JsonNode repair = main("repair", command);

        // THEN
        assertThat(verify.get("uniqueMarkers").asLong()).isEqualTo(2);
        assertThat(verify.at("/drift/missingUniqueMarker").asLong()).isEqualTo(1);
        assertThat(verify.at("/drift/orphanUniqueMarker").asLong()).isEqualTo(1);
        assertThat(verify.at("/drift/duplicateUniqueValue").asLong()).isEqualTo(1);
        assertThat(verify.get("driftTotal").asLong()).isEqualTo(3);
        assertThat(verify.get("findings"))
                .extracting(finding -> finding.get("class").asText())
                .containsExactlyInAnyOrder("missingUniqueMarker", "orphanUniqueMarker", "duplicateUniqueValue");
        assertThat(repair.at("/repairs/repaired").asLong()).isEqualTo(2);
        assertThat(repair.at("/repairs/notRepairable").asLong()).isEqualTo(1);
        assertThat(repair.get("driftTotal").asLong()).isEqualTo(1);
        assertThat(repair.at("/drift/duplicateUniqueValue").asLong()).isEqualTo(1);
    }

    @Test
    void migrate_shouldLeaveTheTargetWithTheMarkersItsSubjectsImply() throws Exception {
        // GIVEN a source with a supplier and its marker, one without its marker, and an orphan marker
        DeclaredItem acme = supplier(business, "Acme Beans");
        DeclaredItem birch = supplier(business, "Birch Co");
        DeclaredItem gone = supplier(business, "Gone Ltd");
        table.putWithMarkers(acme);
        table.put(birch.toItem());
        table.put(emailMarker(gone).toItem());
        String target = table.table() + "-migrated";

        // WHEN
        JsonNode summary = main(
                "migrate",
                "--endpoint",
                SharedLocalDynamoDb.endpoint(),
                "--from",
                table.table(),
                "--to",
                target,
                "--checkpoint",
                folder.resolve("checkpoint.json").toString());

        // THEN no marker was copied; repair put each one its subjects imply, and the target verifies clean
        assertThat(summary.at("/copy/uniqueMarkersSkipped").asLong()).isEqualTo(2);
        // the source's backfill progress items: the target has its own, made ready when migrate created it
        assertThat(summary.at("/copy/otherSkipped").asLong()).isEqualTo(IndexBackfill.ALL.size());
        assertThat(summary.at("/uniqueMarkers/expectedMissing").asLong()).isEqualTo(2);
        assertThat(summary.at("/uniqueMarkers/built").asLong()).isEqualTo(2);
        assertThat(summary.at("/verify/clean").asBoolean()).isTrue();
        SupplierTable migrated = new SupplierTable(dynamo, target);
        assertThat(migrated.get(emailMarker(acme).key()))
                .isEqualTo(emailMarker(acme).toItem());
        assertThat(migrated.get(emailMarker(birch).key()))
                .isEqualTo(emailMarker(birch).toItem());
        assertThat(migrated.get(emailMarker(gone).key())).isEmpty();
    }

    private static Map<String, AttributeValue> naming(UniqueValue marker, String holder) {
        Map<String, AttributeValue> item = new HashMap<>(marker.toItem());
        item.put(Attributes.HOLDER, Values.s(holder));
        return item;
    }

    private DriftReport verify() {
        return DriftDetector.detect(new TableScan(dynamo, table.table(), SEGMENTS).run(new ScanProgress(SEGMENTS)));
    }

    private RepairResult repair(DriftReport found) {
        return new CopyRepair(dynamo, table.table(), 2).repair(found, new AtomicLong());
    }

    private static List<ItemKey> keys(DriftReport report, DriftClass driftClass) {
        return report.findingsOf(driftClass).stream().map(Finding::key).toList();
    }

    /** The command line's JSON summary on stdout. */
    private static JsonNode main(String command, String... options) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> args = new java.util.ArrayList<>(List.of(command));
        args.addAll(List.of(options));
        try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            Main.run(args, outStream, errStream, false);
        }
        String json = out.toString(StandardCharsets.UTF_8);
        assertThat(json).as(err.toString(StandardCharsets.UTF_8)).isNotBlank();
        return JSON.readTree(json);
    }
}
