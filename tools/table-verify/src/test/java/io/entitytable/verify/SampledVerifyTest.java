package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.checks.DriftDetector;
import io.entitytable.checks.Finding;
import io.entitytable.checks.ScanProgress;
import io.entitytable.checks.ScannedTable;
import io.entitytable.checks.SharedLocalDynamoDb;
import io.entitytable.checks.SupplierTable;
import io.entitytable.checks.TableScan;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Ids;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/** The scheduled verify's sampled check on the local DynamoDB engine: the sample table of verify's tests, corrupted the same way. */
class SampledVerifyTest {
    private static final int SEGMENTS = 4;
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    private static final DynamoDbClient dynamo = SharedLocalDynamoDb.client();

    @Test
    void everySegmentOnce_shouldFindWhatOneVerifyFinds_eachRunReadingOnlyItsSegment() {
        // GIVEN a table corrupted in every way verify knows, and what a whole-table verify finds in it
        SampleTable sample = SampleTable.write(dynamo, newTable());
        VerifyRepairTest.corrupt(sample);
        ScannedTable whole = new TableScan(dynamo, sample.table, 1).run(new ScanProgress(1));
        List<String> expected = describe(DriftDetector.detect(whole).findings());

        // WHEN the sampled check runs once per segment
        SampledVerify verify = new SampledVerify(dynamo, sample.table, SEGMENTS, 1_000);
        List<String> found = new ArrayList<>();
        List<Long> read = new ArrayList<>();
        for (int segment = 0; segment < SEGMENTS; segment++) {
            SampledVerify.Result result = verify.run(segment, NOW);
            found.addAll(describe(result.findings()));
            read.add(result.itemsScanned());
        }

        // THEN together the runs report each finding of the whole verify, once, and nothing else ...
        assertThat(expected).hasSizeGreaterThanOrEqualTo(8);
        assertThat(found).containsExactlyInAnyOrderElementsOf(expected);
        // ... while each run read only its share of the table
        assertThat(read.stream().mapToLong(Long::longValue).sum()).isEqualTo(whole.itemsScanned());
        assertThat(read).allSatisfy(items -> assertThat(items).isLessThan(whole.itemsScanned()));
    }

    @Test
    void everySegmentOnce_shouldFindTheUniqueValuesDriftOfOneVerify_once() {
        // GIVEN suppliers whose email is unique: one without its marker, an orphan marker, a value held twice with its
        // marker naming one holder, a marker naming a subject that holds another value, and healthy ones
        SupplierTable table = new SupplierTable(dynamo, newTable());
        String business = Ids.newId();
        for (int i = 0; i < 6; i++) {
            table.putWithMarkers(SupplierTable.supplier(business, "Healthy " + i));
        }
        table.put(SupplierTable.supplier(business, "Acme Beans").toItem());
        table.put(SupplierTable.emailMarker(SupplierTable.supplier(business, "Gone Ltd"))
                .toItem());
        DeclaredItem birch = SupplierTable.supplier(business, "Birch Co");
        table.putWithMarkers(birch);
        table.put(SupplierTable.withEmail(SupplierTable.supplier(business, "Copycat"), "birch.co@example.com")
                .toItem());
        DeclaredItem dave = SupplierTable.supplier(business, "Dave");
        table.put(dave.toItem());
        Map<String, AttributeValue> wrong =
                new HashMap<>(SupplierTable.emailMarker(dave).toItem());
        wrong.put(Attributes.HOLDER, Values.s(SupplierTable.emailMarker(birch).subject()));
        table.put(wrong);
        ScannedTable whole = new TableScan(dynamo, table.table(), 1).run(new ScanProgress(1));
        List<String> expected = describe(DriftDetector.detect(whole).findings());

        // WHEN the sampled check runs once per segment
        SampledVerify verify = new SampledVerify(dynamo, table.table(), SEGMENTS, 1_000);
        List<String> found = new ArrayList<>();
        for (int segment = 0; segment < SEGMENTS; segment++) {
            found.addAll(describe(verify.run(segment, NOW).findings()));
        }

        // THEN together the runs report each finding of the whole verify, once, and nothing else
        assertThat(expected).hasSize(5);
        assertThat(found).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void cleanTable_shouldGiveNoFinding_inAnySegment() {
        // GIVEN a table as a healthy fan-out leaves it, with suppliers and the markers of their emails
        SampleTable sample = SampleTable.write(dynamo, newTable());
        for (int i = 0; i < 4; i++) {
            sample.putCore(SupplierTable.supplier(SampleTable.BUSINESS_ID, "Supplier " + i));
        }

        // WHEN every segment is checked
        SampledVerify verify = new SampledVerify(dynamo, sample.table, SEGMENTS, 1_000);
        List<Finding> found = new ArrayList<>();
        long core = 0;
        for (int segment = 0; segment < SEGMENTS; segment++) {
            SampledVerify.Result result = verify.run(segment, NOW);
            found.addAll(result.findings());
            core += result.coreItemsChecked();
        }

        // THEN no false finding, though every core item was a sample once
        assertThat(found).isEmpty();
        assertThat(core).isEqualTo(12);
    }

    @Test
    void run_shouldWriteDriftAndStoppedJobsAsMetrics_forTheSegmentOfTheHour() {
        // GIVEN a corrupted table with one stopped and one running refresh job, checked in one segment
        SampleTable sample = SampleTable.write(dynamo, newTable());
        VerifyRepairTest.corrupt(sample);
        Instant stale = NOW.minus(RefreshJob.STOPPED_AFTER).minus(Duration.ofMinutes(5));
        putJob(sample.table, stale);
        putJob(sample.table, NOW.minus(Duration.ofMinutes(1)));
        List<String> lines = new ArrayList<>();
        ScheduledVerify scheduled = new ScheduledVerify(
                new SampledVerify(dynamo, sample.table, 1, 1_000),
                MetricsRecorder.toLines("verify-fn", lines::add),
                InstantSource.fixed(NOW));

        // WHEN it runs
        Map<String, Object> summary = scheduled.run();

        // THEN the drift and the stopped job are counted, in the summary and in the function's metric line
        ScannedTable whole = new TableScan(dynamo, sample.table, 1).run(new ScanProgress(1));
        int drift = DriftDetector.detect(whole).findings().size();
        assertThat(summary).containsEntry("segment", 0).containsEntry("segments", 1);
        assertThat((List<?>) summary.get("findings")).hasSize(drift);
        assertThat((List<?>) summary.get("stoppedJobs")).hasSize(1);
        assertThat(lines).singleElement().satisfies(line -> assertThat(line)
                .contains("\"" + MetricNames.DRIFT_FOUND + "\":" + drift + ".0")
                .contains("\"" + MetricNames.REFRESH_JOBS_STOPPED + "\":1.0")
                .contains("\"" + MetricNames.ITEMS_VERIFIED + "\":" + whole.itemsScanned() + ".0")
                .contains("\"Function\":\"verify-fn\""));
    }

    @Test
    void maxItems_shouldStopTheReadAtTheBudget_andSaySo() {
        // GIVEN a table of more items than the smaller budget
        SampleTable sample = SampleTable.write(dynamo, newTable());
        ScannedTable whole = new TableScan(dynamo, sample.table, 1).run(new ScanProgress(1));

        // WHEN one segment is checked with a budget of 1 item and with one larger than the table
        SampledVerify.Result cut = new SampledVerify(dynamo, sample.table, 1, 1).run(0, NOW);
        SampledVerify.Result full = new SampledVerify(dynamo, sample.table, 1, 1_000).run(0, NOW);

        // THEN the first stops after its first page and reports the segment incomplete; the second reads it all
        assertThat(cut.segmentComplete()).isFalse();
        assertThat(cut.itemsScanned()).isPositive().isLessThan(whole.itemsScanned());
        assertThat(full.segmentComplete()).isTrue();
        assertThat(full.itemsScanned()).isEqualTo(whole.itemsScanned());
    }

    @Test
    void segmentAt_shouldTakeEachSegmentInTurn_hourByHour() {
        // GIVEN a check of 24 segments
        SampledVerify verify = new SampledVerify(dynamo, "any", 24, 1_000);
        Instant midnight = Instant.parse("2026-11-25T00:00:00Z");

        // WHEN the segments of a day's hours are taken
        List<Integer> segments = new ArrayList<>();
        for (int hour = 0; hour < 24; hour++) {
            segments.add(verify.segmentAt(midnight.plus(Duration.ofHours(hour)).plusSeconds(1_799)));
        }

        // THEN every segment comes once
        assertThat(Set.copyOf(segments)).hasSize(24);
    }

    private static void putJob(String table, Instant updated) {
        dynamo.putItem(PutItemRequest.builder()
                .tableName(table)
                .item(RefreshJobsVerifyTest.jobItem(Ids.newId(), "running", 1, 1, 1, Set.of(), updated))
                .build());
    }

    private static List<String> describe(List<Finding> findings) {
        return findings.stream().map(Finding::describe).toList();
    }

    private static String newTable() {
        return SharedLocalDynamoDb.newTable("sampled");
    }
}
