package io.entitytable.archive.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.archive.OrderArchive;
import io.entitytable.archive.job.OrderMove.Outcome;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.IndexLag;
import io.entitytable.model.ArchiveSchedule;
import io.entitytable.model.Attributes;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.access.Backoff;
import io.entitytable.s3.local.LocalS3;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The archive job's run over the businesses whose schedules are due: each business's due orders move, the rest stay,
 * and each schedule is set for the business's next look.
 */
class ArchiveJobTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    @TempDir
    static Path folder;

    private static LocalDynamoDb local;
    private static DynamoDbClient plain;
    private static LocalS3 server;
    private static S3Client s3;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory(EngineSettings.immediate().withIndexLag(IndexLag.fixed(Duration.ZERO)));
        plain = local.client();
        server = LocalS3.start(folder, 0);
        s3 = OrderArchive.serverClient(server.endpoint(), Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        server.credentials().accessKeyId(), server.credentials().secretAccessKey())))
                .build();
    }

    @AfterAll
    static void stop() {
        s3.close();
        server.close();
        plain.close();
        local.close();
    }

    @Test
    void runUntil_shouldMoveEachDueBusinesssFinishedOrdersPastItsRetention_andScheduleItsNextLook() {
        // GIVEN a business keeping finished orders ten seconds, at T0 + 60 s: three orders finished at T0, one open,
        // one cancelled but changed at T0 + 55 s; and a business keeping them a day, with one finished at T0
        String table = newTable("job1");
        ArchiveFixture fixture = new ArchiveFixture(plain, table);
        OrderArchive archive = newArchive(table);
        String acme = fixture.business(Duration.ofSeconds(10));
        var delivered = java.util.stream.IntStream.range(0, 3)
                .mapToObj(i -> fixture.place(acme, "DELIVERED", 1 + i, T0))
                .toList();
        var open = fixture.place(acme, "SHIPPED", 1, T0);
        var changedLately = fixture.place(acme, "CANCELLED", 1, T0.plusSeconds(55));
        String patient = fixture.business(Duration.ofDays(1));
        var kept = fixture.place(patient, "DELIVERED", 1, T0);
        Clock clock = Clock.fixed(T0.plusSeconds(60), ZoneOffset.UTC);
        ArchiveSchedules schedules = new ArchiveSchedules(fanoutTable(table));
        // as the fan-out leaves them when those orders finished
        schedules.dueBy(acme, T0.plusSeconds(10));
        schedules.dueBy(patient, T0.plus(Duration.ofDays(1)));

        // WHEN the job runs
        Map<Outcome, Integer> outcomes;
        try {
            outcomes = job(table, archive, clock).runUntil(clock.instant().plusSeconds(30));
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }

        // THEN Acme's three due orders moved, whole, and nothing else did
        assertThat(outcomes).containsExactly(Map.entry(Outcome.MOVED, 3));
        for (var order : delivered) {
            assertThat(fixture.partition(order.id())).isEmpty();
            assertThat(archive.find(order.id()).orElseThrow().items())
                    .containsExactlyInAnyOrderElementsOf(order.items());
        }
        for (var stays : java.util.List.of(open, changedLately, kept)) {
            assertThat(fixture.partition(stays.id())).isEqualTo(stays.items());
            assertThat(archive.find(stays.id())).isEmpty();
        }
        assertThat(fixture.countedChildren(acme)).isEqualTo(2);
        // AND Acme is due again ten seconds on, the other business still at its own time
        assertThat(dueAt(table, acme)).isEqualTo(clock.instant().plusSeconds(10));
        assertThat(dueAt(table, patient)).isEqualTo(T0.plus(Duration.ofDays(1)));
    }

    @Test
    void runUntil_shouldSetABusinessDueAgainAtOnce_whenItsLookFails() {
        // GIVEN a due business with a finished order, and an archive whose bucket is missing: every put fails
        String table = newTable("job3");
        ArchiveFixture fixture = new ArchiveFixture(plain, table);
        OrderArchive missing = new OrderArchive(s3, OrderArchiveBucket.LOCAL_NAME + "-missing");
        String acme = fixture.business(Duration.ofSeconds(10));
        var delivered = fixture.place(acme, "DELIVERED", 1, T0);
        Clock clock = Clock.fixed(T0.plusSeconds(60), ZoneOffset.UTC);
        new ArchiveSchedules(fanoutTable(table)).dueBy(acme, T0.plusSeconds(10));

        // WHEN the job runs, its look at the business failing
        assertThatThrownBy(() ->
                        job(table, missing, clock).runUntil(clock.instant().plusSeconds(30)))
                .isInstanceOf(S3Exception.class);

        // THEN the order is still in the table, whole (with the lease of the move that stopped, which ends by itself),
        // and the business is due again now, not at its next finished order
        assertThat(fixture.partition(delivered.id()).stream()
                        .map(item -> {
                            Map<String, AttributeValue> withoutLease = new java.util.HashMap<>(item);
                            withoutLease.remove(Attributes.ARCHIVING);
                            return withoutLease;
                        })
                        .toList())
                .isEqualTo(delivered.items());
        assertThat(dueAt(table, acme)).isEqualTo(clock.instant());
    }

    @Test
    void dueBy_shouldOnlyMoveADueTimeEarlier_andATakeHoldItUntilTheLooksEnd() {
        // GIVEN
        String table = newTable("job2");
        ArchiveSchedules schedules = new ArchiveSchedules(fanoutTable(table));

        // WHEN / THEN
        assertThat(schedules.dueBy("01JABCDEFGHJKMNPQRSTVWXYZ0", T0.plusSeconds(60)))
                .isTrue();
        assertThat(schedules.dueBy("01JABCDEFGHJKMNPQRSTVWXYZ0", T0.plusSeconds(90)))
                .isFalse();
        assertThat(schedules.dueBy("01JABCDEFGHJKMNPQRSTVWXYZ0", T0.plusSeconds(30)))
                .isTrue();
        assertThat(dueAt(table, "01JABCDEFGHJKMNPQRSTVWXYZ0")).isEqualTo(T0.plusSeconds(30));
        assertThat(schedules.dueAt(T0.plusSeconds(29), 10)).isEmpty();
        var due = schedules.dueAt(T0.plusSeconds(30), 10);
        assertThat(due).singleElement().satisfies(d -> assertThat(d.businessId())
                .isEqualTo("01JABCDEFGHJKMNPQRSTVWXYZ0"));
        // taken once only, until the look's end: due again then should the look die and set nothing
        Instant lookUntil = T0.plusSeconds(120);
        var taken = schedules.take(due.get(0), lookUntil);
        assertThat(taken).isPresent();
        assertThat(schedules.take(due.get(0), lookUntil)).isEmpty();
        assertThat(schedules.dueAt(T0.plusSeconds(30), 10)).isEmpty();
        assertThat(dueAt(table, "01JABCDEFGHJKMNPQRSTVWXYZ0")).isEqualTo(lookUntil);
        // a finish during the look moves it earlier, and the look's end then keeps that earlier time
        assertThat(schedules.dueBy("01JABCDEFGHJKMNPQRSTVWXYZ0", T0.plusSeconds(40)))
                .isTrue();
        schedules.release(taken.get(), Optional.of(T0.plusSeconds(600)));
        assertThat(dueAt(table, "01JABCDEFGHJKMNPQRSTVWXYZ0")).isEqualTo(T0.plusSeconds(40));
        // a look's end with nothing in between sets the next look, later than the take left it
        var again = schedules
                .take(schedules.dueAt(T0.plusSeconds(40), 10).get(0), lookUntil)
                .orElseThrow();
        schedules.release(again, Optional.of(T0.plusSeconds(600)));
        assertThat(dueAt(table, "01JABCDEFGHJKMNPQRSTVWXYZ0")).isEqualTo(T0.plusSeconds(600));
    }

    private static String newTable(String name) {
        plain.createTable(TableLayout.ENTITY.createTableRequest(name).toBuilder()
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(false).build())
                .build());
        return name;
    }

    private static OrderArchive newArchive(String table) {
        String bucket = OrderArchiveBucket.LOCAL_NAME + "-" + table.toLowerCase();
        s3.createBucket(request -> request.bucket(bucket));
        return new OrderArchive(s3, bucket);
    }

    private static ArchiveTable fanoutTable(String table) {
        return new ArchiveTable(plain, table, new Backoff(3, Duration.ofMillis(1), Duration.ofMillis(5), () -> {}));
    }

    private static ArchiveJob job(String table, OrderArchive archive, Clock clock) {
        ArchiveTable fanoutTable = fanoutTable(table);
        ArchiveSchedules schedules = new ArchiveSchedules(fanoutTable);
        return new ArchiveJob(
                schedules,
                new BusinessArchiving(
                        fanoutTable, new OrderMove(fanoutTable, archive, clock), schedules, clock, Duration.ZERO),
                clock);
    }

    private static Instant dueAt(String table, String businessId) {
        Map<String, AttributeValue> item = plain.getItem(request -> request.tableName(table)
                        .key(ArchiveSchedule.keyOf(businessId).toAttributes())
                        .consistentRead(true))
                .item();
        return Optional.ofNullable(Values.instant(item, Attributes.ARCHIVE_DUE_AT))
                .orElseThrow();
    }
}
