package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.checks.ScannedTable;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Attributes;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.Values;
import io.entitytable.queue.RefreshMessage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Refresh jobs in verify, repair and jobs, on the local DynamoDB engine: job items written directly, as the worker leaves them;
 * the refresh queue is a fake that records what repair sends.
 */
class RefreshJobsVerifyTest {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Second precision: the table stores instants as ISO text. */
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    private static final Instant FRESH = NOW.minus(Duration.ofMinutes(1));
    private static final Instant STALE = NOW.minus(RefreshJob.STOPPED_AFTER).minus(Duration.ofMinutes(5));

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
    void verify_shouldCountJobsByStatus_andListTheStoppedOnes_andExit1() throws Exception {
        // GIVEN
        Jobs jobs = Jobs.write(newTable());

        // WHEN
        Run run = run("verify", "--endpoint", endpoint(), "--table", jobs.table);

        // THEN
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode summary = run.json();
        assertThat(summary.get("clean").asBoolean()).isFalse();
        assertThat(summary.get("exitCode").asInt()).isEqualTo(1);
        assertThat(summary.get("driftTotal").asLong())
                .as("job items are not drift")
                .isZero();
        assertThat(summary.get("otherItems").asLong())
                .as("jobs are sorted, not only counted")
                .isZero();
        JsonNode jobsNode = summary.get("jobs");
        assertThat(jobsNode.get("pending").asLong()).isEqualTo(2);
        assertThat(jobsNode.get("running").asLong()).isEqualTo(2);
        assertThat(jobsNode.get("done").asLong()).isEqualTo(1);
        assertThat(jobsNode.has("restarted")).as("verify restarts nothing").isFalse();
        List<String> stopped = new ArrayList<>();
        jobsNode.get("stopped").forEach(job -> stopped.add(job.get("subject").asText()));
        assertThat(stopped).containsExactlyInAnyOrder(jobs.runningStale, jobs.pendingStale);
        JsonNode running = stoppedEntry(jobsNode, jobs.runningStale);
        assertThat(running.get("status").asText()).isEqualTo("running");
        assertThat(running.get("pass").asLong()).isEqualTo(3);
        assertThat(running.get("copiesDone").asLong()).isEqualTo(4000);
        assertThat(running.get("copiesTotal").asLong()).isEqualTo(12000);
        assertThat(running.get("doneSegments").asInt()).isEqualTo(1);
        assertThat(running.get("segments").asInt()).isEqualTo(3);
        assertThat(Instant.parse(running.get("updatedAt").asText())).isEqualTo(STALE);
        assertThat(stoppedEntry(jobsNode, jobs.pendingStale).get("status").asText())
                .isEqualTo("pending");
        assertThat(run.err())
                .contains("stopped refresh job  " + jobs.runningStale + ": running, pass 3, copies 4000/12000")
                .contains("stopped refresh job  " + jobs.pendingStale + ": pending")
                .doesNotContain(jobs.runningFresh)
                .doesNotContain(jobs.done);
    }

    @Test
    void verify_shouldExit0_whenNoJobHasStopped() throws Exception {
        // GIVEN only a fresh running job and a done one
        String table = newTable();
        String running = putJob(table, "running", 1, 1, 1, Set.of(), FRESH);
        putJob(table, "done", 1, 1, 1, Set.of("0"), STALE);

        // WHEN
        Run run = run("verify", "--endpoint", endpoint(), "--table", table);

        // THEN
        assertThat(run.exitCode()).isZero();
        assertThat(run.json().get("clean").asBoolean()).isTrue();
        assertThat(run.json().get("jobs").get("running").asLong()).isEqualTo(1);
        assertThat(run.json().get("jobs").get("stopped")).isEmpty();
        assertThat(run.err()).doesNotContain(running);
    }

    @Test
    void repair_shouldSendARestartForEachStoppedJobOnly_andExit0() throws Exception {
        // GIVEN
        Jobs jobs = Jobs.write(newTable());
        RecordingQueue queue = new RecordingQueue(Set.of());

        // WHEN
        CommandResult result = repair(jobs.table, queue);

        // THEN
        assertThat(queue.subjects()).containsExactlyInAnyOrder(jobs.runningStale, jobs.pendingStale);
        assertThat(queue.messages())
                .allSatisfy(message -> assertThat(message.isRestart()).isTrue());
        assertThat(result.exitCode()).isZero();
        JsonNode summary = JSON.readTree(JsonSummary.of(result));
        assertThat(summary.get("clean").asBoolean()).isTrue();
        assertThat(summary.get("jobs").get("restarted").asLong()).isEqualTo(2);
        assertThat(summary.get("jobs").get("notRestarted").asLong()).isZero();
        summary.get("jobs")
                .get("stopped")
                .forEach(job -> assertThat(job.get("restarted").asBoolean()).isTrue());
    }

    @Test
    void repair_shouldSendOneBatchPerTenStoppedJobs() {
        // GIVEN 23 stopped jobs
        String table = newTable();
        Set<String> stopped = new HashSet<>();
        for (int i = 0; i < 23; i++) {
            stopped.add(putJob(table, "running", 1, 100, 1, Set.of(), STALE));
        }
        RecordingQueue queue = new RecordingQueue(Set.of());

        // WHEN
        CommandResult result = repair(table, queue);

        // THEN
        assertThat(queue.batches).extracting(List::size).containsExactly(10, 10, 3);
        assertThat(queue.subjects()).hasSize(23).containsExactlyInAnyOrderElementsOf(stopped);
        assertThat(result.restarts().restarted()).isEqualTo(stopped);
        assertThat(result.exitCode()).isZero();
    }

    @Test
    void repair_shouldExit1_andNameTheJobsNotRestarted_whenTheQueueRefusesOrFails() throws Exception {
        // GIVEN 12 stopped jobs: the queue refuses one of the first batch and fails the second as a whole
        String table = newTable();
        List<String> stopped = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            stopped.add(putJob(table, "running", 1, 100, 1, Set.of(), STALE));
        }
        RecordingQueue queue = new RecordingQueue(Set.of(stopped.get(0))) {
            @Override
            public Set<String> sendBatch(List<RefreshMessage> batch) {
                if (batches.size() == 1) {
                    batches.add(batch);
                    throw SdkClientException.create("connection refused");
                }
                return super.sendBatch(batch);
            }
        };

        // WHEN
        CommandResult result = repair(table, queue);

        // THEN
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.restarts().restarted()).hasSize(9).doesNotContain(stopped.get(0));
        assertThat(result.restarts().notRestarted()).hasSize(3).containsKey(stopped.get(0));
        assertThat(result.restarts().notRestarted().get(stopped.get(0))).contains("refused");
        JsonNode summary = JSON.readTree(JsonSummary.of(result));
        assertThat(summary.get("clean").asBoolean()).isFalse();
        assertThat(summary.get("jobs").get("notRestarted").asLong()).isEqualTo(3);
        JsonNode refused = stoppedEntry(summary.get("jobs"), stopped.get(0));
        assertThat(refused.get("restarted").asBoolean()).isFalse();
        assertThat(refused.get("reason").asText()).contains("refused");
    }

    @Test
    void repair_shouldListStoppedJobsAsNotRestarted_andNameTheOption_whenNoQueueIsGiven() throws Exception {
        // GIVEN
        Jobs jobs = Jobs.write(newTable());

        // WHEN
        Run run = run("repair", "--endpoint", endpoint(), "--table", jobs.table);

        // THEN
        assertThat(run.exitCode()).isEqualTo(1);
        JsonNode jobsNode = run.json().get("jobs");
        assertThat(jobsNode.get("restarted").asLong()).isZero();
        assertThat(jobsNode.get("notRestarted").asLong()).isEqualTo(2);
        JsonNode entry = stoppedEntry(jobsNode, jobs.runningStale);
        assertThat(entry.get("restarted").asBoolean()).isFalse();
        assertThat(entry.get("reason").asText()).contains("--refresh-queue");
        assertThat(run.err()).contains("refresh job " + jobs.runningStale + " not restarted: give --refresh-queue");
    }

    @Test
    void jobs_shouldPrintTheJobsNotDone_orEveryJobWithAll() {
        // GIVEN
        Jobs jobs = Jobs.write(newTable());

        // WHEN
        Run notDone = run("jobs", "--endpoint", endpoint(), "--table", jobs.table);
        Run all = run("jobs", "--endpoint", endpoint(), "--table", jobs.table, "--all");

        // THEN
        assertThat(notDone.exitCode()).isZero();
        List<String> lines = notDone.out().lines().toList();
        assertThat(lines.get(0).split(" +"))
                .containsExactly("subject", "status", "stopped", "pass", "copies", "segments", "updated");
        assertThat(lines).hasSize(5);
        assertThat(row(lines, jobs.runningStale))
                .containsExactly(jobs.runningStale, "running", "yes", "3", "4000/12000", "1/3", STALE.toString());
        assertThat(row(lines, jobs.runningFresh))
                .containsExactly(jobs.runningFresh, "running", "no", "1", "10/5000", "0/1", FRESH.toString());
        assertThat(row(lines, jobs.pendingStale)).startsWith(jobs.pendingStale, "pending", "yes");
        assertThat(row(lines, jobs.pendingFresh)).startsWith(jobs.pendingFresh, "pending", "no");
        assertThat(notDone.out()).doesNotContain(jobs.done);
        // aligned: every column starts where the header's does
        int statusColumn = lines.get(0).indexOf("status");
        lines.stream().skip(1).forEach(line -> assertThat(line.charAt(statusColumn - 1))
                .isEqualTo(' '));
        lines.stream().skip(1).forEach(line -> assertThat(line.substring(statusColumn))
                .matches("(running|pending) .*"));

        assertThat(all.exitCode()).isZero();
        assertThat(all.out().lines()).hasSize(6);
        assertThat(row(all.out().lines().toList(), jobs.done)).startsWith(jobs.done, "done", "no");
    }

    @Test
    void jobs_shouldRefuseTheOptionsOfOtherCommands() {
        assertThat(run("jobs", "--endpoint", endpoint(), "--segments", "2").exitCode())
                .isEqualTo(2);
        assertThat(run("verify", "--endpoint", endpoint(), "--all").exitCode()).isEqualTo(2);
        assertThat(run("verify", "--endpoint", endpoint(), "--refresh-queue", "http://localhost:9324/q")
                        .exitCode())
                .isEqualTo(2);
        Run sqsAlone = run("repair", "--endpoint", endpoint(), "--sqs-endpoint", "http://localhost:9324");
        assertThat(sqsAlone.exitCode()).isEqualTo(2);
        assertThat(sqsAlone.err()).contains("--sqs-endpoint needs --refresh-queue URL");
        assertThat(run("repair", "--endpoint", endpoint(), "--refresh-queue", "not a url")
                        .exitCode())
                .isEqualTo(2);
    }

    @Test
    void scannedTable_shouldKeepJobItems_apartFromOtherItems() {
        // GIVEN
        Map<String, AttributeValue> job = jobItem(Ids.newId(), "running", 2, 2, 50, Set.of("0"), FRESH);

        // WHEN
        ScannedTable table = ScannedTable.builder().add(job).build();

        // THEN
        assertThat(table.jobs()).hasSize(1);
        assertThat(table.jobs().get(0).pass()).isEqualTo(2);
        assertThat(table.otherItems()).isZero();
        assertThat(table.itemsScanned()).isEqualTo(1);
    }

    /** Five jobs: running fresh and stale, done (long ago: done is never stopped), pending stale and fresh. */
    private record Jobs(
            String table,
            String runningFresh,
            String runningStale,
            String done,
            String pendingStale,
            String pendingFresh) {
        static Jobs write(String table) {
            return new Jobs(
                    table,
                    putJob(table, "running", 1, 1, 1, Set.of(), FRESH, 10, 5000),
                    putJob(table, "running", 3, 7, 3, Set.of("1"), STALE, 4000, 12000),
                    putJob(table, "done", 2, 2, 1, Set.of("0"), STALE),
                    // stored done with a newer version asked for and not started: pending
                    putJob(table, "done", 1, 2, 1, Set.of("0"), STALE, 3, 3),
                    putJob(table, "done", 1, 3, 1, Set.of("0"), FRESH, 3, 3));
        }
    }

    private static String putJob(
            String table, String status, long pass, long requested, int segments, Set<String> done, Instant updated) {
        return putJob(table, status, pass, requested, segments, done, updated, 100, 100);
    }

    /** Puts a job item the way the worker leaves it; returns its subject reference. */
    private static String putJob(
            String table,
            String status,
            long pass,
            long requested,
            int segments,
            Set<String> doneSegments,
            Instant updated,
            long copiesDone,
            long copiesTotal) {
        String storeId = Ids.newId();
        Map<String, AttributeValue> item = jobItem(storeId, status, pass, requested, segments, doneSegments, updated);
        item.put(Attributes.JOB_COPIES_DONE, Values.n(copiesDone));
        item.put(Attributes.JOB_COPIES_TOTAL, Values.n(copiesTotal));
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(item).build());
        return Values.string(item, Attributes.JOB_SUBJECT);
    }

    /** {@code passVersion} is the pass number; {@code requested} above it makes a job pending. */
    static Map<String, AttributeValue> jobItem(
            String storeId,
            String status,
            long pass,
            long requested,
            int segments,
            Set<String> doneSegments,
            Instant updated) {
        Map<String, AttributeValue> item = Values.newItem();
        item.putAll(RefreshJob.keyOf(storeId).toAttributes());
        item.put(Attributes.KIND, Values.s(ItemKind.JOB.value()));
        item.put(Attributes.JOB_SUBJECT, Values.s(Keys.subjectRef(Entity.STORE, storeId)));
        item.put(Attributes.BUSINESS_ID, Values.s(Ids.newId()));
        item.put(Attributes.JOB_STATUS, Values.s(status));
        item.put(Attributes.JOB_PASS, Values.n(pass));
        item.put(Attributes.JOB_PASS_VERSION, Values.n(pass));
        item.put(Attributes.JOB_REQUESTED_VERSION, Values.n(requested));
        item.put(Attributes.JOB_SEGMENTS, Values.n(segments));
        Values.putSet(item, Attributes.JOB_DONE_SEGMENTS, doneSegments);
        item.put(Attributes.JOB_COPIES_DONE, Values.n(0));
        item.put(Attributes.JOB_COPIES_TOTAL, Values.n(0));
        item.put(Attributes.UPDATED_AT, Values.instant(updated));
        return item;
    }

    /** Records every batch; refuses the messages of {@code refused}. */
    private static class RecordingQueue implements RefreshQueue {
        final List<List<RefreshMessage>> batches = new ArrayList<>();
        private final Set<String> refused;

        RecordingQueue(Set<String> refused) {
            this.refused = refused;
        }

        @Override
        public Set<String> sendBatch(List<RefreshMessage> batch) {
            assertThat(batch).hasSizeLessThanOrEqualTo(RefreshQueue.MAX_BATCH);
            batches.add(batch);
            Set<String> refusedHere = new HashSet<>();
            batch.stream()
                    .map(RefreshMessage::subject)
                    .filter(refused::contains)
                    .forEach(refusedHere::add);
            return refusedHere;
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

    private static CommandResult repair(String table, RefreshQueue queue) {
        VerifyOptions options = VerifyOptions.parse(List.of(
                "repair",
                "--endpoint",
                endpoint(),
                "--table",
                table,
                "--refresh-queue",
                "http://localhost:9324/000000000000/refresh"));
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return new VerifyCommand(
                        dynamo,
                        options,
                        ProgressIndicator.none(),
                        new FindingsLog(err),
                        queue,
                        Clock.fixed(NOW, ZoneOffset.UTC))
                .run();
    }

    private static JsonNode stoppedEntry(JsonNode jobs, String subject) {
        for (JsonNode job : jobs.get("stopped")) {
            if (job.get("subject").asText().equals(subject)) {
                return job;
            }
        }
        throw new AssertionError(subject + " not among the stopped jobs: " + jobs);
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
        return local.endpoint().toString();
    }

    private static String newTable() {
        String table = "jobs" + TABLES.incrementAndGet();
        local.createTable(table);
        return table;
    }
}
