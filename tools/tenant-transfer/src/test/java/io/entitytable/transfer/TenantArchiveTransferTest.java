package io.entitytable.transfer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.entitytable.archive.ArchiveKeys;
import io.entitytable.archive.ArchivePosition;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.archive.job.ArchiveTable;
import io.entitytable.archive.job.OrderMove;
import io.entitytable.checks.DriftCheck;
import io.entitytable.checks.ScanProgress;
import io.entitytable.checks.ScannedTable;
import io.entitytable.checks.TableScan;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.model.ArchiveSchedule;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.Retention;
import io.entitytable.model.access.Backoff;
import io.entitytable.s3.local.LocalS3;
import io.entitytable.verify.archive.ArchiveCheck;
import io.entitytable.verify.archive.ArchiveReport;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A business with archived orders out and back: exported with its archive, erased by its job (its archived orders
 * with it, another business's left alone), imported; the archived orders are back in the archive as they were, the
 * live ones in the table, and after each step no order is both live and archived, each archived one is whole, and the
 * table has no drift. On the local DynamoDB engine and a local S3 server.
 */
class TenantArchiveTransferTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path s3Folder;

    @TempDir
    Path dir;

    private static LocalS3 server;
    private static S3Client s3;
    private static OrderArchive archive;

    @BeforeAll
    static void startS3() {
        server = LocalS3.start(s3Folder, 0);
        s3 = OrderArchive.serverClient(server.endpoint(), Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        server.credentials().accessKeyId(), server.credentials().secretAccessKey())))
                .build();
        s3.createBucket(request -> request.bucket(OrderArchiveBucket.LOCAL_NAME));
        archive = new OrderArchive(s3, OrderArchiveBucket.LOCAL_NAME);
    }

    @AfterAll
    static void stopS3() {
        s3.close();
        server.close();
    }

    @Test
    void exportEraseImport_shouldTakeTheArchivedOrdersOutAndBack_andLeaveEachOrderInOnePlaceWhole() throws Exception {
        // GIVEN Acme with a live order and two delivered orders moved to the archive (one of 40 lines), its archive
        // schedule, and Beta with an archived order of its own
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("archive-transfer");
        TenantFixture fixture = new TenantFixture(dynamo, table);
        DeclaredItem acme = fixture.business("Acme", "vip");
        DeclaredItem lyon = fixture.store(acme, "Lyon Centre", "Lyon");
        DeclaredItem ada = fixture.customer(acme, "Ada", "Lovelace", "vip");
        fixture.link(ada, lyon);
        DeclaredItem live = fixture.order(ada, 2, "rush");
        DeclaredItem delivered = fixture.order(ada, "DELIVERED", 3, "gift");
        DeclaredItem large = fixture.order(ada, "DELIVERED", 40);
        DeclaredItem beta = fixture.business("Beta");
        DeclaredItem alan = fixture.customer(beta, "Alan", "Turing");
        DeclaredItem betas = fixture.order(alan, "DELIVERED", 1);
        StreamAndQueue system = new StreamAndQueue(dynamo, table).withArchive(archive);
        system.settle();
        MoverAt move = mover(dynamo, table);
        Instant finishedBy = move.clockInstant().minus(Duration.ofDays(400));
        for (DeclaredItem order : List.of(delivered, large, betas)) {
            assertThat(move.mover().move(order.id(), finishedBy)).isEqualTo(OrderMove.Outcome.MOVED);
        }
        putSchedule(dynamo, table, acme.id());
        keepFinishedOrders(dynamo, table, acme.id(), Duration.ofDays(30));
        system.settle();
        Map<String, ArchivedOrder> archived = Map.of(
                delivered.id(), archive.find(delivered.id()).orElseThrow(),
                large.id(), archive.find(large.id()).orElseThrow());
        assertEachOrderInOnePlaceWhole(dynamo, table, acme.id(), List.of(live), archived.values());
        DriftCheck before = DriftCheck.of(dynamo, table);
        assertThat(before.clean()).as(before.toString()).isTrue();

        // WHEN Acme is exported with its archive, once businessGsi shows the moves' deletes
        SharedLocalDynamoDb.awaitIndexesCaughtUp();
        Path file = dir.resolve("acme.ndjson");
        Transferred exported;
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            exported = new TenantExport(dynamo, table, Optional.of(archive)).run(acme.id(), out);
        }

        // THEN the file holds both archived orders, whole, after the live one, each with when it was archived; the end
        // line counts them among the orders
        assertThat(exported.tally().archivedOrders()).isEqualTo(2);
        assertThat(exported.tally().subjects()).containsEntry(Entity.ORDER.keyName(), 3L);
        List<JsonNode> orderLines = Files.readAllLines(file).stream()
                .map(TenantArchiveTransferTest::json)
                .filter(line -> line.path("kind").asText().equals(Entity.ORDER.keyName()))
                .toList();
        assertThat(orderLines).hasSize(3);
        assertThat(orderLines.get(0).has(TenantFormat.ARCHIVED_AT)).isFalse();
        assertThat(orderLines.subList(1, 3)).allSatisfy(line -> {
            ArchivedOrder original =
                    archived.get(line.path("subject").path("id").asText());
            assertThat(original).isNotNull();
            assertThat(Instant.parse(line.get(TenantFormat.ARCHIVED_AT).asText()))
                    .isEqualTo(original.archivedAt());
            assertThat(line.path("subject").path("lines"))
                    .hasSize(original.subject().items(Attributes.LINES).size());
        });
        JsonNode businessLine = json(Files.readAllLines(file).get(1));
        assertThat(businessLine.path(TenantFormat.RETENTION).path("orders").asText())
                .isEqualTo("P30D");
        ExportSchema schema = ExportSchema.load();
        assertThat(Files.readAllLines(file))
                .allSatisfy(
                        line -> assertThat(schema.errors(json(line))).as(line).isEmpty());

        // WHEN Acme is erased by its job
        fixture.erase(acme.id());
        system.settle();

        // THEN the job went through the archive's phase and is done; nothing of Acme is in the archive (its orders'
        // objects, its listing, its customer's listing) nor its schedule in the table; Beta's archived order is whole
        EraseJob job = EraseJob.from(TableItems.of(dynamo, table).get(EraseJob.keyOf(acme.id())));
        assertThat(job.status()).isEqualTo(EraseJob.Status.DONE);
        assertThat(job.phase()).isEqualTo(EraseJob.Phase.ARCHIVE);
        assertThat(keysUnder(ArchiveKeys.business(acme.id()))).isEmpty();
        assertThat(keysUnder(ArchiveKeys.customerOrders(ada.id()))).isEmpty();
        assertThat(archived.keySet())
                .allSatisfy(id -> assertThat(archive.find(id)).isEmpty());
        assertThat(TableItems.of(dynamo, table)).doesNotContainKey(ArchiveSchedule.keyOf(acme.id()));
        assertThat(archive.find(betas.id())).isPresent();
        assertThat(keysUnder(ArchiveKeys.business(beta.id()))).hasSize(1);
        DriftCheck erased = DriftCheck.of(dynamo, table);
        assertThat(erased.clean()).as(erased.toString()).isTrue();

        // WHEN the file is imported with the archive
        Transferred imported = new TenantImport(dynamo, table, Optional.of(archive)).run(file);
        system.settle();

        // THEN the archived orders are back in the archive as they were, the live one in the table, each order in one
        // place and whole, and the table has no drift
        assertThat(imported.tally().archivedOrders()).isEqualTo(2);
        for (ArchivedOrder original : archived.values()) {
            ArchivedOrder back = archive.find(original.orderId()).orElseThrow();
            assertThat(back.subject()).isEqualTo(original.subject());
            assertThat(back.archivedAt()).isEqualTo(original.archivedAt());
            assertThat(back.position()).isEqualTo(original.position());
        }
        assertThat(keysUnder(ArchiveKeys.customerOrders(ada.id()))).hasSize(2);
        assertEachOrderInOnePlaceWhole(dynamo, table, acme.id(), List.of(live), archived.values());
        assertThat(Retention.of(businessItem(dynamo, table, acme.id())).of(Entity.ORDER))
                .as("the business's retention, as its operator set it")
                .isEqualTo(Duration.ofDays(30));
        DriftCheck afterImport = DriftCheck.of(dynamo, table);
        assertThat(afterImport.clean()).as(afterImport.toString()).isTrue();
    }

    @Test
    void import_shouldRefuseAFileWithArchivedOrders_andWriteNothing_whenNoArchiveIsNamed() throws Exception {
        // GIVEN an export of a business with an archived order
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("archive-refused");
        TenantFixture fixture = new TenantFixture(dynamo, table);
        DeclaredItem acme = fixture.business("Acme");
        DeclaredItem ada = fixture.customer(acme, "Ada", "Lovelace");
        DeclaredItem delivered = fixture.order(ada, "DELIVERED", 2);
        MoverAt move = mover(dynamo, table);
        assertThat(move.mover().move(delivered.id(), move.clockInstant().minus(Duration.ofDays(400))))
                .isEqualTo(OrderMove.Outcome.MOVED);
        // the export lists orders through an index, which lags the move's delete as DynamoDB's does
        SharedLocalDynamoDb.awaitIndexesCaughtUp();
        Path file = dir.resolve("acme.ndjson");
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            new TenantExport(dynamo, table, Optional.of(archive)).run(acme.id(), out);
        }
        String other = SharedLocalDynamoDb.newTable("archive-refused-target");

        // WHEN it is imported into another table without naming the archive
        CommandRun run = CommandRun.of("import", "--in", file.toString(), "--table", other);

        // THEN it is refused, naming the option, and the table holds nothing
        assertThat(run.exitCode()).isEqualTo(Main.REFUSED);
        assertThat(run.err()).contains("1 archived orders").contains("--archive-bucket");
        assertThat(TableItems.of(dynamo, other)).isEmpty();
    }

    /**
     * Each order in one place and whole: verify's check of the archive against a Scan of the table finds nothing
     * (every archived order whole, listed by its customer, none also in the table, no archive of a business the table
     * does not hold); the archive lists exactly the archived orders, and each live order is in the table.
     */
    private static void assertEachOrderInOnePlaceWhole(
            DynamoDbClient dynamo,
            String table,
            String businessId,
            List<DeclaredItem> live,
            java.util.Collection<ArchivedOrder> archivedOrders) {
        ScannedTable scanned = new TableScan(dynamo, table, 1).run(new ScanProgress(1));
        ArchiveReport report =
                new ArchiveCheck(archive, dynamo, table).verify(scanned, Instant.now(), new AtomicLong());
        assertThat(report.findings()).as("verify's findings in the archive").isEmpty();
        assertThat(archive.everyOrderOf(businessId).flatMap(List::stream).map(ArchivePosition::orderId))
                .containsExactlyInAnyOrderElementsOf(
                        archivedOrders.stream().map(ArchivedOrder::orderId).toList());
        for (DeclaredItem order : live) {
            assertThat(scanned.core(Keys.subjectRef(Entity.ORDER, order.id()))).isPresent();
        }
    }

    /** The archive job's move, its clock a day past the default retention: every delivered order is due. */
    private static MoverAt mover(DynamoDbClient dynamo, String table) {
        Clock later = Clock.fixed(Instant.now().plus(Duration.ofDays(401)), ZoneOffset.UTC);
        ArchiveTable archiveTable =
                new ArchiveTable(dynamo, table, new Backoff(3, Duration.ofMillis(1), Duration.ofMillis(5), () -> {}));
        return new MoverAt(new OrderMove(archiveTable, archive, later), later.instant());
    }

    private record MoverAt(OrderMove mover, Instant clockInstant) {}

    /** The business's archive schedule, as the fan-out keeps it where the deployment archives. */
    private static void putSchedule(DynamoDbClient dynamo, String table, String businessId) {
        Map<String, AttributeValue> item =
                new HashMap<>(ArchiveSchedule.keyOf(businessId).toAttributes());
        item.putAll(ArchiveSchedule.dueAttributes(businessId, Instant.now().plus(Duration.ofDays(1))));
        dynamo.putItem(request -> request.tableName(table).item(item));
    }

    /** The business's retention of finished orders set, as {@code PUT /businesses/{id}/retention} sets it. */
    private static void keepFinishedOrders(DynamoDbClient dynamo, String table, String businessId, Duration retention) {
        dynamo.updateItem(request -> request.tableName(table)
                .key(new ItemKey(businessId, Keys.BUSINESS_TYPE).toAttributes())
                .updateExpression("SET #retention = :retention")
                .expressionAttributeNames(Map.of("#retention", Attributes.RETENTION))
                .expressionAttributeValues(
                        Map.of(":retention", new Retention(Map.of(Entity.ORDER, retention)).toAttribute())));
    }

    private static Map<String, AttributeValue> businessItem(DynamoDbClient dynamo, String table, String businessId) {
        return dynamo.getItem(request -> request.tableName(table)
                        .key(new ItemKey(businessId, Keys.BUSINESS_TYPE).toAttributes())
                        .consistentRead(true))
                .item();
    }

    private static List<String> keysUnder(String prefix) {
        return s3
                .listObjectsV2(
                        request -> request.bucket(OrderArchiveBucket.LOCAL_NAME).prefix(prefix))
                .contents()
                .stream()
                .map(S3Object::key)
                .toList();
    }

    private static JsonNode json(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
