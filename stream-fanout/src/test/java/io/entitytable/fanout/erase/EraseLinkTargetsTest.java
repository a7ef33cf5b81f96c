package io.entitytable.fanout.erase;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.fanout.refresh.InMemoryRefreshQueue;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.refresh.RefreshWork;
import io.entitytable.fanout.refresh.SliceDeadline;
import io.entitytable.fanout.refresh.WorkPace;
import io.entitytable.fanout.table.BoundedParallel;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.fanout.table.FanoutTable;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.EraseJob;
import io.entitytable.model.Field;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.ShardCount;
import io.entitytable.model.UniqueValue;
import io.entitytable.model.Values;
import io.entitytable.model.supplier.Supplier;
import io.entitytable.queue.RefreshMessage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A business's erase when the domain has two link targets: stores, and docks (defined here, in test sources, with a
 * courier that links them and is never written), and a supplier (declared in table-model's test sources) whose unique
 * email's marker goes with it. Its second phase reads each target's sort keys in turn, across pages
 * and from one target to the next, so it deletes both, and the job ends.
 */
class EraseLinkTargetsTest {
    private static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");
    private static final Address AUSTIN = new Address("1 Main St", "Austin", "TX", "73301", "US");
    /** Invocations far beyond what the erase takes: a job that cannot end fails the test rather than hang it. */
    private static final int MAX_INVOCATIONS = 200;

    /** A dock of a business: named in its sort key, listed by couriers. */
    static final Entity DOCK = Entity.define(Entity.declared("dock", "docks")
            .fields(Field.text(Attributes.NAME).required())
            .sortedBy(Attributes.NAME));

    /** A courier lists the docks it serves: what makes a dock a link target. No courier is written here. */
    static final Entity COURIER = Entity.define(Entity.declared("courier", "couriers")
            .fields(Field.text(Attributes.NAME).required())
            .sortedBy(Attributes.NAME)
            .links("dockIds", "dock"));

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
    void phases_shouldPutBothLinkTargetsInTheSecondPhase() {
        assertThat(EraseJob.Phase.STORES.deletes()).containsExactly(Entity.STORE, DOCK);
        assertThat(EraseJob.Phase.CHILDREN.deletes())
                .contains(Entity.CUSTOMER, Entity.ORDER, COURIER)
                .doesNotContain(Entity.STORE, DOCK);
    }

    @Test
    void erase_shouldDeleteEveryLinkTarget_acrossPages_andFinish() {
        // GIVEN a business of one shard with a customer, more stores than a page of the erase reads, then more docks,
        // and a
        // supplier with its unique email marked
        Acme acme = acme("eraseTargets");

        // WHEN its erase runs: the first phase's segment is sent, and the queue is worked until it is empty
        InMemoryRefreshQueue queue = new InMemoryRefreshQueue();
        queue.sendAll(List.of(firstSegment(acme)));
        try (RefreshWork work = new RefreshWork(
                dynamo,
                FanoutConfig.forTable(acme.table()),
                queue,
                null,
                WorkPace.DEPLOYED,
                MetricsRecorder.none(),
                Clock.fixed(NOW, ZoneOffset.UTC),
                Optional.empty())) {
            for (int invocation = 0; invocation < MAX_INVOCATIONS && queue.deliverOnce(work); invocation++) {
                // each delivery works one batch of the erase's messages
            }
        }

        // THEN no core item of the business is left, and the job is done in its first round, every child counted
        assertErasedInOneRound(acme);
    }

    @Test
    void erase_shouldGoOnFromOneLinkTargetToTheNext_whenASliceEndsBetweenThem() {
        // GIVEN the same business, and a worker whose slice ends after each page
        Acme acme = acme("eraseTargetsSliced");
        Deque<RefreshMessage> queue = new ArrayDeque<>();
        List<RefreshMessage> sent = new ArrayList<>();
        RefreshQueue recording = messages -> {
            queue.addAll(messages);
            sent.addAll(messages);
        };
        FanoutStats stats = new FanoutStats();
        FanoutConfig config = FanoutConfig.forTable(acme.table());
        FanoutTable table = new FanoutTable(dynamo, acme.table(), config.backoff(stats), stats);
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        recording.send(firstSegment(acme));

        // WHEN every message is worked, one page each, the rest of its segment sent on with a cursor
        try (BoundedParallel parallel = new BoundedParallel(4)) {
            EraseWorker worker = EraseWorker.of(
                    table,
                    new EraseJobs(table, recording, clock),
                    recording,
                    parallel,
                    EraseWorker.CHILDREN_PER_SECOND,
                    Optional.empty());
            for (int invocation = 0; invocation < MAX_INVOCATIONS && !queue.isEmpty(); invocation++) {
                RefreshMessage message = queue.removeFirst();
                worker.handle(Keys.parseSubjectRef(message.subject()).orElseThrow(), message, onePageSlice());
            }
        }

        // THEN the docks were begun from a message of their own, and the erase ended as in one slice
        assertThat(sent).extracting(RefreshMessage::cursor).contains("from:dock");
        assertErasedInOneRound(acme);
    }

    /** A slice that takes one page: its clock stands still for the check before the first, then is past its end. */
    private static SliceDeadline onePageSlice() {
        AtomicInteger readings = new AtomicInteger();
        long end = Duration.ofSeconds(1).toNanos();
        return new SliceDeadline(() -> readings.incrementAndGet() <= 2 ? 0 : Long.MAX_VALUE / 2, end);
    }

    private static RefreshMessage firstSegment(Acme acme) {
        return RefreshMessage.eraseSegment(
                Keys.subjectRef(Entity.BUSINESS, acme.business().id()),
                1,
                0,
                1,
                EraseJob.Phase.first().value());
    }

    private void assertErasedInOneRound(Acme acme) {
        assertThat(coreTypes(acme.table())).isEmpty();
        assertThat(kindsLeft(acme.table())).doesNotContain(ItemKind.UNIQUE.value());
        EraseJob job = EraseJob.from(dynamo.getItem(request -> request.tableName(acme.table())
                        .key(EraseJob.keyOf(acme.business().id()).toAttributes())
                        .consistentRead(true))
                .item());
        assertThat(job.status()).isEqualTo(EraseJob.Status.DONE);
        assertThat(job.round()).isEqualTo(1);
        assertThat(job.itemsDeleted()).isEqualTo(1 + acme.stores() + acme.docks() + 1 + 1);
    }

    /** A business being erased, in its own table, and how many stores and docks it has. */
    private record Acme(String table, DeclaredItem business, int stores, int docks) {}

    /**
     * In a new table: a business of one shard with a customer, more stores than a page of the erase reads, then more
     * docks, a supplier and the marker of its unique email, its counters counting them, and its erase job at the start of its first round.
     */
    private Acme acme(String table) {
        local.createTable(table);
        DeclaredItem business =
                SampleSubjects.business(Ids.newId(), "Acme", CoreFields.created(Set.of(), NOW), ShardCount.first());
        List<Map<String, AttributeValue>> children = new ArrayList<>();
        children.add(SampleSubjects.customer(
                        Ids.newId(),
                        business.id(),
                        "Ada",
                        "Lovelace",
                        null,
                        Map.of(),
                        Set.of(),
                        CoreFields.created(Set.of(), NOW),
                        Shard.of(0))
                .toItem());
        int stores = EraseJob.PAGE_SIZE + 30;
        int docks = EraseJob.PAGE_SIZE + 20;
        for (int i = 0; i < stores; i++) {
            children.add(SampleSubjects.store(
                            Ids.newId(),
                            business.id(),
                            "Store " + i,
                            AUSTIN,
                            CoreFields.created(Set.of(), NOW),
                            Shard.of(0))
                    .toItem());
        }
        for (int i = 0; i < docks; i++) {
            children.add(DeclaredItem.of(
                            DOCK,
                            Ids.newId(),
                            business.id(),
                            Map.of(Attributes.NAME, "Dock " + i),
                            CoreFields.created(Set.of(), NOW),
                            Shard.of(0))
                    .toItem());
        }
        DeclaredItem supplier = Supplier.of(business.id(), "Acme Beans", Set.of());
        children.add(supplier.toItem());
        put(table, business.toItem());
        children.forEach(child -> put(table, child));
        UniqueValue.of(supplier).forEach(marker -> put(table, marker.toItem()));
        counters(business.id(), children).forEach(counter -> put(table, counter));
        put(table, EraseJob.newItem(business.id(), business.shards(), NOW));
        // An erase starts from a business marked long before its children are listed: by then businessGsi has them.
        local.control().awaitIndexesCaughtUp(Duration.ofSeconds(30));
        return new Acme(table, business, stores, docks);
    }

    private void put(String table, Map<String, AttributeValue> item) {
        dynamo.putItem(request -> request.tableName(table).item(item));
    }

    /** The sort keys of the core items left in {@code table}. */
    private List<String> coreTypes(String table) {
        return dynamo.scanPaginator(request -> request.tableName(table)).items().stream()
                .filter(CoreItem::isCore)
                .map(item -> Values.string(item, Attributes.TYPE))
                .toList();
    }

    /** The kinds of the items left in {@code table}. */
    private List<String> kindsLeft(String table) {
        return dynamo.scanPaginator(request -> request.tableName(table)).items().stream()
                .map(item -> Values.string(item, Attributes.KIND))
                .distinct()
                .toList();
    }

    /** The business's counters as the API's creates would have left them. */
    private static List<Map<String, AttributeValue>> counters(
            String businessId, List<Map<String, AttributeValue>> children) {
        Map<ItemKey, Long> counts = new HashMap<>();
        children.forEach(child -> counts.merge(ChildCounters.of(businessId, child), 1L, Long::sum));
        List<Map<String, AttributeValue>> counters = new ArrayList<>();
        for (Map<String, AttributeValue> counter : ChildCounters.newItems(businessId)) {
            Map<String, AttributeValue> counted = new HashMap<>(counter);
            counted.put(Attributes.CHILD_COUNT, Values.n(counts.getOrDefault(ItemKey.of(counter), 0L)));
            counters.add(counted);
        }
        return counters;
    }
}
