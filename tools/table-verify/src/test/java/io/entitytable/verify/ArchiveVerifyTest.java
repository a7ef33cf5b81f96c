package io.entitytable.verify;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.archive.ArchiveKeys;
import io.entitytable.archive.ArchivePosition;
import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.checks.ScanProgress;
import io.entitytable.checks.ScannedTable;
import io.entitytable.checks.SharedLocalDynamoDb;
import io.entitytable.checks.TableScan;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.model.Attributes;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Values;
import io.entitytable.s3.local.LocalS3;
import io.entitytable.verify.archive.ArchiveCheck;
import io.entitytable.verify.archive.ArchiveFinding;
import io.entitytable.verify.archive.ArchiveRepairResult;
import io.entitytable.verify.archive.ArchiveReport;
import io.entitytable.verify.archive.ArchiveTarget;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * verify and repair with the order archive ({@code --archive-bucket}), on the local DynamoDB engine and a local S3
 * server: each kind of thing wrong found once, repair mending every repairable one, the re-verify clean, and what was
 * right left as it was.
 */
class ArchiveVerifyTest {
    private static final DynamoDbClient dynamo = SharedLocalDynamoDb.client();
    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    @TempDir
    static Path folder;

    private static LocalS3 server;
    private static S3Client s3;
    private static OrderArchive archive;

    @BeforeAll
    static void start() {
        server = LocalS3.start(folder, 0);
        s3 = OrderArchive.serverClient(server.endpoint(), Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        server.credentials().accessKeyId(), server.credentials().secretAccessKey())))
                .build();
        s3.createBucket(request -> request.bucket(OrderArchiveBucket.LOCAL_NAME));
        archive = new OrderArchive(s3, OrderArchiveBucket.LOCAL_NAME);
    }

    @AfterAll
    static void stop() {
        s3.close();
        server.close();
    }

    @Test
    void verifyThenRepair_shouldFindEachKindOfArchiveDrift_andLeaveTheArchiveClean() {
        // GIVEN a healthy table whose business has a live order, and an archive holding: an archived order that is
        // right; a copy of the live order (no mover holds it); a listing that names no order; an order its customer
        // does
        // not list; and the orders of a business the table does not hold
        String table = SharedLocalDynamoDb.newTable("archive-verify");
        SampleTable sample = SampleTable.write(dynamo, table);
        String business = SampleTable.BUSINESS_ID;
        ArchivedOrder right = archived(sample, Ids.newId(), business);
        archive.put(right);
        ArchivedOrder live = ArchivedOrder.of(orderItems(sample, sample.order.id(), business), NOW);
        archive.put(live);
        ArchivePosition nothing = new ArchivePosition(NOW.minusSeconds(60), Ids.newId());
        putEmpty(ArchiveKeys.businessListing(business, nothing));
        ArchivedOrder unlisted = archived(sample, Ids.newId(), business);
        archive.put(unlisted);
        s3.deleteObject(request -> request.bucket(OrderArchiveBucket.LOCAL_NAME)
                .key(ArchiveKeys.customerListing(unlisted.customerId(), unlisted.position())));
        String gone = Ids.newId();
        ArchivedOrder orphan = archived(sample, Ids.newId(), gone);
        archive.put(orphan);

        // WHEN verify runs with the archive
        CommandResult verified = run(table, VerifyOptions.Command.VERIFY);

        // THEN it finds exactly those four, and only the archive is unclean
        assertThat(verified.after().clean()).isTrue();
        assertThat(verified.archive().after().findings())
                .extracting(ArchiveFinding::kind, ArchiveFinding::businessId, ArchiveFinding::orderId)
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple(
                                ArchiveFinding.Kind.BOTH_LIVE_AND_ARCHIVED, business, live.orderId()),
                        org.assertj.core.groups.Tuple.tuple(
                                ArchiveFinding.Kind.LISTING_WITHOUT_ORDER, business, nothing.orderId()),
                        org.assertj.core.groups.Tuple.tuple(
                                ArchiveFinding.Kind.CUSTOMER_LISTING_MISSING, business, unlisted.orderId()),
                        org.assertj.core.groups.Tuple.tuple(
                                ArchiveFinding.Kind.ARCHIVE_OF_MISSING_BUSINESS, gone, null));
        assertThat(verified.archive().after().orders()).isEqualTo(4);
        assertThat(verified.exitCode()).isEqualTo(CommandResult.DRIFT);

        // WHEN repair runs with the archive
        CommandResult repaired = run(table, VerifyOptions.Command.REPAIR);

        // THEN it mended all four, its re-verify is clean, the live order is in the table as it was and out of the
        // archive, the right order and the re-listed one are archived whole, the missing business's archive is gone
        assertThat(repaired.archive().repair().count(ArchiveRepairResult.Outcome.REPAIRED))
                .isEqualTo(4);
        assertThat(repaired.archive().after().findings()).isEmpty();
        assertThat(repaired.exitCode()).isEqualTo(CommandResult.CLEAN);
        assertThat(archive.find(live.orderId())).isEmpty();
        assertThat(sample.get(
                        sample.order.id(), ItemKey.of(sample.order.toItem()).type()))
                .doesNotContainKey(Attributes.ARCHIVING)
                .containsEntry(Attributes.VERSION, sample.order.toItem().get(Attributes.VERSION));
        assertThat(archive.find(right.orderId())).contains(right);
        assertThat(archive.customerLists(unlisted)).isTrue();
        assertThat(archive.listedBusinesses()).doesNotContain(gone);
        assertThat(archive.find(orphan.orderId())).isEmpty();
    }

    @Test
    void check_shouldNotReportAnOrderInBothPlaces_whenItLeftTheTableBetweenTheScanAndTheCheck() {
        // GIVEN a Scan that saw the sample's order in the table, and the order archived since: its move put it in the
        // archive and then deleted it from the table
        String table = SharedLocalDynamoDb.newTable("archive-moved");
        SampleTable sample = SampleTable.write(dynamo, table);
        // A bucket of its own: the sample's business id is the same in every test.
        String bucket = OrderArchiveBucket.LOCAL_NAME + "-moved";
        s3.createBucket(request -> request.bucket(bucket));
        OrderArchive archive = new OrderArchive(s3, bucket);
        ScannedTable scanned = new TableScan(dynamo, table, 1).run(new ScanProgress(1));
        ArchivedOrder moved = ArchivedOrder.of(orderItems(sample, sample.order.id(), SampleTable.BUSINESS_ID), NOW);
        archive.put(moved);
        sample.delete(sample.order.id(), ItemKey.of(sample.order.toItem()).type());

        // WHEN the archive is checked against that Scan
        ArchiveReport report = new ArchiveCheck(archive, dynamo, table)
                .verify(scanned, NOW, new java.util.concurrent.atomic.AtomicLong());

        // THEN the order, read again, is in one place: nothing to report
        assertThat(report.findings()).isEmpty();
        assertThat(report.orders()).isEqualTo(1);
    }

    private static CommandResult run(String table, VerifyOptions.Command command) {
        VerifyOptions options = new VerifyOptions(command, URI.create(SharedLocalDynamoDb.endpoint()), table, null, 1);
        PrintStream err = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return new VerifyCommand(
                        dynamo,
                        options,
                        ProgressIndicator.none(),
                        new FindingsLog(err),
                        null,
                        Clock.fixed(NOW, ZoneOffset.UTC),
                        null,
                        new ArchiveTarget(archive))
                .run();
    }

    /** An archived order like the sample's, of id {@code orderId} and business {@code businessId}. */
    private static ArchivedOrder archived(SampleTable sample, String orderId, String businessId) {
        return ArchivedOrder.of(orderItems(sample, orderId, businessId), NOW);
    }

    private static List<Map<String, AttributeValue>> orderItems(SampleTable sample, String orderId, String businessId) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> order = new HashMap<>(sample.order.toItem());
        order.put(Attributes.ID, Values.s(orderId));
        order.put(Attributes.BUSINESS_ID, Values.s(businessId));
        items.add(order);
        for (Map<String, AttributeValue> line : sample.order.collectionItems()) {
            Map<String, AttributeValue> copy = new HashMap<>(line);
            copy.put(Attributes.ID, Values.s(orderId));
            items.add(copy);
        }
        return items;
    }

    private static void putEmpty(String key) {
        s3.putObject(request -> request.bucket(OrderArchiveBucket.LOCAL_NAME).key(key), RequestBody.empty());
    }
}
