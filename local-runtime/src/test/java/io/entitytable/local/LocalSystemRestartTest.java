package io.entitytable.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.checks.DriftCheck;
import io.entitytable.deployment.EnvironmentVariable;
import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.function.PackagedFunction;
import io.entitytable.local.pump.StreamPump;
import io.entitytable.local.s3.LocalArchive;
import io.entitytable.model.Entity;
import io.entitytable.s3.local.LocalS3;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.Bucket;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * The whole system stopped in the middle of the stream and started again on its data folder: the DynamoDB engine's files
 * keep the core items and the stream, the pump's checkpoint file says where it stopped, and the copies converge to
 * exactly what the core items imply (at-least-once delivery plus the fan-out's version-conditional writes). The S3
 * server's folder keeps the order archive's bucket, its objects and its key.
 */
class LocalSystemRestartTest {
    private static final String TABLE = LocalSystemFanoutTest.TABLE;
    private static final Duration DRAIN_WITHIN = Duration.ofSeconds(60);
    /** Longer than the pump's poll interval plus a batch's delivery: a backlog would show within it. */
    private static final Duration QUIET = Duration.ofMillis(1500);
    /** An object as an archived order could be: its key and body matter only to this test. */
    private static final String ARCHIVED_KEY = "orders/01JD8X3K5Q7Y2M4N6P8R0T2V4W/2026-11-01.json";

    private static final String ARCHIVED_BODY = "{\"orderId\":\"o-1\",\"total\":1250}";

    @TempDir
    Path dataFolder;

    @Test
    void restartMidStream_shouldConvergeWithNoCopyLostOrStale_whenTheDataFolderIsKept() throws Exception {
        // GIVEN the whole system with both packaged functions and the order archive on a data folder (not in memory)
        LocalOptions firstRun = options().withArchive(0);
        assertThat(firstRun.zipOf(FunctionDefinition.STREAM_FANOUT)).isRegularFile();
        int writes;
        int s3Port;
        LocalS3.Credentials s3Key;
        try (LocalSystem system = LocalSystem.start(firstRun, System.out)) {
            // AND an object in the archive's bucket, put as the functions would put it
            s3Port = archiveAnObject(system);
            s3Key = system.archive().credentials();
            // WHEN a burst of core changes goes through the API
            long start = System.nanoTime();
            writes = writeBurst(FrontDoorClient.operatorOf(system), system.pump());
            System.out.println("[test] burst of " + writes + " API writes took "
                    + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms; stopping the system now");
            // AND the system is stopped right after the last write (closing the try), the pump paused before the last
            // changes, so they are certainly still in the stream only
        }

        // THEN, read from the data folder alone, the copies were behind the core items when it stopped
        DriftCheck atStop;
        try (LocalDynamoDb db = LocalDynamoDb.start(LocalDynamoDb.freePort(), firstRun.databaseFolder());
                DynamoDbClient dynamo = db.client()) {
            atStop = DriftCheck.of(dynamo, TABLE);
        }
        System.out.println("[test] at stop: " + atStop);
        assertThat(atStop.copyFindings())
                .as("the pump had not drained when the system stopped")
                .isNotEmpty();
        assertThat(atStop.duplicates())
                .as("the pump had delivered part of the stream when the system stopped")
                .isNotEmpty();

        // WHEN a new system starts on the same data folder (new ports, but for the S3 server's, which the first system
        // let go: nothing may depend on them)
        LocalOptions secondRun = options().withArchive(s3Port);
        try (LocalSystem system = LocalSystem.start(secondRun, System.out);
                DynamoDbClient dynamo = system.dynamoDb().client()) {
            long restarted = System.nanoTime();
            // THEN the pump drains the rest of the stream and the copies converge: none missing, stale or orphaned
            DriftCheck converged = DuplicateDrift.awaitNone(dynamo, TABLE, DRAIN_WITHIN);
            System.out.println("[test] converged "
                    + Duration.ofNanos(System.nanoTime() - restarted).toMillis() + " ms after the restart: "
                    + converged);
            assertThat(converged.clean()).as(converged.toString()).isTrue();
            assertThat(converged.duplicates()).hasSizeGreaterThanOrEqualTo(10);
            // AND stay converged once what is left of the backlog has been played
            Thread.sleep(QUIET.toMillis());
            DriftCheck later = DriftCheck.of(dynamo, TABLE);
            assertThat(later.clean()).as(later.toString()).isTrue();
            assertThat(later.duplicates()).hasSameSizeAs(converged.duplicates());
            // AND nothing was given up on: no batch in the dead-letter folder
            assertThat(deadLetters(secondRun)).isEmpty();
            // AND the archive kept its bucket, its object and its key, on the port the first system let go
            assertThat(system.archive().endpoint().getPort()).isEqualTo(s3Port);
            assertThat(system.archive().bucketCreated()).isFalse();
            assertThat(system.archive().credentials()).isEqualTo(s3Key);
            assertThat(system.statusBlock()).contains("(bucket " + OrderArchiveBucket.LOCAL_NAME + " (existing)");
            try (S3Client s3 = signedAsTheFunctions(system.api().environment())) {
                assertThat(s3.listBuckets().buckets())
                        .extracting(Bucket::name)
                        .containsExactly(OrderArchiveBucket.LOCAL_NAME);
                assertThat(s3.getObjectAsBytes(request -> request.bucket(OrderArchiveBucket.LOCAL_NAME)
                                        .key(ARCHIVED_KEY))
                                .asUtf8String())
                        .isEqualTo(ARCHIVED_BODY);
            }
        }
    }

    /**
     * Checks that every function is told of the archive, with the folder's key as its credentials, and puts, lists and
     * gets an object with those credentials; returns the S3 server's port.
     */
    private static int archiveAnObject(LocalSystem system) {
        LocalArchive archive = system.archive();
        String bucket = OrderArchiveBucket.LOCAL_NAME;
        // THEN each function is told of the bucket and the server
        for (PackagedFunction function : List.of(system.api(), system.fanout(), system.refreshWorker())) {
            assertThat(function.environment())
                    .as(function.definition().name())
                    .containsEntry(EnvironmentVariable.ARCHIVE_BUCKET.variable(), bucket)
                    .containsEntry(
                            EnvironmentVariable.ARCHIVE_ENDPOINT.variable(),
                            archive.endpoint().toString());
        }
        // AND its credentials are the key in the S3 folder's credentials file
        Map<String, String> environment = system.api().environment();
        assertThat(LocalArchive.credentialsIn(system.options().s3Folder()))
                .hasValue(new LocalS3.Credentials(
                        environment.get("AWS_ACCESS_KEY_ID"), environment.get("AWS_SECRET_ACCESS_KEY")));
        // AND the server listens on loopback only, and the status block names it, the bucket and the key's file
        Reachability.assertLoopbackOnly("S3", system.listeners().get("S3"));
        assertThat(system.statusBlock())
                .contains("Archive (S3)      " + archive.endpoint() + "   (bucket " + bucket + " (created); key in "
                        + system.options().s3Folder().resolve("credentials.properties"));
        // AND a client signed with those credentials puts an object in the bucket, lists it and reads it back
        try (S3Client s3 = signedAsTheFunctions(environment)) {
            s3.putObject(request -> request.bucket(bucket).key(ARCHIVED_KEY), RequestBody.fromString(ARCHIVED_BODY));
            assertThat(s3.listObjectsV2(request -> request.bucket(bucket).prefix("orders/"))
                            .contents())
                    .extracting(S3Object::key)
                    .containsExactly(ARCHIVED_KEY);
            assertThat(s3.getObjectAsBytes(request -> request.bucket(bucket).key(ARCHIVED_KEY))
                            .asUtf8String())
                    .isEqualTo(ARCHIVED_BODY);
        }
        return archive.endpoint().getPort();
    }

    /** An S3 client with a function's endpoint and credentials (a session token too, as Lambda gives one). */
    private static S3Client signedAsTheFunctions(Map<String, String> environment) {
        return LocalArchive.client(
                URI.create(environment.get(EnvironmentVariable.ARCHIVE_ENDPOINT.variable())),
                StaticCredentialsProvider.create(AwsSessionCredentials.create(
                        environment.get("AWS_ACCESS_KEY_ID"),
                        environment.get("AWS_SECRET_ACCESS_KEY"),
                        environment.get("AWS_SESSION_TOKEN"))));
    }

    /**
     * Creates, links, tags, renames, unlinks, untags and deletes: every kind of change the fan-out handles, the last
     * ones (a rename, a delete with unlink) touching many copies at once. The first link is waited for, so the pump
     * has delivered part of the stream (its checkpoint is in the middle, not at the start) when the rest follows; the
     * pump is paused before the last seven, so however fast the fan-out keeps up, those are never delivered before the
     * stop. Returns the number of API writes.
     */
    private static int writeBurst(FrontDoorClient api, StreamPump pump) {
        List<Runnable> writes = new ArrayList<>();
        String business = api.createBusiness("Burst Co");
        List<String> stores = new ArrayList<>();
        List<String> customers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            stores.add(api.createStore(business, "Store " + i, "Austin"));
        }
        for (int i = 0; i < 4; i++) {
            customers.add(api.createCustomer(business, "First" + i, "Last" + i));
        }
        VisibilityLog.Step first = new VisibilityLog(LocalSystemFanoutTest.VISIBLE_WITHIN)
                .step("first link", () -> api.link(customers.get(0), stores.get(0)), () -> assertThat(
                                LocalSystemFanoutTest.ids(api.storesOf(customers.get(0))))
                        .containsExactly(stores.get(0)));
        System.out.println("[test] first link visible after " + first.visibleMillis() + " ms; the burst follows");
        for (int i = 0; i < customers.size(); i++) {
            String customer = customers.get(i);
            String firstStore = stores.get(i % 2);
            if (i > 0) {
                writes.add(() -> api.link(customer, firstStore));
            }
            writes.add(() -> api.link(customer, stores.get(2)));
            String tag = i % 2 == 0 ? "vip" : "regular";
            writes.add(() -> api.tag(Entity.CUSTOMER, customer, tag));
        }
        for (String store : stores) {
            writes.add(() -> api.tag(Entity.STORE, store, "flagship"));
        }
        writes.add(pump::pause);
        writes.add(() -> api.renameCustomer(customers.get(0), "Renamed"));
        writes.add(() -> api.unlink(customers.get(1), stores.get(2)));
        writes.add(() -> api.untag(Entity.CUSTOMER, customers.get(2), "vip"));
        writes.add(() -> api.untag(Entity.STORE, stores.get(0), "flagship"));
        writes.add(() -> api.deleteCustomer(customers.get(3)));
        writes.add(() -> api.renameStore(stores.get(2), "Store Two Renamed"));
        writes.add(() -> api.deleteStore(stores.get(1), true));
        writes.forEach(Runnable::run);
        return 1 + stores.size() + customers.size() + 1 + writes.size() - 1;
    }

    private LocalOptions options() {
        return new LocalOptions(TestRepository.root(), dataFolder, false, 0, LocalDynamoDb.freePort(), TABLE);
    }

    private static List<Path> deadLetters(LocalOptions options) throws IOException {
        if (!Files.isDirectory(options.deadLetterFolder())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(options.deadLetterFolder())) {
            return files.toList();
        }
    }
}
