package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.checks.DriftDetector;
import io.entitytable.checks.ScannedTable;
import io.entitytable.checks.SharedLocalDynamoDb;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.ShardCount;
import io.entitytable.model.Values;
import io.entitytable.queue.RefreshMessage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Businesses' erase jobs in verify, repair, jobs and the scheduled verify, on the local DynamoDB engine: erase job items written
 * directly, as the worker leaves them; the refresh queue is a fake that records what repair sends.
 */
class EraseJobsVerifyTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Second precision: the table stores instants as ISO text. */
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    private static final Instant FRESH = NOW.minus(Duration.ofMinutes(1));
    private static final Instant STALE = NOW.minus(Duration.ofMinutes(20));

    private static final DynamoDbClient dynamo = SharedLocalDynamoDb.client();

    @Test
    void verify_shouldCountErasesByStatus_andListTheStoppedOne_andExit1() throws Exception {
        // GIVEN a stopped erase, a running one with recent progress and a done one
        Erases erases = Erases.write(newTable());

        // WHEN
        Run run = run("verify", "--endpoint", endpoint(), "--table", erases.table);

        // THEN
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode summary = run.json();
        assertThat(summary.get("clean").asBoolean()).isFalse();
        assertThat(summary.get("driftTotal").asLong())
                .as("erase job items are not drift")
                .isZero();
        assertThat(summary.get("otherItems").asLong())
                .as("erase jobs are sorted, not only counted")
                .isZero();
        JsonNode jobs = summary.get("jobs");
        assertThat(jobs.get("stopped")).as("no refresh job").isEmpty();
        JsonNode erasesNode = jobs.get("erases");
        assertThat(erasesNode.get("running").asLong()).isEqualTo(2);
        assertThat(erasesNode.get("done").asLong()).isEqualTo(1);
        assertThat(erasesNode.get("stopped")).hasSize(1);
        JsonNode stopped = erasesNode.get("stopped").get(0);
        assertThat(stopped.get("subject").asText()).isEqualTo(erases.stopped);
        assertThat(stopped.get("status").asText()).isEqualTo("running");
        assertThat(stopped.get("round").asLong()).isEqualTo(2);
        assertThat(stopped.get("phase").asText()).isEqualTo("stores");
        assertThat(stopped.get("doneSegments").asInt()).isEqualTo(3);
        assertThat(stopped.get("segments").asInt()).isEqualTo(EraseJob.SEGMENTS);
        assertThat(stopped.get("itemsDeleted").asLong()).isEqualTo(1234);
        assertThat(Instant.parse(stopped.get("updatedAt").asText())).isEqualTo(STALE);
        assertThat(stopped.has("restarted")).as("verify restarts nothing").isFalse();
        assertThat(run.err())
                .contains("stopped erase job  " + erases.stopped + ": running, round 2, phase stores, segments 3/"
                        + EraseJob.SEGMENTS + ", 1234 items deleted")
                .doesNotContain(erases.running)
                .doesNotContain(erases.done);
    }

    @Test
    void verify_shouldExit0_whenNoEraseHasStopped() throws Exception {
        // GIVEN an erase with recent progress and one done long ago (done is never stopped)
        String table = newTable();
        String running = putErase(table, "running", 1, "children", Set.of(), 10, FRESH);
        String done = putErase(table, "done", 3, "stores", allSegments(), 500, STALE);

        // WHEN
        Run run = run("verify", "--endpoint", endpoint(), "--table", table);

        // THEN
        assertThat(run.exitCode()).isZero();
        JsonNode summary = run.json();
        assertThat(summary.get("clean").asBoolean()).isTrue();
        assertThat(summary.get("jobs").get("erases").get("running").asLong()).isEqualTo(1);
        assertThat(summary.get("jobs").get("erases").get("done").asLong()).isEqualTo(1);
        assertThat(summary.get("jobs").get("erases").get("stopped")).isEmpty();
        assertThat(run.err()).doesNotContain(running).doesNotContain(done);
    }

    @Test
    void repair_shouldSendOneRestartForTheStoppedErase_besideTheStoppedRefreshJob_andExit0() throws Exception {
        // GIVEN the three erases and a stopped refresh job
        Erases erases = Erases.write(newTable());
        String storeJob = putStoppedRefreshJob(erases.table);
        RecordingQueue queue = new RecordingQueue();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        // WHEN
        CommandResult result = repair(erases.table, queue, err);

        // THEN exactly one restart for the stopped erase's business, on the same path as the refresh job's
        assertThat(queue.subjects()).containsExactlyInAnyOrder(erases.stopped, storeJob);
        assertThat(queue.messages())
                .allSatisfy(message -> assertThat(message.isRestart()).isTrue());
        assertThat(result.exitCode()).isZero();
        JsonNode summary = JSON.readTree(JsonSummary.of(result));
        assertThat(summary.get("clean").asBoolean()).isTrue();
        assertThat(summary.get("jobs").get("restarted").asLong()).isEqualTo(2);
        assertThat(summary.get("jobs").get("notRestarted").asLong()).isZero();
        JsonNode stopped = summary.get("jobs").get("erases").get("stopped");
        assertThat(stopped).hasSize(1);
        assertThat(stopped.get(0).get("subject").asText()).isEqualTo(erases.stopped);
        assertThat(stopped.get(0).get("restarted").asBoolean()).isTrue();
        assertThat(summary.get("jobs").get("stopped").get(0).get("subject").asText())
                .isEqualTo(storeJob);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("restarted erase job  " + erases.stopped)
                .contains("restarted refresh job  " + storeJob);
    }

    @Test
    void repair_shouldSendNothing_whenNoEraseHasStopped() {
        // GIVEN an erase with recent progress and a done one
        String table = newTable();
        putErase(table, "running", 1, "children", Set.of(), 10, FRESH);
        putErase(table, "done", 3, "stores", allSegments(), 500, STALE);
        RecordingQueue queue = new RecordingQueue();

        // WHEN
        CommandResult result = repair(table, queue, new ByteArrayOutputStream());

        // THEN
        assertThat(queue.batches).isEmpty();
        assertThat(result.restarts().restarted()).isEmpty();
        assertThat(result.exitCode()).isZero();
    }

    @Test
    void repair_shouldListTheStoppedEraseAsNotRestarted_andNameTheOption_whenNoQueueIsGiven() throws Exception {
        // GIVEN
        Erases erases = Erases.write(newTable());

        // WHEN
        Run run = run("repair", "--endpoint", endpoint(), "--table", erases.table);

        // THEN
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode jobs = run.json().get("jobs");
        assertThat(jobs.get("restarted").asLong()).isZero();
        assertThat(jobs.get("notRestarted").asLong()).isEqualTo(1);
        JsonNode entry = jobs.get("erases").get("stopped").get(0);
        assertThat(entry.get("restarted").asBoolean()).isFalse();
        assertThat(entry.get("reason").asText()).contains("--refresh-queue");
        assertThat(run.err()).contains("erase job " + erases.stopped + " not restarted: give --refresh-queue");
    }

    @Test
    void jobs_shouldPrintTheErasesNotDone_afterTheRefreshJobs_orEveryEraseWithAll() {
        // GIVEN the three erases and a stopped refresh job
        Erases erases = Erases.write(newTable());
        String storeJob = putStoppedRefreshJob(erases.table);

        // WHEN
        Run notDone = run("jobs", "--endpoint", endpoint(), "--table", erases.table);
        Run all = run("jobs", "--endpoint", endpoint(), "--table", erases.table, "--all");

        // THEN the refresh jobs' table as before, a blank line, then the erases' table
        assertThat(notDone.exitCode()).isZero();
        List<String> lines = notDone.out().lines().toList();
        assertThat(lines.get(0).split(" +"))
                .containsExactly("subject", "status", "stopped", "pass", "copies", "segments", "updated");
        assertThat(row(lines, storeJob)).startsWith(storeJob, "running", "yes");
        assertThat(lines.get(2)).isEmpty();
        assertThat(lines.get(3).split(" +"))
                .containsExactly("subject", "status", "stopped", "round", "phase", "segments", "deleted", "updated");
        assertThat(lines).hasSize(6);
        assertThat(row(lines, erases.stopped))
                .containsExactly(
                        erases.stopped,
                        "running",
                        "yes",
                        "2",
                        "stores",
                        "3/" + EraseJob.SEGMENTS,
                        "1234",
                        STALE.toString());
        assertThat(row(lines, erases.running))
                .containsExactly(
                        erases.running,
                        "running",
                        "no",
                        "1",
                        "children",
                        "0/" + EraseJob.SEGMENTS,
                        "10",
                        FRESH.toString());
        assertThat(notDone.out()).doesNotContain(erases.done);
        // aligned: every row's status starts where the header's does
        int statusColumn = lines.get(3).indexOf("status");
        lines.stream().skip(4).forEach(line -> assertThat(line.substring(statusColumn))
                .matches("running .*"));

        assertThat(all.exitCode()).isZero();
        assertThat(all.out().lines()).hasSize(7);
        assertThat(row(all.out().lines().toList(), erases.done)).startsWith(erases.done, "done", "no", "3");
    }

    @Test
    void verifyAndJobs_shouldCountTheSegmentsOfABusinessWithItsOwnShardCount() throws Exception {
        // GIVEN a stopped erase of a business of 32 shards, 5 of its segments done
        String table = newTable();
        String businessId = Ids.newId();
        Map<String, AttributeValue> item =
                EraseJob.newItem(businessId, ShardCount.first().grownTo(32, STALE, STALE), STALE);
        Values.putSet(item, Attributes.JOB_DONE_SEGMENTS, Set.of("0", "1", "2", "3", "20"));
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(item).build());
        String subject = Keys.subjectRef(Entity.BUSINESS, businessId);

        // WHEN
        Run verify = run("verify", "--endpoint", endpoint(), "--table", table);
        Run jobs = run("jobs", "--endpoint", endpoint(), "--table", table);

        // THEN its segments are its 32 shards, in the summary, the findings and the table
        JsonNode stopped =
                verify.json().get("jobs").get("erases").get("stopped").get(0);
        assertThat(stopped.get("subject").asText()).isEqualTo(subject);
        assertThat(stopped.get("doneSegments").asInt()).isEqualTo(5);
        assertThat(stopped.get("segments").asInt()).isEqualTo(32);
        assertThat(verify.err()).contains("segments 5/32");
        assertThat(row(jobs.out().lines().toList(), subject)).contains("5/32");
    }

    @Test
    void jobs_shouldPrintTheRefreshJobsTableAlone_whenThereIsNoErase() {
        // GIVEN only a stopped refresh job
        String table = newTable();
        putStoppedRefreshJob(table);

        // WHEN
        Run run = run("jobs", "--endpoint", endpoint(), "--table", table);

        // THEN
        assertThat(run.exitCode()).isZero();
        assertThat(run.out().lines()).hasSize(2);
        assertThat(run.out()).doesNotContain("round");
    }

    @Test
    void scannedTable_shouldKeepEraseItems_apartFromOtherItems_andNeverAsDrift() {
        // GIVEN an erase job item as the API starts it
        String businessId = Ids.newId();
        Map<String, AttributeValue> erase = EraseJob.newItem(businessId, FRESH);

        // WHEN
        ScannedTable table = ScannedTable.builder().add(erase).build();

        // THEN
        assertThat(table.erases()).singleElement().satisfies(job -> {
            assertThat(job.businessId()).isEqualTo(businessId);
            assertThat(job.round()).isEqualTo(1);
        });
        assertThat(table.jobs()).isEmpty();
        assertThat(table.otherItems()).isZero();
        assertThat(table.itemsScanned()).isEqualTo(1);
        assertThat(DriftDetector.detect(table).findings()).isEmpty();
    }

    @Test
    void scheduledVerify_shouldCountAStoppedEraseInTheStoppedJobsMetric() {
        // GIVEN a stopped refresh job and the three erases (one stopped), checked in one segment
        Erases erases = Erases.write(newTable());
        String storeJob = putStoppedRefreshJob(erases.table);
        List<String> lines = new ArrayList<>();
        ScheduledVerify scheduled = new ScheduledVerify(
                new SampledVerify(dynamo, erases.table, 1, 1_000),
                MetricsRecorder.toLines("verify-fn", lines::add),
                InstantSource.fixed(NOW));

        // WHEN
        Map<String, Object> summary = scheduled.run();

        // THEN both stopped ones are counted in the one metric, each listed by its subject
        assertThat(summary.get("stoppedJobs")).isEqualTo(List.of(storeJob));
        assertThat(summary.get("stoppedErases")).isEqualTo(List.of(erases.stopped));
        assertThat((List<?>) summary.get("findings")).isEmpty();
        assertThat(lines).singleElement().satisfies(line -> assertThat(line)
                .contains("\"" + MetricNames.REFRESH_JOBS_STOPPED + "\":2.0")
                .contains("\"" + MetricNames.DRIFT_FOUND + "\":0.0"));
    }

    /** Three erases, by subject ({@code business#<id>}): stopped, running with recent progress, done long ago. */
    private record Erases(String table, String stopped, String running, String done) {
        static Erases write(String table) {
            return new Erases(
                    table,
                    putErase(table, "running", 2, "stores", Set.of("0", "1", "2"), 1234, STALE),
                    putErase(table, "running", 1, "children", Set.of(), 10, FRESH),
                    putErase(table, "done", 3, "stores", allSegments(), 500, STALE));
        }
    }

    /** Puts an erase job item the way the worker leaves it; returns its business's subject reference. */
    private static String putErase(
            String table,
            String status,
            long round,
            String phase,
            Set<String> doneSegments,
            long itemsDeleted,
            Instant updated) {
        String businessId = Ids.newId();
        Map<String, AttributeValue> item = EraseJob.newItem(businessId, updated.minus(Duration.ofHours(1)));
        item.put(Attributes.JOB_STATUS, Values.s(status));
        item.put(Attributes.JOB_PASS, Values.n(round));
        item.put(Attributes.ERASE_PHASE, Values.s(phase));
        Values.putSet(item, Attributes.JOB_DONE_SEGMENTS, doneSegments);
        item.put(Attributes.ERASE_ITEMS_DELETED, Values.n(itemsDeleted));
        item.put(Attributes.UPDATED_AT, Values.instant(updated));
        if ("done".equals(status)) {
            item.put(Attributes.JOB_FINISHED_AT, Values.instant(updated));
        }
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(item).build());
        return Keys.subjectRef(Entity.BUSINESS, businessId);
    }

    private static Set<String> allSegments() {
        return Set.copyOf(IntStream.range(0, EraseJob.SEGMENTS)
                .mapToObj(Integer::toString)
                .toList());
    }

    /** A store's refresh job, running without progress since {@link #STALE}; returns its subject. */
    private static String putStoppedRefreshJob(String table) {
        Map<String, AttributeValue> item =
                RefreshJobsVerifyTest.jobItem(Ids.newId(), "running", 1, 1, 1, Set.of(), STALE);
        assertThat(RefreshJob.from(item).stoppedAt(NOW)).isTrue();
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(item).build());
        return Values.string(item, Attributes.JOB_SUBJECT);
    }

    /** Records every batch; refuses nothing. */
    private static class RecordingQueue implements RefreshQueue {
        final List<List<RefreshMessage>> batches = new ArrayList<>();

        @Override
        public Set<String> sendBatch(List<RefreshMessage> batch) {
            assertThat(batch).hasSizeLessThanOrEqualTo(RefreshQueue.MAX_BATCH);
            batches.add(batch);
            return Set.of();
        }

        List<RefreshMessage> messages() {
            // through JSON, as the worker reads them
            return batches.stream()
                    .flatMap(List::stream)
                    .map(message -> RefreshMessage.fromJson(message.toJson()))
                    .toList();
        }

        List<String> subjects() {
            return messages().stream().map(RefreshMessage::subject).toList();
        }
    }

    private static CommandResult repair(String table, RefreshQueue queue, ByteArrayOutputStream err) {
        VerifyOptions options = VerifyOptions.parse(List.of(
                "repair",
                "--endpoint",
                endpoint(),
                "--table",
                table,
                "--refresh-queue",
                "http://localhost:9324/000000000000/refresh"));
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);
        return new VerifyCommand(
                        dynamo,
                        options,
                        ProgressIndicator.none(),
                        new FindingsLog(errStream),
                        queue,
                        Clock.fixed(NOW, ZoneOffset.UTC))
                .run();
    }

    private static List<String> row(List<String> lines, String subject) {
        return lines.stream()
                .filter(line -> line.startsWith(subject + " "))
                .findFirst()
                .map(line -> Arrays.asList(line.split(" +")))
                .orElseThrow(() -> new AssertionError(subject + " not listed: " + lines));
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

    private static String endpoint() {
        return SharedLocalDynamoDb.endpoint();
    }

    private static String newTable() {
        return SharedLocalDynamoDb.newTable("erases");
    }
}
