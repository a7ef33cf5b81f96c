package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.archive.OrderArchive;
import io.entitytable.archive.job.ArchiveJob;
import io.entitytable.archive.job.ArchiveSchedules;
import io.entitytable.archive.job.ArchiveTable;
import io.entitytable.archive.job.OrderMove.Outcome;
import io.entitytable.deployment.metrics.EmfLines;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.IndexLag;
import io.entitytable.model.access.Backoff;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A run of the deployed scheduled archive: the job runs until the run's deadline, and each outcome of its moves is
 * written as one metric, zero included; the job the handler builds ({@link ArchiveJob#over}) takes the due schedules
 * of the table it is given.
 */
class ScheduledArchiveTest {
    private static final String BUSINESS = "01JABCDEFGHJKMNPQRSTVWXYZ0";

    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory(EngineSettings.asDynamoDb().withIndexLag(IndexLag.fixed(Duration.ZERO)));
        dynamo = local.client();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        local.close();
    }

    @Test
    void run_shouldRunTheJobUntilTheDeadline_andWriteEveryOutcome_zeroIncluded() throws Exception {
        // GIVEN a job whose run moves three orders and finds one changed while it moved
        List<Instant> deadlines = new ArrayList<>();
        EmfLines emf = new EmfLines();
        ScheduledArchive scheduled = new ScheduledArchive(
                deadline -> {
                    deadlines.add(deadline);
                    return Map.of(Outcome.MOVED, 3, Outcome.CHANGED, 1);
                },
                emf.recorder("archive-fn"));
        Instant until = Instant.parse("2026-03-01T10:14:00Z");

        // WHEN the scheduled archive runs
        Map<String, Object> summary = scheduled.run(until);

        // THEN the job ran once, until the run's deadline
        assertThat(deadlines).containsExactly(until);
        // AND each outcome is one metric of the function and that outcome, the ones that did not happen as 0
        assertThat(emf.metrics())
                .filteredOn(metric -> metric.name().equals(MetricNames.ARCHIVE_MOVES))
                .hasSize(Outcome.values().length)
                .allSatisfy(metric -> assertThat(metric.namespace()).isEqualTo(MetricNames.NAMESPACE));
        assertThat(moves(emf, "moved")).isEqualTo(3);
        assertThat(moves(emf, "changed")).isEqualTo(1);
        for (String none : List.of("not_due", "held", "gone")) {
            assertThat(emf.find(MetricNames.ARCHIVE_MOVES, dimensions(none))).hasSize(1);
            assertThat(moves(emf, none)).isZero();
        }
        // AND the log line says the same
        assertThat(summary)
                .isEqualTo(Map.of("moves", Map.of("moved", 3, "not_due", 0, "held", 0, "changed", 1, "gone", 0)));
    }

    @Test
    void over_shouldBuildAJobThatTakesTheDueSchedulesOfItsTable() throws Exception {
        // GIVEN a table where a business that is gone still has a due schedule
        String table = "archive";
        local.createTable(table);
        ArchiveSchedules schedules = new ArchiveSchedules(
                new ArchiveTable(dynamo, table, new Backoff(3, Duration.ofMillis(1), Duration.ofMillis(5), () -> {})));
        Instant now = Instant.now();
        schedules.dueBy(BUSINESS, now.minusSeconds(60));
        assertThat(schedules.dueAt(now, 10)).hasSize(1);
        EmfLines emf = new EmfLines();
        ScheduledArchive scheduled = new ScheduledArchive(
                ArchiveJob.over(dynamo, table, unreachableArchive(), Clock.systemUTC(), ArchiveJob.PAUSE)::runUntil,
                emf.recorder("archive-fn"));

        // WHEN the scheduled archive runs
        Map<String, Object> summary = scheduled.run(now.plusSeconds(30));

        // THEN the job took the schedule, found no business and moved nothing
        assertThat(schedules.dueAt(Instant.now(), 10)).isEmpty();
        assertThat(summary.get("moves").toString()).isEqualTo("{moved=0, not_due=0, held=0, changed=0, gone=0}");
        assertThat(moves(emf, "moved")).isZero();
    }

    /** An archive no call of this test reaches: the job's moves are what would call it, and there is none. */
    private static OrderArchive unreachableArchive() {
        return new OrderArchive(
                S3Client.builder()
                        .endpointOverride(URI.create("http://127.0.0.1:9"))
                        .region(LocalDynamoDb.REGION)
                        .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                        .httpClient(UrlConnectionHttpClient.create())
                        .build(),
                "no-bucket");
    }

    private static double moves(EmfLines emf, String outcome) {
        return emf.sum(MetricNames.ARCHIVE_MOVES, dimensions(outcome));
    }

    private static Map<String, String> dimensions(String outcome) {
        return Map.of(MetricNames.FUNCTION, "archive-fn", MetricNames.OUTCOME, outcome);
    }
}
