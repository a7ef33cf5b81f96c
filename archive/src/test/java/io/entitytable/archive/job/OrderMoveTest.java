package io.entitytable.archive.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.archive.ArchivedOrder;
import io.entitytable.archive.OrderArchive;
import io.entitytable.archive.job.OrderMove.Outcome;
import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.IndexLag;
import io.entitytable.model.ArchiveLease;
import io.entitytable.model.Attributes;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.access.Backoff;
import io.entitytable.s3.local.LocalS3;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;

/**
 * One order's move to the archive, against the local DynamoDB engine and a real S3 API: whole in exactly one place
 * after a move, whatever step a mover stopped at, and whatever changed meanwhile.
 */
class OrderMoveTest {
    private static final Instant FINISHED = Instant.parse("2026-01-10T09:00:00Z");
    private static final Instant DUE_BY = FINISHED.plus(Duration.ofDays(30));

    @TempDir
    static Path folder;

    private static LocalDynamoDb local;
    private static DynamoDbClient plain;
    private static LocalS3 server;
    private static int tables;

    private String table;
    private OrderArchive archive;
    private final MovableClock clock = new MovableClock(DUE_BY.plusSeconds(60));
    /** Calls a test lets through before its mover "stops": it throws after the call, as a process killed then would. */
    private final AtomicReference<Predicate<SdkRequest>> stopAfter = new AtomicReference<>(request -> false);
    /** What happens just before a call, as another writer's change would. */
    private final AtomicReference<Predicate<SdkRequest>> before = new AtomicReference<>(request -> false);

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory(EngineSettings.immediate().withIndexLag(IndexLag.fixed(Duration.ZERO)));
        plain = local.client();
        server = LocalS3.start(folder, 0);
    }

    @AfterAll
    static void stop() {
        plain.close();
        local.close();
        server.close();
    }

    @BeforeEach
    void createTableAndBucket() {
        table = "moves" + (++tables);
        plain.createTable(TableLayout.ENTITY.createTableRequest(table).toBuilder()
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(false).build())
                .build());
        S3Client s3 = OrderArchive.serverClient(server.endpoint(), Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(
                        server.credentials().accessKeyId(), server.credentials().secretAccessKey())))
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(faults()))
                .build();
        String bucket = OrderArchiveBucket.LOCAL_NAME + "-" + table.toLowerCase();
        s3.createBucket(request -> request.bucket(bucket));
        archive = new OrderArchive(s3, bucket);
    }

    @Test
    void move_shouldArchiveAFinishedOrderWithItsLines_andDeleteItFromTheTable_withItsCount() {
        // GIVEN a delivered order with two lines, finished before the cut-off
        ArchiveFixture.Placed order = fixture().place("DELIVERED", 2, FINISHED);

        // WHEN
        Outcome outcome = mover().move(order.id(), DUE_BY);

        // THEN it is in the archive exactly as it was in the table, and in the table no more
        assertThat(outcome).isEqualTo(Outcome.MOVED);
        assertThat(fixture().partition(order.id())).isEmpty();
        ArchivedOrder archived = archive.find(order.id()).orElseThrow();
        assertThat(archived.items()).containsExactlyInAnyOrderElementsOf(order.items());
        assertThat(archived.version()).isEqualTo(1);
        assertThat(archived.subject().items(Attributes.LINES)).hasSize(2);
        assertThat(fixture().counter(order)).isEqualTo(0);
    }

    @Test
    void move_shouldLeaveAnOrder_thatIsOpen_orFinishedAfterTheCutOff() {
        // GIVEN
        ArchiveFixture.Placed open = fixture().place("SHIPPED", 1, FINISHED);
        ArchiveFixture.Placed late = fixture().place("CANCELLED", 1, FINISHED);

        // WHEN / THEN
        assertThat(mover().move(open.id(), DUE_BY)).isEqualTo(Outcome.NOT_DUE);
        assertThat(mover().move(late.id(), FINISHED.minusSeconds(1))).isEqualTo(Outcome.NOT_DUE);
        assertThat(mover().move(Ids.newId(), DUE_BY)).isEqualTo(Outcome.GONE);
        assertThat(fixture().partition(open.id())).isEqualTo(open.items());
        assertThat(fixture().partition(late.id())).isEqualTo(late.items());
        assertThat(archive.find(open.id())).isEmpty();
        assertThat(archive.find(late.id())).isEmpty();
    }

    @Test
    void move_shouldLeaveTheOrderInTheTableAlone_whenItChangesWhileItMoves() {
        // GIVEN a finished order that its business changes (a tag) just as its copy is being put in the archive
        ArchiveFixture.Placed order = fixture().place("DELIVERED", 1, FINISHED);
        AtomicInteger puts = new AtomicInteger();
        before.set(request -> {
            if (request instanceof PutObjectRequest && puts.getAndIncrement() == 0) {
                change(order.id());
            }
            return false;
        });

        // WHEN
        Outcome outcome = mover().move(order.id(), DUE_BY);

        // THEN it stays in the table at its new version, without the mover's lease, and its copy left the archive
        assertThat(outcome).isEqualTo(Outcome.CHANGED);
        Map<String, AttributeValue> live = fixture().orderItem(order.id());
        assertThat(live.get(Attributes.VERSION)).isEqualTo(Values.n(2));
        assertThat(live).doesNotContainKey(Attributes.ARCHIVING);
        assertThat(archive.find(order.id())).isEmpty();
        assertThat(archive.businessPage(
                                order.businessId(),
                                java.util.Optional.empty(),
                                java.util.Optional.empty(),
                                java.util.Optional.empty(),
                                10)
                        .positions())
                .isEmpty();
        assertThat(fixture().counter(order)).isEqualTo(1);
    }

    @Test
    void move_shouldLeaveTheOrderToTheErase_whenItsBusinessBeginsToBeErasedWhileItMoves() {
        // GIVEN a finished order whose business's erase marks its counters just as its copy is being put
        ArchiveFixture.Placed order = fixture().place("DELIVERED", 1, FINISHED);
        AtomicInteger puts = new AtomicInteger();
        before.set(request -> {
            if (request instanceof PutObjectRequest && puts.getAndIncrement() == 0) {
                fixture().markErasing(order);
            }
            return false;
        });

        // WHEN
        Outcome outcome = mover().move(order.id(), DUE_BY);

        // THEN it stays in the table for the erase to take, and nothing of it is left in the archive
        assertThat(outcome).isEqualTo(Outcome.CHANGED);
        assertThat(withoutLease(fixture().partition(order.id()))).isEqualTo(order.items());
        assertThat(archive.find(order.id())).isEmpty();
        assertThat(fixture().orderItem(order.id())).doesNotContainKey(Attributes.ARCHIVING);
    }

    @Test
    void move_shouldLeaveAnOrderAnotherMoverHolds() {
        // GIVEN an order whose lease another mover took a moment ago
        ArchiveFixture.Placed order = fixture().place("DELIVERED", 1, FINISHED);
        stopAfter.set(request -> request instanceof UpdateItemRequest);
        assertThatThrownBy(() -> mover().move(order.id(), DUE_BY)).isInstanceOf(MoverStopped.class);
        stopAfter.set(request -> false);

        // WHEN a second mover comes before the lease ends
        clock.advance(ArchiveLease.LENGTH.minusSeconds(1));
        Outcome outcome = mover().move(order.id(), DUE_BY);

        // THEN it leaves it: still whole in the table, nothing archived
        assertThat(outcome).isEqualTo(Outcome.HELD);
        assertThat(archive.find(order.id())).isEmpty();
        assertThat(withoutLease(fixture().partition(order.id()))).isEqualTo(order.items());
    }

    @Test
    void keepInTable_shouldRemoveTheArchivesCopy_ofAnOrderInBothPlaces_andLeaveTheTablesOrderAsItWas() {
        // GIVEN an order in the table that the archive holds a copy of too, under no lease (as a write around the job
        // would leave it)
        ArchiveFixture.Placed order = fixture().place("DELIVERED", 2, FINISHED);
        archive.put(ArchivedOrder.of(order.items(), clock.instant()));

        // WHEN repair keeps it in the table
        OrderMove.Kept kept = mover().keepInTable(order.id());

        // THEN the copy is gone, and the table's order is whole, with no lease left on it
        assertThat(kept).isEqualTo(OrderMove.Kept.COPY_REMOVED);
        assertThat(archive.find(order.id())).isEmpty();
        assertThat(fixture().partition(order.id())).isEqualTo(order.items());
        assertThat(mover().keepInTable(order.id())).isEqualTo(OrderMove.Kept.NO_COPY);
        assertThat(mover().keepInTable(Ids.newId())).isEqualTo(OrderMove.Kept.NOT_IN_TABLE);
    }

    @Test
    void keepInTable_shouldLeaveAnOrderAMoverHolds_withItsCopy() {
        // GIVEN an order a mover holds, stopped after its put: the order in the table and its copy in the archive
        ArchiveFixture.Placed order = fixture().place("DELIVERED", 1, FINISHED);
        stopAfter.set(request -> request instanceof PutObjectRequest);
        assertThatThrownBy(() -> mover().move(order.id(), DUE_BY)).isInstanceOf(MoverStopped.class);
        stopAfter.set(request -> false);

        // WHEN repair comes while the lease holds
        OrderMove.Kept kept = mover().keepInTable(order.id());

        // THEN it does nothing: the move decides
        assertThat(kept).isEqualTo(OrderMove.Kept.MOVING);
        assertThat(archive.find(order.id())).isPresent();
        assertThat(withoutLease(fixture().partition(order.id()))).isEqualTo(order.items());
    }

    /**
     * A mover stops after each of its writes in turn (the lease, the object, each listing, the transaction); a later
     * one, once the lease has ended, finishes the move.
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4})
    void move_shouldFinishAMoveThatStoppedAfterAnyWrite(int writesBeforeStop) {
        // GIVEN a mover that stops after its n-th write
        ArchiveFixture.Placed order = fixture().place("DELIVERED", 3, FINISHED);
        AtomicInteger writes = new AtomicInteger();
        stopAfter.set(request -> isWrite(request) && writes.getAndIncrement() == writesBeforeStop);
        assertThatThrownBy(() -> mover().move(order.id(), DUE_BY)).isInstanceOf(MoverStopped.class);
        stopAfter.set(request -> false);

        // WHEN another mover comes after the lease has ended
        clock.advance(ArchiveLease.LENGTH.plusSeconds(1));
        Outcome outcome = mover().move(order.id(), DUE_BY);

        // THEN the order is whole in the archive and nowhere else
        assertThat(outcome).isEqualTo(writesBeforeStop == 4 ? Outcome.GONE : Outcome.MOVED);
        assertThat(fixture().partition(order.id())).isEmpty();
        assertThat(archive.find(order.id()).orElseThrow().items()).containsExactlyInAnyOrderElementsOf(order.items());
        assertThat(fixture().counter(order)).isEqualTo(0);
    }

    /**
     * A mover stops after putting its copy, and then the order changes: the next move removes the copy of the old
     * version before anything else, so the order is in the table only.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void move_shouldRemoveTheCopyAStoppedMoverLeft_whenTheOrderChangedSince(int writesBeforeStop) {
        // GIVEN a mover stopped after its put of the object (1) or of both listings (3), then a change of the order
        ArchiveFixture.Placed order = fixture().place("DELIVERED", 1, FINISHED);
        AtomicInteger writes = new AtomicInteger();
        stopAfter.set(request -> isWrite(request) && writes.getAndIncrement() == writesBeforeStop);
        assertThatThrownBy(() -> mover().move(order.id(), DUE_BY)).isInstanceOf(MoverStopped.class);
        stopAfter.set(request -> false);
        assertThat(archive.find(order.id())).isPresent();
        change(order.id());

        // WHEN the next move comes after the lease has ended
        clock.advance(ArchiveLease.LENGTH.plusSeconds(1));
        Outcome outcome = mover().move(order.id(), DUE_BY);

        // THEN the order was changed after the cut-off: it stays, the only one, and the lease is gone
        assertThat(outcome).isEqualTo(Outcome.NOT_DUE);
        assertThat(archive.find(order.id())).isEmpty();
        Map<String, AttributeValue> live = fixture().orderItem(order.id());
        assertThat(live.get(Attributes.VERSION)).isEqualTo(Values.n(2));
        assertThat(live).doesNotContainKey(Attributes.ARCHIVING);
    }

    private ArchiveFixture fixture() {
        return new ArchiveFixture(plain, table);
    }

    private OrderMove mover() {
        DynamoDbClient dynamo = DynamoDbClient.builder()
                .endpointOverride(local.endpoint())
                .region(LocalDynamoDb.REGION)
                .credentialsProvider(LocalDynamoDb.CREDENTIALS)
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(configuration -> configuration.addExecutionInterceptor(faults()))
                .build();
        return new OrderMove(
                new ArchiveTable(dynamo, table, new Backoff(3, Duration.ofMillis(1), Duration.ofMillis(5), () -> {})),
                archive,
                clock);
    }

    private ExecutionInterceptor faults() {
        return new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                before.get().test(context.request());
            }

            @Override
            public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                if (stopAfter.get().test(context.request())) {
                    throw new MoverStopped();
                }
            }
        };
    }

    private static boolean isWrite(SdkRequest request) {
        return request instanceof UpdateItemRequest
                || request instanceof PutObjectRequest
                || request instanceof TransactWriteItemsRequest;
    }

    /** As the API's change of an order: version + 1, changed now, its lease (if any) kept. */
    private void change(String orderId) {
        plain.updateItem(request -> request.tableName(table)
                .key(ItemKey.of(fixture().orderItem(orderId)).toAttributes())
                .updateExpression("SET #tags = :tags, #updated = :now ADD #version :one")
                .expressionAttributeNames(Map.of(
                        "#tags", Attributes.TAGS, "#updated", Attributes.UPDATED_AT, "#version", Attributes.VERSION))
                .expressionAttributeValues(Map.of(
                        ":tags", AttributeValue.fromSs(List.of("gift", "vip")),
                        ":now", Values.instant(clock.instant()),
                        ":one", Values.n(1))));
    }

    private static List<Map<String, AttributeValue>> withoutLease(List<Map<String, AttributeValue>> items) {
        return items.stream()
                .map(item -> {
                    Map<String, AttributeValue> copy = new HashMap<>(item);
                    copy.remove(Attributes.ARCHIVING);
                    return (Map<String, AttributeValue>) copy;
                })
                .toList();
    }

    /** What a mover's process killed mid-way looks like to the test: it stops after a call that took effect. */
    private static final class MoverStopped extends RuntimeException {
        MoverStopped() {
            super("the mover stopped here", null, false, false);
        }
    }

    private static final class MovableClock extends Clock {
        private final AtomicReference<Instant> now;

        MovableClock(Instant start) {
            this.now = new AtomicReference<>(start);
        }

        void advance(Duration by) {
            now.updateAndGet(instant -> instant.plus(by));
        }

        @Override
        public Instant instant() {
            return now.get();
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }
}
