package io.entitytable.fanout;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.fanout.refresh.InMemoryRefreshQueue;
import io.entitytable.fanout.refresh.RefreshWork;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.dynamodb.RenameHalfApplied;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.IndexLag;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.Keys;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.access.PartitionQuery;
import io.entitytable.queue.RefreshMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.InternalServerErrorException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Refresh jobs on the local DynamoDB engine: a store with more copies than one stream record may refresh gets a job whose
 * segments the worker works, slice by slice, from the in-memory queue.
 */
class RefreshJobTest {
    private static final Instant LATER = Instant.parse("2026-11-21T10:00:00Z");
    private static int tables;

    private static LocalDynamoDb local;
    private static DynamoDbClient plain;

    private String table;
    private FanoutConfig config;
    private InMemoryRefreshQueue queue;

    @BeforeAll
    static void start() {
        // Global indexes follow their tables asynchronously, as DynamoDB's do, with no delay unless a test holds one.
        local = LocalDynamoDb.startInMemory(EngineSettings.immediate().withIndexLag(IndexLag.fixed(Duration.ZERO)));
        plain = local.client();
    }

    @AfterAll
    static void stop() {
        plain.close();
        local.close();
    }

    @BeforeEach
    void createTable() {
        table = "jobs" + (++tables);
        // Without a stream: these tests make their records themselves.
        plain.createTable(TableLayout.ENTITY.createTableRequest(table).toBuilder()
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(false).build())
                .build());
        config = FanoutConfig.forTable(table);
        queue = new InMemoryRefreshQueue();
    }

    @Test
    void rename_shouldRefreshEveryCopyThroughAJob_whenTheStoreHasMoreCopiesThanOneRecordRefreshes() {
        // GIVEN 3,000 links, and a link count that makes the planner cut 3 segments (the cuts cover the partition
        // however the count misleads them)
        LinkedStoreSeed.Seeded world = LinkedStoreSeed.write(plain, table, 3_000);
        Map<String, AttributeValue> v1 = LinkedStoreSeed.storeItem(world.store(), 12_000);
        Map<String, AttributeValue> v2 = renamed(world.store(), "Uptown", 2, 12_000);
        replace(v1, v2);

        // WHEN the rename's record is fanned out
        FanoutStats recordStats;
        try (StreamFanout fanout = StreamFanout.create(plain, config, queue)) {
            assertThat(fanout.process(List.of(Records.modify(v1, v2))).getBatchItemFailures())
                    .isEmpty();
            recordStats = fanout.stats();
        }

        // THEN the record read no copies and only enqueued the pass
        assertThat(recordStats.count(FanoutStats.Count.SOURCE_INDEX_PAGES)).isZero();
        assertThat(recordStats.count(FanoutStats.Count.PUTS)).isLessThanOrEqualTo(1); // its own tag copy
        assertThat(queue.sent()).hasSize(3).allMatch(m -> m.isSegment() && m.pass() == 1);

        // WHEN the worker works the job in slices of 300 ms
        try (RefreshWork work = RefreshWork.create(plain, config, queue, Duration.ofMillis(300))) {
            queue.drainWith(work);

            // THEN every copy is at version 2, in at most 1.1 puts per copy
            assertThat(copyVersions(world)).hasSize(3_000).allSatisfy((key, version) -> assertThat(version)
                    .isEqualTo(2));
            assertThat(work.stats().count(FanoutStats.Count.PUTS)).isLessThanOrEqualTo(3_300);
        }
        assertThat(queue.sent().stream().filter(m -> m.cursor() != null)).isNotEmpty();
        RefreshJob job = job(world);
        assertThat(job.status()).isEqualTo(RefreshJob.Status.DONE);
        assertThat(job.pass()).isEqualTo(1);
        assertThat(job.doneSegments()).isEqualTo(3);
        assertThat(job.copiesDone()).isGreaterThanOrEqualTo(3_000);
        assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
    }

    @Test
    void changesDuringAPass_shouldCostOneMorePass_andEndAtTheLastVersion() {
        // GIVEN a pass for version 2 under way
        LinkedStoreSeed.Seeded world = LinkedStoreSeed.write(plain, table, 1_500);
        Map<String, AttributeValue> v1 = LinkedStoreSeed.storeItem(world.store(), 1_500);
        Map<String, AttributeValue> v2 = renamed(world.store(), "Two", 2, 1_500);
        Map<String, AttributeValue> v3 = renamed(world.store(), "Three", 3, 1_500);
        Map<String, AttributeValue> v4 = renamed(world.store(), "Four", 4, 1_500);
        try (StreamFanout fanout = StreamFanout.create(plain, config, queue);
                RefreshWork work = RefreshWork.create(plain, config, queue, Duration.ofMillis(200))) {
            replace(v1, v2);
            fanout.process(List.of(Records.modify(v1, v2)));
            queue.deliverOnce(work);
            int sentBefore = queue.sent().size();

            // WHEN the store changes twice more while it runs
            replace(v2, v3);
            fanout.process(List.of(Records.modify(v2, v3)));
            replace(v3, v4);
            fanout.process(List.of(Records.modify(v3, v4)));

            // THEN neither change sent anything: both wait for the running pass to end
            assertThat(queue.sent()).hasSize(sentBefore);
            queue.drainWith(work);
        }

        // THEN one more pass ran, for the last version, and every copy has it
        RefreshJob job = job(world);
        assertThat(job.pass()).isEqualTo(2);
        assertThat(job.passVersion()).isEqualTo(4);
        assertThat(job.status()).isEqualTo(RefreshJob.Status.DONE);
        assertThat(copyVersions(world)).hasSize(1_500).allSatisfy((key, version) -> assertThat(version)
                .isEqualTo(4));
        assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
    }

    @Test
    void nextPass_shouldStillBeWorked_whenTheUpdateThatStartedItAnsweredWithAnErrorAfterItsWrite() {
        // GIVEN a pass for version 2 under way and a change to version 3 waiting for it to end
        LinkedStoreSeed.Seeded world = LinkedStoreSeed.write(plain, table, 1_200);
        Map<String, AttributeValue> v1 = LinkedStoreSeed.storeItem(world.store(), 1_200);
        Map<String, AttributeValue> v2 = renamed(world.store(), "Two", 2, 1_200);
        Map<String, AttributeValue> v3 = renamed(world.store(), "Three", 3, 1_200);
        // and a worker whose next update that starts a pass takes effect and then answers 500, as DynamoDB may; the
        // back-off retries it, and the retry meets the pass it has just started
        AtomicBoolean armed = new AtomicBoolean(true);
        DynamoDbClient failingAfterWrite = LocalTables.instrumented(local, new ExecutionInterceptor() {
            @Override
            public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof UpdateItemRequest update
                        && update.updateExpression().contains("#passVersion = :version")
                        && armed.getAndSet(false)) {
                    throw InternalServerErrorException.builder()
                            .statusCode(500)
                            .message("injected after the write took effect")
                            .build();
                }
            }
        });
        try (StreamFanout fanout = StreamFanout.create(plain, config, queue);
                RefreshWork work = RefreshWork.create(failingAfterWrite, config, queue, Duration.ofSeconds(5))) {
            replace(v1, v2);
            fanout.process(List.of(Records.modify(v1, v2)));
            replace(v2, v3);
            fanout.process(List.of(Records.modify(v2, v3)));

            // WHEN the worker works the queue until it is empty
            queue.drainWith(work);
        } finally {
            failingAfterWrite.close();
        }

        // THEN the fault struck, and the pass it started was worked all the same: done, every copy at version 3
        assertThat(armed).as("the fault struck").isFalse();
        RefreshJob job = job(world);
        assertThat(job.pass()).isEqualTo(2);
        assertThat(job.status()).isEqualTo(RefreshJob.Status.DONE);
        assertThat(copyVersions(world)).hasSize(1_200).allSatisfy((key, version) -> assertThat(version)
                .isEqualTo(3));
        assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
    }

    @Test
    void storeDeletedWithItsLinks_shouldBeUnlinkedFromEveryCustomer_andLeaveNoEdge() {
        // GIVEN a store deleted while 1,200 customers list it (DELETE /stores/{id}?unlink=true)
        LinkedStoreSeed.Seeded world = LinkedStoreSeed.write(plain, table, 1_200);
        Map<String, AttributeValue> last = LinkedStoreSeed.storeItem(world.store(), 1_200);
        CoreDeletes.delete(plain, table, last);

        // WHEN its REMOVE is fanned out and the job worked
        try (StreamFanout fanout = StreamFanout.create(plain, config, queue);
                RefreshWork work = RefreshWork.create(plain, config, queue, Duration.ofMillis(500))) {
            assertThat(fanout.process(List.of(Records.remove(last))).getBatchItemFailures())
                    .isEmpty();
            queue.drainWith(work);
            assertThat(work.stats().count(FanoutStats.Count.UNLINKS)).isEqualTo(1_200);
        }

        // THEN no customer lists it, each one's version moved on, and no edge of it is left
        for (Map<String, AttributeValue> customer : coreCustomers()) {
            assertThat(Values.set(customer, Attributes.STORE_IDS))
                    .doesNotContain(world.store().id());
            assertThat(Values.number(customer, Attributes.VERSION)).isEqualTo(2);
        }
        assertThat(InvariantChecker.duplicates(plain, table).keySet())
                .noneMatch(key -> key.id().equals(storeRef(world)) || key.type().equals(storeRef(world)));
        assertThat(job(world).status()).isEqualTo(RefreshJob.Status.DONE);
        assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
    }

    /** A scale check (about a minute: 8,000 copies, three renames, 8 workers): {@code mvn -B verify -Pscale}. */
    @Test
    @Tag("scale")
    void faults_shouldNeverMoveACopyBackwards_andEndAtTheLastVersion() throws Exception {
        // GIVEN 8,000 copies cut into 8 segments, worked by 8 worker instances at once (the trigger's maximum
        // concurrency) in slices of 2 s (each segment's share of the pace is 100 copies a second, so a slice takes
        // one page of 250: 3 continuations per segment and pass, 24 a pass), every message delivered in any order and
        // 10% of
        // them twice, and 10% of the worker's invocations crashing after a random one of their first 100 puts (the
        // put happened, the invocation fails, its message comes back; an invocation that puts nothing, a dropped or
        // repeated message, cannot crash after a put)
        int links = 8_000;
        long plannedCopies = (long) RefreshJob.MAX_SEGMENTS * RefreshJob.COPIES_PER_SEGMENT;
        LinkedStoreSeed.Seeded world = LinkedStoreSeed.write(plain, table, links);
        List<Map<String, AttributeValue>> versions = new ArrayList<>();
        versions.add(LinkedStoreSeed.storeItem(world.store(), plannedCopies));
        for (int v = 2; v <= 4; v++) {
            versions.add(renamed(world.store(), "Name" + v, v, plannedCopies));
        }
        Random random = new Random(15);
        AtomicInteger crashes = new AtomicInteger();
        List<DynamoDbClient> clients = new ArrayList<>();
        List<RefreshWork> works = new ArrayList<>();
        List<InMemoryRefreshQueue.Instance> instances = new ArrayList<>();
        for (int i = 0; i < RefreshQueueTrigger.DEFAULT.maxConcurrency(); i++) {
            // Each instance has its own client, as each Lambda instance has, so a fault armed for one invocation
            // strikes that invocation's puts only.
            AtomicInteger putsUntilCrash = new AtomicInteger(-1);
            DynamoDbClient crashing = LocalTables.instrumented(local, new ExecutionInterceptor() {
                @Override
                public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
                    if (context.request() instanceof PutItemRequest && putsUntilCrash.getAndDecrement() == 1) {
                        crashes.incrementAndGet();
                        throw new IllegalStateException("injected crash after a put");
                    }
                }
            });
            RefreshWork work = RefreshWork.create(crashing, config, queue, Duration.ofSeconds(2));
            clients.add(crashing);
            works.add(work);
            instances.add(new InMemoryRefreshQueue.Instance(
                    work, () -> putsUntilCrash.set(random.nextDouble() < 0.10 ? 1 + random.nextInt(100) : -1)));
        }
        Map<ItemKey, Long> highest = new ConcurrentHashMap<>();
        AtomicBoolean backwards = new AtomicBoolean();
        AtomicBoolean running = new AtomicBoolean(true);
        // A sample of 200 copies, spread over the partition, read over and over while the job runs.
        List<ItemKey> sample = new ArrayList<>();
        for (int i = 0; i < world.customerIds().size(); i += links / 200) {
            sample.add(new ItemKey(
                    Keys.subjectRef(Entity.CUSTOMER, world.customerIds().get(i)), world.storeRef()));
        }
        Thread sampler = new Thread(() -> {
            while (running.get()) {
                for (ItemKey key : sample) {
                    long version = Values.number(
                            plain.getItem(request -> request.tableName(table)
                                            .key(key.toAttributes())
                                            .consistentRead(true))
                                    .item(),
                            Attributes.SOURCE_VERSION);
                    Long before = highest.put(key, version);
                    if (before != null && before > version) {
                        backwards.set(true);
                    }
                }
            }
        });

        // WHEN the store is renamed three times, 4 s apart, while the workers run its job
        AtomicBoolean renamed = new AtomicBoolean();
        CompletableFuture<Integer> drained = new CompletableFuture<>();
        Thread workers = new Thread(() -> {
            try {
                drained.complete(queue.drainConcurrently(
                        instances,
                        RefreshQueueTrigger.DEFAULT.batchSize(),
                        random,
                        0.10,
                        RefreshQueueTrigger.DEFAULT.maxReceiveCount(),
                        renamed::get));
            } catch (Throwable e) {
                drained.completeExceptionally(e);
            }
        });
        long started = System.nanoTime();
        try (StreamFanout fanout = StreamFanout.create(plain, config, queue)) {
            sampler.start();
            workers.start();
            for (int v = 1; v <= 3; v++) {
                replace(versions.get(v - 1), versions.get(v));
                assertThat(fanout.process(List.of(Records.modify(versions.get(v - 1), versions.get(v))))
                                .getBatchItemFailures())
                        .isEmpty();
                if (v < 3) {
                    Thread.sleep(4_000);
                }
            }
            renamed.set(true);
            drained.get(5, TimeUnit.MINUTES);
        } finally {
            renamed.set(true);
            running.set(false);
            sampler.join();
            workers.join();
            works.forEach(RefreshWork::close);
            clients.forEach(DynamoDbClient::close);
        }
        long continuations =
                queue.sent().stream().filter(m -> m.cursor() != null).count();
        System.out.printf(
                "refresh job under faults: %d copies, %d continuations, %d crashes, %d invocations, %d s%n",
                links,
                continuations,
                crashes.get(),
                drained.get(),
                Duration.ofNanos(System.nanoTime() - started).toSeconds());

        // THEN
        assertThat(continuations).as("continuations").isGreaterThanOrEqualTo(50);
        assertThat(crashes.get()).as("crashes injected").isPositive();
        assertThat(highest).hasSize(sample.size());
        assertThat(backwards.get()).as("a copy's sourceVersion went backwards").isFalse();
        assertThat(queue.deadLetters()).isEmpty();
        assertThat(copyVersions(world)).hasSize(links).allSatisfy((key, version) -> assertThat(version)
                .isEqualTo(4));
        assertThat(job(world).status()).isEqualTo(RefreshJob.Status.DONE);
        assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
    }

    @Test
    void linksMadeWhileAPassRuns_shouldEndAtTheLastVersion_evenWithSourceGsiAnsweringNothing() {
        // GIVEN sourceGsi held back from before the first copy was written, so that it answers nothing, and a pass for
        // version 2 under way
        local.control().holdIndex(table, TableLayout.SOURCE_GSI);
        try {
            LinkedStoreSeed.Seeded world = LinkedStoreSeed.write(plain, table, 1_500);
            Map<String, AttributeValue> v1 = LinkedStoreSeed.storeItem(world.store(), 1_500);
            Map<String, AttributeValue> v2 = renamed(world.store(), "Two", 2, 1_500);
            Map<String, AttributeValue> v3 = renamed(world.store(), "Three", 3, 1_500);
            try (StreamFanout fanout = StreamFanout.create(plain, config, queue);
                    RefreshWork work = RefreshWork.create(plain, config, queue, Duration.ofMillis(200))) {
                replace(v1, v2);
                fanout.process(List.of(Records.modify(v1, v2)));
                queue.deliverOnce(work);

                // WHEN 40 customers link the store while the pass runs, the store changes again, and 40 more link
                for (int i = 0; i < 80; i++) {
                    if (i == 40) {
                        replace(v2, v3);
                        fanout.process(List.of(Records.modify(v2, v3)));
                    }
                    String customerId = Ids.newId();
                    Map<String, AttributeValue> customer = SampleSubjects.customer(
                                    customerId,
                                    world.business(),
                                    "Late" + i,
                                    "Jones",
                                    null,
                                    Map.of(),
                                    Set.of(world.store().id()),
                                    CoreFields.created(Set.of(), LATER),
                                    Shard.legacy(customerId))
                            .toItem();
                    plain.putItem(PutItemRequest.builder()
                            .tableName(table)
                            .item(customer)
                            .build());
                    assertThat(fanout.process(List.of(Records.insert(customer))).getBatchItemFailures())
                            .isEmpty();
                    if (i % 10 == 0) {
                        queue.deliverOnce(work);
                    }
                }
                queue.drainWith(work);
            }
            assertThat(sourceIndexPartition(storeRef(world)))
                    .as("sourceGsi still behind")
                    .isEmpty();

            // THEN every copy, old links and new, is at version 3
            Map<ItemKey, Long> versions = copyVersions(world);
            assertThat(versions).hasSize(1_580).allSatisfy((key, version) -> assertThat(version)
                    .isEqualTo(3));
            assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
        } finally {
            local.control().releaseIndex(table, TableLayout.SOURCE_GSI);
        }
    }

    @Test
    void linkToAStoreThatIsGone_shouldSendAnUnlink_whichTheWorkerApplies() {
        // GIVEN a customer listing a store that was deleted before the customer's link was fanned out
        LinkedStoreSeed.Seeded world = LinkedStoreSeed.write(plain, table, 1);
        Map<String, AttributeValue> store = LinkedStoreSeed.storeItem(world.store(), 1);
        CoreDeletes.delete(plain, table, store);
        Map<String, AttributeValue> customer = coreCustomers().get(0);

        // WHEN the customer's record is fanned out and the worker runs
        try (StreamFanout fanout = StreamFanout.create(plain, config, queue);
                RefreshWork work = RefreshWork.create(plain, config, queue, null)) {
            fanout.process(List.of(Records.insert(customer)));
            assertThat(queue.sent())
                    .containsExactly(RefreshMessage.unlink(
                            storeRef(world), world.customerIds().get(0)));
            queue.drainWith(work);
        }

        // THEN the customer no longer lists it
        assertThat(Values.set(coreCustomers().get(0), Attributes.STORE_IDS)).isEmpty();
    }

    @Test
    void aRenameSeenMidCommit_shouldStayARename_andUnlinkNoOne() {
        // GIVEN a store linked to 20 customers, renamed while the engine holds the rename half applied, so the
        // fan-out's first Query of the store meets it and sees neither key (as DynamoDB's read-committed Query can)
        LinkedStoreSeed.Seeded world = LinkedStoreSeed.write(plain, table, 20);
        Map<String, AttributeValue> v1 = LinkedStoreSeed.storeItem(world.store(), 20);
        Map<String, AttributeValue> v2 = renamed(world.store(), "Uptown", 2, 20);
        long queriesMidRename;
        try (StreamFanout fanout = StreamFanout.create(plain, config, queue);
                RefreshWork work = RefreshWork.create(plain, config, queue, Duration.ofMillis(500))) {
            // WHEN the rename's two records are fanned out as the stream delivers them, and any job worked
            queriesMidRename = RenameHalfApplied.during(local, () -> replace(v1, v2), () -> assertThat(
                            fanout.process(List.of(Records.remove(v1), Records.insert(v2)))
                                    .getBatchItemFailures())
                    .isEmpty());
            queue.drainWith(work);
        }

        // THEN the REMOVE's Query missed the store, found no tombstone, read again: no removal, every link kept
        assertThat(queriesMidRename).isPositive();
        assertThat(queue.sent()).isEmpty();
        assertThat(coreCustomers()).hasSize(20).allSatisfy(customer -> assertThat(
                        Values.set(customer, Attributes.STORE_IDS))
                .contains(world.store().id()));
        assertThat(copyVersions(world)).hasSize(20).allSatisfy((key, version) -> assertThat(version)
                .isEqualTo(2));
        assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
    }

    @Test
    void aWorkerThatReadsTheStoreMidRename_shouldRefreshItsCopies_notUnlinkThem() {
        // GIVEN a store with more copies than a record refreshes, renamed, its records fanned out into a job
        LinkedStoreSeed.Seeded world = LinkedStoreSeed.write(plain, table, RefreshJob.INLINE_COPIES + 100);
        long links = RefreshJob.INLINE_COPIES + 100;
        Map<String, AttributeValue> v1 = LinkedStoreSeed.storeItem(world.store(), links);
        Map<String, AttributeValue> v2 = renamed(world.store(), "Uptown", 2, links);
        Map<String, AttributeValue> v3 = renamed(world.store(), "Midtown", 3, links);
        replace(v1, v2);
        try (StreamFanout fanout = StreamFanout.create(plain, config, queue);
                RefreshWork work = RefreshWork.create(plain, config, queue, Duration.ofMillis(500))) {
            assertThat(fanout.process(List.of(Records.remove(v1), Records.insert(v2)))
                            .getBatchItemFailures())
                    .isEmpty();

            // WHEN the worker works the job while a second rename is half applied in the engine, its first read of
            // the store meeting that rename (neither key)
            long queriesMidRename = RenameHalfApplied.during(local, () -> replace(v2, v3), () -> queue.drainWith(work));

            // THEN the worker read again rather than unlink, and refreshed the copies from the store it found
            assertThat(queriesMidRename).isPositive();
            assertThat(work.stats().count(FanoutStats.Count.UNLINKS)).isZero();
            assertThat(copyVersions(world)).hasSize((int) links).allSatisfy((key, version) -> assertThat(version)
                    .isEqualTo(3));

            // WHEN the second rename's records are fanned out and worked too THEN nothing drifts
            assertThat(fanout.process(List.of(Records.remove(v2), Records.insert(v3)))
                            .getBatchItemFailures())
                    .isEmpty();
            queue.drainWith(work);
            assertThat(work.stats().count(FanoutStats.Count.UNLINKS)).isZero();
        }
        assertThat(copyVersions(world)).hasSize((int) links).allSatisfy((key, version) -> assertThat(version)
                .isEqualTo(3));
        assertThat(job(world).status()).isEqualTo(RefreshJob.Status.DONE);
        assertThat(InvariantChecker.check(plain, table)).as("drift").isEmpty();
    }

    // ---- helpers -----------------------------------------------------------------------------------------------

    /** What sourceGsi answers for {@code source} now. */
    private List<Map<String, AttributeValue>> sourceIndexPartition(String source) {
        return plain.query(
                        PartitionQuery.partition(TableLayout.SOURCE_GSI, source).toRequest(table))
                .items();
    }

    private static Map<String, AttributeValue> renamed(DeclaredItem store, String name, long version, long links) {
        return LinkedStoreSeed.storeItem(
                SampleSubjects.renamedStore(store, name).withVersion(version, LATER), links);
    }

    private static String storeRef(LinkedStoreSeed.Seeded world) {
        return world.storeRef();
    }

    /** The {@code sourceVersion} of every customer-side copy of the store. */
    private Map<ItemKey, Long> copyVersions(LinkedStoreSeed.Seeded world) {
        Map<ItemKey, Long> versions = new HashMap<>();
        InvariantChecker.duplicates(plain, table).forEach((key, item) -> {
            if (key.type().equals(storeRef(world)) && key.id().startsWith(Keys.typePrefix(Entity.CUSTOMER))) {
                versions.put(key, Values.number(item, Attributes.SOURCE_VERSION));
            }
        });
        return versions;
    }

    private List<Map<String, AttributeValue>> coreCustomers() {
        return InvariantChecker.scanAll(plain, table).stream()
                .filter(item -> "core".equals(Values.string(item, Attributes.KIND)))
                .filter(item -> Values.string(item, Attributes.TYPE).startsWith(Keys.typePrefix(Entity.CUSTOMER)))
                .toList();
    }

    private RefreshJob job(LinkedStoreSeed.Seeded world) {
        return RefreshJob.from(plain.getItem(request -> request.tableName(table)
                        .key(RefreshJob.keyOf(world.store().id()).toAttributes())
                        .consistentRead(true))
                .item());
    }

    /**
     * A rename as the API makes it: a new name is a new key, so one TransactWriteItems deletes the old key and puts the
     * new one. (Two separate calls would let a worker's read fall between them and find the store gone.)
     */
    private void replace(Map<String, AttributeValue> old, Map<String, AttributeValue> next) {
        plain.transactWriteItems(request -> request.transactItems(
                TransactWriteItem.builder()
                        .delete(delete ->
                                delete.tableName(table).key(ItemKey.of(old).toAttributes()))
                        .build(),
                TransactWriteItem.builder()
                        .put(put -> put.tableName(table).item(next))
                        .build()));
    }
}
