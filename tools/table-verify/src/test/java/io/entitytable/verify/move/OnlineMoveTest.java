package io.entitytable.verify.move;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.checks.CanonicalItem;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.model.Attributes;
import io.entitytable.model.EraseJob;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.move.BusinessRoute;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A table moved online to a new layout ({@link OrderTypeAsInstant}: a changed sort-key format of orders) while three
 * businesses write to it: the bulk copy, the whole-table check by content, the cut-over of each business, and the way
 * back for one, on the local DynamoDB engine. Every acknowledged write is in the table that serves its business after
 * the move, the two tables agree item for item, and no write is held longer than a second or refused.
 */
class OnlineMoveTest {
    private static final AtomicInteger TABLES = new AtomicInteger();
    private static final int BUSINESSES = 3;
    /** Each business's writer: together 30 writes a second, at least 20 on a busy machine. */
    private static final Duration WRITE_INTERVAL = Duration.ofMillis(100);

    private static final Duration PAUSE_BUDGET = Duration.ofMillis(800);
    private static final int CUT_OVER_ATTEMPTS = 5;

    private static LocalDynamoDb local;
    private static DynamoDbClient dynamo;
    private static DynamoDbStreamsClient streams;

    private final SlowChange change = new SlowChange(new OrderTypeAsInstant());
    private String home;
    private String target;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        dynamo = local.client();
        streams = local.streamsClient();
    }

    /** Each test moves a table of its own. */
    @BeforeEach
    void createTables() {
        int n = TABLES.incrementAndGet();
        home = "MoveHome" + n;
        target = "MoveTarget" + n;
        TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, home);
        TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, target);
    }

    @AfterAll
    static void stop() {
        streams.close();
        dynamo.close();
        local.close();
    }

    @Test
    void movesABusyTableBusinessByBusinessWithTheWayBackOpen() throws Exception {
        List<BusinessLoad> loads = new ArrayList<>();
        for (int n = 0; n < BUSINESSES; n++) {
            BusinessLoad load = new BusinessLoad(Ids.newId(), new RoutedWriter(dynamo, home, change));
            load.seed(120, 40);
            loads.add(load);
        }
        loads.forEach(load -> load.acknowledged.set(0));
        AtomicBoolean writing = new AtomicBoolean(true);
        List<Thread> writers = new ArrayList<>();
        for (BusinessLoad load : loads) {
            Thread writer = new Thread(() -> load.writeUntil(writing), "writer-" + load.business);
            writer.start();
            writers.add(writer);
        }
        long started = System.nanoTime();
        List<CutOver.Outcome> outcomes = new ArrayList<>();
        ContentCheck.Result before;
        ContentCheck.Result after;
        double seconds;
        try (OnlineMove move = new OnlineMove(dynamo, streams, home, target, change, 4, PAUSE_BUDGET)) {
            BulkCopy.Copied copied = move.copy();
            assertThat(copied.written()).isPositive();

            before = move.check();
            assertThat(before.differences())
                    .as("differences after the bulk copy")
                    .isEmpty();
            assertThat(before.itemsByBusiness())
                    .containsKeys(loads.stream().map(l -> l.business).toArray(String[]::new));

            for (BusinessLoad load : loads) {
                outcomes.add(until(() -> move.cutOver(load.business)));
            }
            loads.forEach(load ->
                    assertThat(route(load.business)).map(BusinessRoute::state).contains(BusinessRoute.State.MOVED));
            awaitWrites(loads, 15);

            BusinessLoad rolledBack = loads.get(1);
            outcomes.add(until(() -> move.cutBack(rolledBack.business)));
            assertThat(route(rolledBack.business)).isEmpty();
            awaitWrites(loads, 15);

            writing.set(false);
            for (Thread writer : writers) {
                writer.join();
            }
            seconds = (System.nanoTime() - started) / 1e9;
            after = move.check();
        }
        long writes = loads.stream().mapToLong(l -> l.acknowledged.get()).sum();
        Duration longestHold =
                loads.stream().map(l -> l.longestHold).reduce(Duration.ZERO, (a, b) -> a.compareTo(b) > 0 ? a : b);
        System.out.printf(
                "[move] %d writes acknowledged in %.1f s (%.1f a second), longest hold %d ms, cut-overs %s%n",
                writes,
                seconds,
                writes / seconds,
                longestHold.toMillis(),
                outcomes.stream()
                        .map(o -> o.business().substring(20) + (o.done() ? " in " : " gave up after ")
                                + o.fenced().toMillis() + " ms (" + o.compared() + " compared)")
                        .toList());

        assertThat(writes / seconds).as("writes a second during the move").isGreaterThanOrEqualTo(20);
        assertThat(loads)
                .allSatisfy(load ->
                        assertThat(load.refused.get()).as("writes refused").isZero());
        assertThat(longestHold).as("longest a write was held").isLessThanOrEqualTo(RoutedWriter.HOLD);
        assertThat(outcomes)
                .allSatisfy(outcome -> assertThat(outcome.fenced()).isLessThanOrEqualTo(Duration.ofSeconds(1)));
        assertThat(after.differences()).as("differences after the move").isEmpty();
        for (BusinessLoad load : loads) {
            String serving = route(load.business).isPresent() ? target : home;
            load.assertAcknowledgedIn(serving);
        }
    }

    @Test
    void aWriteDecidedBeforeAFenceFailsItsCheckInEitherTable() throws Exception {
        String business = Ids.newId();
        Map<String, AttributeValue> item = customerOf(business);
        RouteBook routes = new RouteBook(new MoveTables(dynamo, home, target, change));

        routes.fence(business);
        assertThat(checkedWrite(home, business, item)).as("home, fenced").isFalse();
        assertThat(checkedWrite(target, business, item)).as("target, fenced").isFalse();
        routes.move(business);
        assertThat(checkedWrite(home, business, item)).as("home, moved").isFalse();
        assertThat(checkedWrite(target, business, item)).as("target, moved").isTrue();
        routes.fenceBack(business);
        assertThat(checkedWrite(target, business, item))
                .as("target, fenced on the way back")
                .isFalse();
        routes.moveBack(business);
        assertThat(checkedWrite(target, business, item)).as("target, back home").isFalse();
        assertThat(checkedWrite(home, business, item)).as("home, back home").isTrue();
    }

    @Test
    void aFenceMeetingAWriteInFlightOnItsRouteItem_waitsForItAndIsWritten() throws Exception {
        // an engine with DynamoDB's transaction conflicts, each transaction holding its items a while
        try (LocalDynamoDb conflicting = LocalDynamoDb.startInMemory(EngineSettings.immediate()
                        .withTransactionConflicts(true)
                        .withTransactionHold(Duration.ofMillis(500)));
                DynamoDbClient client = conflicting.client()) {
            TableBootstrap.createIfMissing(client, TableLayout.ENTITY, home);
            TableBootstrap.createIfMissing(client, TableLayout.ENTITY, target);
            String business = Ids.newId();
            Map<String, AttributeValue> item = customerOf(business);
            // a write of the business in flight: its transaction checks (and so holds) the route item
            Thread writer = new Thread(() -> client.transactWriteItems(request -> request.transactItems(
                    TransactWriteItem.builder()
                            .put(Put.builder().tableName(home).item(item).build())
                            .build(),
                    BusinessRoute.writeCheck(home, home, business))));
            writer.start();
            awaitHeld(client, home, BusinessRoute.keyOf(business).toAttributes(), writer);

            new RouteBook(new MoveTables(client, home, target, change)).fence(business);
            writer.join();

            assertThat(BusinessRoute.read(client, home, business).map(BusinessRoute::state))
                    .contains(BusinessRoute.State.FENCED_HOME);
        }
    }

    /**
     * Returns once a transaction holds the item: a transactional read of it is then cancelled for a conflict, as
     * DynamoDB cancels one that meets a write in flight (and a read disturbs no write).
     */
    private static void awaitHeld(DynamoDbClient client, String table, Map<String, AttributeValue> key, Thread writer) {
        while (true) {
            try {
                client.transactGetItems(request -> request.transactItems(
                        item -> item.get(get -> get.tableName(table).key(key))));
            } catch (TransactionCanceledException held) {
                return;
            }
            assertThat(writer.isAlive())
                    .as("the write in flight, seen holding the item before it committed")
                    .isTrue();
            LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
        }
    }

    /** A customer's core item of {@code business}, with what a route's write needs and nothing more. */
    private static Map<String, AttributeValue> customerOf(String business) {
        Map<String, AttributeValue> item = Values.newItem();
        item.put(Attributes.ID, Values.s(Ids.newId()));
        item.put(Attributes.TYPE, Values.s("customer#doe.jane"));
        item.put(Attributes.KIND, Values.s(ItemKind.CORE.value()));
        item.put(Attributes.BUSINESS_ID, Values.s(business));
        return item;
    }

    private boolean checkedWrite(String table, String business, Map<String, AttributeValue> item) {
        try {
            dynamo.transactWriteItems(request -> request.transactItems(
                    TransactWriteItem.builder()
                            .put(Put.builder().tableName(table).item(item).build())
                            .build(),
                    BusinessRoute.writeCheck(home, table, business)));
            return true;
        } catch (TransactionCanceledException e) {
            assertThat(e.cancellationReasons().get(1).code()).isEqualTo("ConditionalCheckFailed");
            return false;
        }
    }

    @Test
    void aCutOverThatCannotCatchUpWithinItsBudgetLiftsItsFenceAndLosesNothing() throws Exception {
        BusinessLoad load = new BusinessLoad(Ids.newId(), new RoutedWriter(dynamo, home, change));
        load.seed(20, 5);
        try (OnlineMove move = new OnlineMove(dynamo, streams, home, target, change, 2, PAUSE_BUDGET)) {
            move.copy();
            assertThat(move.check().differences()).isEmpty();

            // the forward replicator lags over the record of a write, past the cut-over's budget
            change.lagging = true;
            load.createCustomer();
            assertThat(change.lagBegun.await(30, TimeUnit.SECONDS)).isTrue();
            CutOver.Outcome gaveUp = move.cutOver(load.business);
            assertThat(gaveUp.done()).isFalse();
            assertThat(gaveUp.fenced()).isLessThan(Duration.ofSeconds(1));
            assertThat(route(load.business)).as("the fence, lifted").isEmpty();
            load.createCustomer();
            change.lagging = false;

            assertThat(until(() -> move.cutOver(load.business)).done()).isTrue();
            load.createCustomer();
        }
        assertThat(load.refused.get()).isZero();
        load.assertAcknowledgedIn(target);
    }

    @Test
    void aMoveRunAgainCarriesEachBusinessAsItsRouteSays_andServesAFencedOneWhereItWas() throws Exception {
        BusinessLoad moved = new BusinessLoad(Ids.newId(), new RoutedWriter(dynamo, home, change));
        BusinessLoad fenced = new BusinessLoad(Ids.newId(), new RoutedWriter(dynamo, home, change));
        moved.seed(10, 3);
        fenced.seed(10, 3);
        try (OnlineMove move = new OnlineMove(dynamo, streams, home, target, change, 2, PAUSE_BUDGET)) {
            move.copy();
            assertThat(move.check().differences()).isEmpty();
            assertThat(until(() -> move.cutOver(moved.business)).done()).isTrue();
        }
        // the move stops (a crash) in a cut-over of the other business: its route item as the fence leaves it
        new RouteBook(new MoveTables(dynamo, home, target, change)).fence(fenced.business);

        try (OnlineMove again = new OnlineMove(dynamo, streams, home, target, change, 2, PAUSE_BUDGET)) {
            assertThat(route(fenced.business)).as("served where it was").isEmpty();
            assertThat(route(moved.business)).map(BusinessRoute::state).contains(BusinessRoute.State.MOVED);
            assertThatThrownBy(() -> again.cutOver(fenced.business))
                    .as("no cut-over before a whole check of this run")
                    .isInstanceOf(IllegalStateException.class);

            moved.createCustomer();
            fenced.createCustomer();
            again.copy();
            assertThat(again.check().differences()).isEmpty();
            assertThat(until(() -> again.cutOver(fenced.business)).done()).isTrue();
        }
        moved.assertAcknowledgedIn(target);
        moved.assertAcknowledgedIn(home);
        fenced.assertAcknowledgedIn(target);
    }

    @Test
    void copiesTravelForwardOnly_whicheverTableServesTheirBusiness() throws Exception {
        BusinessLoad load = new BusinessLoad(Ids.newId(), new RoutedWriter(dynamo, home, change));
        load.seed(5, 1);
        try (OnlineMove move = new OnlineMove(dynamo, streams, home, target, change, 2, PAUSE_BUDGET)) {
            move.copy();
            assertThat(move.check().differences()).isEmpty();
            assertThat(until(() -> move.cutOver(load.business)).done()).isTrue();

            // the home table's fan-out writes a tag copy of a customer of the moved business: the target gets it
            Map<String, AttributeValue> homeCopy = tagCopy(load.business, "vip");
            dynamo.putItem(request -> request.tableName(home).item(homeCopy));
            awaitItem(target, ItemKey.of(homeCopy));
            // a copy only the target holds is no copy of the home table's fan-out: the check takes it away
            Map<String, AttributeValue> strayCopy = tagCopy(load.business, "stray");
            dynamo.putItem(request -> request.tableName(target).item(strayCopy));

            ContentCheck.Result after = move.check();
            assertThat(after.differences()).isEmpty();
            assertThat(after.mended()).isPositive();
        }
        assertThat(item(target, ItemKey.of(tagCopy(load.business, "stray")))).isEmpty();
        assertThat(item(home, ItemKey.of(tagCopy(load.business, "stray")))).isEmpty();
    }

    @Test
    void aBusinessBeingErasedStaysInTheHomeTableUntilItsEraseIsDone_andItsJobTravelsForward() throws Exception {
        // GIVEN a business whose erase the home table's workers are running
        BusinessLoad load = new BusinessLoad(Ids.newId(), new RoutedWriter(dynamo, home, change));
        load.seed(5, 1);
        Map<String, AttributeValue> job = EraseJob.newItem(load.business, Instant.now());
        dynamo.putItem(request -> request.tableName(home).item(job));
        try (OnlineMove move = new OnlineMove(dynamo, streams, home, target, change, 2, PAUSE_BUDGET)) {
            move.copy();
            assertThat(move.check().differences()).isEmpty();

            // WHEN it is cut over: it is not, and is not fenced, since the erase deletes its items in the home table
            CutOver.Outcome refused = move.cutOver(load.business);
            assertThat(refused.erasing()).isTrue();
            assertThat(refused.done()).isFalse();
            assertThat(move.routedToTarget(load.business)).isFalse();
            assertThat(BusinessRoute.read(dynamo, home, load.business).filter(BusinessRoute::fenced))
                    .isEmpty();

            // WHEN its erase is done: the cut-over is
            Map<String, AttributeValue> done = new HashMap<>(job);
            done.put(Attributes.JOB_STATUS, Values.s(EraseJob.Status.DONE.value()));
            dynamo.putItem(request -> request.tableName(home).item(done));
            assertThat(until(() -> move.cutOver(load.business)).done()).isTrue();

            // and the job, as the home table's workers go on writing it, still reaches the target that serves it
            Map<String, AttributeValue> later = new HashMap<>(done);
            later.put(Attributes.UPDATED_AT, Values.instant(Instant.now().plusSeconds(1)));
            dynamo.putItem(request -> request.tableName(home).item(later));
            awaitItem(target, ItemKey.of(later), later);
        }
    }

    /** A tag copy of one customer as the fan-out writes it; one per business and tag. */
    private static Map<String, AttributeValue> tagCopy(String business, String tag) {
        Map<String, AttributeValue> item = Values.newItem();
        item.put(Attributes.ID, Values.s(Keys.tagPartition(business, tag)));
        item.put(Attributes.TYPE, Values.s("customer#doe.jane"));
        item.put(Attributes.KIND, Values.s(ItemKind.TAG.value()));
        item.put(Attributes.BUSINESS_ID, Values.s(business));
        return item;
    }

    private static Optional<Map<String, AttributeValue>> item(String table, ItemKey key) {
        Map<String, AttributeValue> found = dynamo.getItem(
                        request -> request.tableName(table).consistentRead(true).key(key.toAttributes()))
                .item();
        return found == null || found.isEmpty() ? Optional.empty() : Optional.of(found);
    }

    private static void awaitItem(String table, ItemKey key) throws InterruptedException {
        awaitItem(table, key, null);
    }

    /** Waits until {@code key} is in {@code table}, as {@code expected} when that is not null. */
    private static void awaitItem(String table, ItemKey key, Map<String, AttributeValue> expected)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!item(table, key)
                .filter(found -> expected == null || found.equals(expected))
                .isPresent()) {
            assertThat(System.nanoTime()).as("%s reached %s", key, table).isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private interface Attempt {
        CutOver.Outcome run() throws InterruptedException;
    }

    /** A cut-over tried until it is done: one that gives up has lifted its fence, and is tried again. */
    private static CutOver.Outcome until(Attempt attempt) throws InterruptedException {
        CutOver.Outcome outcome = null;
        for (int n = 0; n < CUT_OVER_ATTEMPTS; n++) {
            outcome = attempt.run();
            assertThat(outcome.fenced()).isLessThanOrEqualTo(Duration.ofSeconds(1));
            if (outcome.done()) {
                return outcome;
            }
        }
        throw new AssertionError("no cut-over within " + CUT_OVER_ATTEMPTS + " attempts; the last: " + outcome);
    }

    /** Waits until every business has had {@code count} more writes acknowledged: writes under the new routes. */
    private static void awaitWrites(List<BusinessLoad> loads, int count) throws InterruptedException {
        Map<BusinessLoad, Long> from = new HashMap<>();
        loads.forEach(load -> from.put(load, load.acknowledged.get()));
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (loads.stream().anyMatch(load -> load.acknowledged.get() < from.get(load) + count)) {
            assertThat(System.nanoTime()).as("writes went on").isLessThan(deadline);
            Thread.sleep(20);
        }
    }

    private Optional<BusinessRoute> route(String business) {
        return BusinessRoute.read(dynamo, home, business);
    }

    /**
     * One business's writes: creates of customers, email changes, orders of two lines, deletes of customers, one at a
     * time, and what every acknowledged write left (in the home layout), to find afterwards.
     */
    private final class BusinessLoad {
        final String business;
        final RoutedWriter writer;
        final Map<ItemKey, Map<String, AttributeValue>> acknowledgedItems = new ConcurrentHashMap<>();
        final Map<ItemKey, Boolean> deleted = new ConcurrentHashMap<>();
        final List<ItemKey> customers = new ArrayList<>();
        final AtomicLong acknowledged = new AtomicLong();
        final AtomicLong refused = new AtomicLong();
        volatile Duration longestHold = Duration.ZERO;

        BusinessLoad(String business, RoutedWriter writer) {
            this.business = business;
            this.writer = writer;
        }

        void seed(int customerCount, int orderCount) throws InterruptedException {
            write(List.of(new RoutedWriter.Write(businessItem(), false)));
            for (int n = 0; n < customerCount; n++) {
                createCustomer();
            }
            for (int n = 0; n < orderCount; n++) {
                createOrder();
            }
        }

        void writeUntil(AtomicBoolean writing) {
            try {
                while (writing.get()) {
                    long next = System.nanoTime() + WRITE_INTERVAL.toNanos();
                    switch (ThreadLocalRandom.current().nextInt(4)) {
                        case 0 -> createCustomer();
                        case 1 -> changeEmail();
                        case 2 -> createOrder();
                        default -> deleteCustomer();
                    }
                    long wait = next - System.nanoTime();
                    if (wait > 0) {
                        Thread.sleep(wait / 1_000_000);
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void createCustomer() throws InterruptedException {
            String id = Ids.newId();
            Map<String, AttributeValue> item = core(id, "customer#doe." + id.toLowerCase(), 1);
            item.put("email", Values.s(id.toLowerCase() + "@example.com"));
            if (write(List.of(new RoutedWriter.Write(item, false)))) {
                synchronized (customers) {
                    customers.add(ItemKey.of(item));
                }
            }
        }

        private void changeEmail() throws InterruptedException {
            Optional<ItemKey> key = anyCustomer();
            if (key.isEmpty()) {
                return;
            }
            Map<String, AttributeValue> item = new HashMap<>(acknowledgedItems.get(key.get()));
            long version = Values.number(item, Attributes.VERSION) + 1;
            item.put(Attributes.VERSION, Values.n(version));
            item.put("email", Values.s("v" + version + "." + key.get().id().toLowerCase() + "@example.com"));
            write(List.of(new RoutedWriter.Write(item, false)));
        }

        private void createOrder() throws InterruptedException {
            String id = Ids.newId();
            Instant createdAt = Instant.now();
            List<RoutedWriter.Write> writes = new ArrayList<>();
            writes.add(new RoutedWriter.Write(core(id, OrderTypeAsInstant.homeType(createdAt), 1), false));
            for (int line = 1; line <= 2; line++) {
                Map<String, AttributeValue> item = Values.newItem();
                item.put(Attributes.ID, Values.s(id));
                item.put(Attributes.TYPE, Values.s(String.format("line#%04d", line)));
                item.put(Attributes.KIND, Values.s(ItemKind.LINE.value()));
                item.put("sku", Values.s("SKU-" + ThreadLocalRandom.current().nextInt(20)));
                writes.add(new RoutedWriter.Write(item, false));
            }
            write(writes);
        }

        private void deleteCustomer() throws InterruptedException {
            Optional<ItemKey> key = anyCustomer();
            if (key.isEmpty()) {
                return;
            }
            if (write(List.of(new RoutedWriter.Write(acknowledgedItems.get(key.get()), true)))) {
                synchronized (customers) {
                    customers.remove(key.get());
                }
            }
        }

        private Optional<ItemKey> anyCustomer() {
            synchronized (customers) {
                return customers.isEmpty()
                        ? Optional.empty()
                        : Optional.of(customers.get(ThreadLocalRandom.current().nextInt(customers.size())));
            }
        }

        private boolean write(List<RoutedWriter.Write> writes) throws InterruptedException {
            RoutedWriter.Outcome outcome = writer.write(business, writes);
            if (outcome.held().compareTo(longestHold) > 0) {
                longestHold = outcome.held();
            }
            if (!outcome.written()) {
                refused.incrementAndGet();
                return false;
            }
            acknowledged.incrementAndGet();
            for (RoutedWriter.Write write : writes) {
                ItemKey key = ItemKey.of(write.item());
                if (write.delete()) {
                    acknowledgedItems.remove(key);
                    deleted.put(key, true);
                } else {
                    acknowledgedItems.put(key, write.item());
                }
            }
            return true;
        }

        private Map<String, AttributeValue> businessItem() {
            Map<String, AttributeValue> item = core(business, "business", 1);
            item.put("name", Values.s("Shop " + business));
            return item;
        }

        private Map<String, AttributeValue> core(String id, String type, long version) {
            Map<String, AttributeValue> item = new LinkedHashMap<>();
            item.put(Attributes.ID, Values.s(id));
            item.put(Attributes.TYPE, Values.s(type));
            item.put(Attributes.KIND, Values.s(ItemKind.CORE.value()));
            item.put(Attributes.BUSINESS_ID, Values.s(business));
            item.put(Attributes.VERSION, Values.n(version));
            return item;
        }

        /** Every acknowledged item is in {@code table} as written, and no deleted one is. */
        void assertAcknowledgedIn(String table) {
            for (Map.Entry<ItemKey, Map<String, AttributeValue>> entry : acknowledgedItems.entrySet()) {
                Map<String, AttributeValue> expected =
                        table.equals(home) ? entry.getValue() : change.toTarget(entry.getValue());
                Map<String, AttributeValue> found = dynamo.getItem(request -> request.tableName(table)
                                .key(ItemKey.of(expected).toAttributes())
                                .consistentRead(true))
                        .item();
                assertThat(found).as("%s in %s", entry.getKey(), table).isNotEmpty();
                assertThat(CanonicalItem.sameContent(found, expected))
                        .as("%s in %s: %s, acknowledged %s", entry.getKey(), table, found, expected)
                        .isTrue();
            }
            for (ItemKey key : deleted.keySet()) {
                Map<String, AttributeValue> found = dynamo.getItem(request ->
                                request.tableName(table).key(key.toAttributes()).consistentRead(true))
                        .item();
                assertThat(found == null || found.isEmpty())
                        .as("deleted %s in %s", key, table)
                        .isTrue();
            }
        }
    }
}
