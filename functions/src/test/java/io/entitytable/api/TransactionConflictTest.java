package io.entitytable.api;

import static io.entitytable.api.SimultaneousWriters.outcome;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.api.access.TestAccess;
import io.entitytable.api.access.TestCallerAccess;
import io.entitytable.api.business.BusinessService;
import io.entitytable.api.declared.DeclaredService;
import io.entitytable.api.idempotency.AnswerRecorder;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.table.EntityTable;
import io.entitytable.api.table.InMemoryEntityTable;
import io.entitytable.api.table.ShardCounts;
import io.entitytable.api.write.ConflictRetry;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.api.write.SubjectDependencies;
import io.entitytable.api.write.TestOptimisticWrites;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.BusinessShards;
import io.entitytable.model.ChildCounters;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Many writers of one business or one store at once, with DynamoDB's transaction conflicts: the services run from
 * {@link #WRITERS} threads, each test on a local DynamoDB engine of its own with transaction conflicts on. Every create
 * counts on its business and every link on its store, so they all meet on that one item; the retries must get every
 * writer through with the counters exact. Each test also checks that the engine did cancel or refuse requests for a
 * conflict, so it cannot pass without testing anything.
 */
class TransactionConflictTest {
    static final int WRITERS = 32;
    /** Writers per round of the delete race: one deletes, the others create. */
    static final int RACERS = 8;
    /**
     * How long each transaction keeps its items before it commits when the writers meet on one item: about as long as
     * a DynamoDB transaction takes, so that they overlap as there.
     */
    private static final Duration HOLD = Duration.ofMillis(10);
    /**
     * The same when the writers' transactions spread over a business's child counters: longer, so that some of 32
     * meet on one of its 16 counters in every run.
     */
    private static final Duration SPREAD_HOLD = Duration.ofMillis(50);

    private InMemoryEntityTable local;
    private BusinessService businesses;
    private DeclaredService customers;
    private DeclaredService stores;
    private DeclaredService orders;

    private final SimultaneousWriters simultaneous = new SimultaneousWriters(WRITERS);

    /** The services on an engine of the test's own whose transactions keep their items {@code hold}. */
    private void start(Duration hold) {
        local = InMemoryEntityTable.withTransactionConflicts(hold);
        EntityTable table = local.table();
        CoreWrites writes = new CoreWrites(table);
        OptimisticWrites optimistic = TestOptimisticWrites.of(
                table, writes, ConflictRetry.standard(), Clock.systemUTC(), TestAccess.of(TestCallerAccess.OPERATOR));
        // Lists are not what these tests exercise: no PagedQueries.
        ShardCounts shards = new ShardCounts(table, Duration.ofSeconds(5), Clock.systemUTC());
        businesses =
                new BusinessService(new SubjectDependencies(optimistic, writes, local.table(), null, shards, null));
        customers = new DeclaredService(
                Entity.CUSTOMER, new SubjectDependencies(optimistic, writes, table, null, shards, null));
        stores = new DeclaredService(
                Entity.STORE, new SubjectDependencies(optimistic, writes, table, null, shards, null));
        orders = new DeclaredService(
                Entity.ORDER, new SubjectDependencies(optimistic, writes, table, null, shards, null));
    }

    @AfterEach
    void stop() {
        simultaneous.close();
        if (local != null) {
            local.close();
        }
    }

    @Test
    void createCustomer_shouldSucceedForEveryWriter_whenThirtyTwoCreateUnderOneBusinessAtOnce() throws Exception {
        // GIVEN
        start(SPREAD_HOLD);
        String business = business("Busy customers");
        long conflictsBefore = local.conflicts();

        // WHEN
        List<Object> outcomes =
                simultaneous.all(WRITERS, writer -> () -> outcome(() -> createCustomer(business, "No" + writer)));

        // THEN
        long conflicts = local.conflicts() - conflictsBefore;
        report("customer creates", conflicts);
        assertThat(outcomes).as("no 409, no 5xx").allMatch(o -> o instanceof DeclaredItem);
        assertThat(childCount(business)).isEqualTo(WRITERS);
        assertThat(conflicts)
                .as("requests the engine refused for a transaction conflict")
                .isPositive();
    }

    @Test
    void createOrder_shouldSucceedForEveryWriter_whenThirtyTwoPlaceOrdersUnderOneBusinessAtOnce() throws Exception {
        // GIVEN
        start(SPREAD_HOLD);
        String business = business("Busy orders");
        String customer = createCustomer(business, "Buyer").id();
        long conflictsBefore = local.conflicts();

        // WHEN
        List<Object> outcomes = simultaneous.all(
                WRITERS,
                writer -> () -> outcome(() -> orders.createUnderParent(
                        customer,
                        Map.of(
                                "shipTo",
                                "home",
                                "lines",
                                List.of(Map.of("sku", "SKU-" + writer, "quantity", 1, "unitPriceCents", 100))),
                        Set.of(),
                        AnswerRecorder.none())));

        // THEN
        long conflicts = local.conflicts() - conflictsBefore;
        report("order creates", conflicts);
        assertThat(outcomes).as("no 409, no 5xx").allMatch(o -> o instanceof DeclaredItem);
        assertThat(childCount(business)).isEqualTo(1 + WRITERS);
        assertThat(conflicts)
                .as("requests the engine refused for a transaction conflict")
                .isPositive();
    }

    @Test
    void link_shouldSucceedForEveryWriter_whenThirtyTwoCustomersLinkOneStoreAtOnce() throws Exception {
        // GIVEN
        start(HOLD);
        String business = business("Busy store");
        String store = stores.create(
                        business,
                        Map.of(
                                "name",
                                "Main",
                                "address",
                                new Address("1 Main St", "Austin", "TX", "73301", "US").values()),
                        Set.of(),
                        AnswerRecorder.none())
                .id();
        List<String> linkers = new ArrayList<>();
        for (int i = 0; i < WRITERS; i++) {
            linkers.add(createCustomer(business, "Linker" + i).id());
        }
        long conflictsBefore = local.conflicts();

        // WHEN
        List<Object> outcomes =
                simultaneous.all(WRITERS, writer -> () -> outcome(() -> customers.link(linkers.get(writer), store)));

        // THEN
        long conflicts = local.conflicts() - conflictsBefore;
        report("links to one store", conflicts);
        assertThat(outcomes).as("no 409, no 5xx").allMatch(o -> o instanceof DeclaredItem);
        Map<String, AttributeValue> storeItem =
                local.table().findCore(Entity.STORE, store).orElseThrow();
        assertThat(Values.number(storeItem, Attributes.LINK_COUNT)).isEqualTo(WRITERS);
        assertThat(linkers).allMatch(c -> customers.get(c).linked().contains(store));
        assertThat(conflicts)
                .as("requests the engine refused for a transaction conflict")
                .isPositive();
    }

    @Test
    void businessDelete_shouldNeverLeaveAChildBehind_whenItRacesCreates() throws Exception {
        // GIVEN
        start(HOLD);
        long conflictsBefore = local.conflicts();
        int deleted = 0;
        for (int round = 0; round < 8; round++) {
            String business = business("Race " + round);
            long stagger = round % 2 == 0 ? 0 : 20;

            // WHEN one writer deletes the business while the others create customers under it
            List<Object> outcomes = simultaneous.all(
                    RACERS,
                    writer -> () -> writer == 0
                            ? outcome(() -> {
                                businesses.delete(business, null, false, AnswerRecorder.none());
                                return "deleted";
                            })
                            : outcome(() -> {
                                // Every other round the creates come late, so the delete can win some rounds.
                                Thread.sleep(stagger * writer);
                                return createCustomer(business, "Racer" + writer);
                            }));

            // THEN either the delete won and every create after it was refused, or it was refused and the counter
            // counts exactly the children there are
            List<Object> creates = outcomes.subList(1, outcomes.size());
            assertThat(outcomes.get(0)).isIn("deleted", 409);
            assertThat(creates).allMatch(o -> o instanceof DeclaredItem || o.equals(404));
            long created =
                    creates.stream().filter(o -> o instanceof DeclaredItem).count();
            List<Map<String, AttributeValue>> children = itemsOfBusiness(business);
            Optional<Map<String, AttributeValue>> businessItem = local.table().findCore(Entity.BUSINESS, business);
            if (businessItem.isEmpty()) {
                deleted++;
                assertThat(created)
                        .as("creates that won against a deleted business")
                        .isZero();
                assertThat(children)
                        .as("orphans of deleted business %s", business)
                        .isEmpty();
            } else {
                assertThat(outcomes.get(0)).isEqualTo(409);
                assertThat(created).isPositive();
                assertThat(children).hasSize((int) created);
                assertThat(childCount(business)).isEqualTo(created);
            }
        }

        // THEN
        long conflicts = local.conflicts() - conflictsBefore;
        report("business delete racing creates (8 rounds, " + deleted + " deleted)", conflicts);
        assertThat(conflicts)
                .as("requests the engine refused for a transaction conflict")
                .isPositive();
    }

    // ---------------------------------------------------------------------------------------------------------------

    private String business(String name) {
        return businesses
                .create(TestBusinesses.named(name), Set.of(), AnswerRecorder.none())
                .id();
    }

    private DeclaredItem createCustomer(String business, String lastName) {
        return customers.create(business, TestCustomers.withHome("Ann", lastName), Set.of(), AnswerRecorder.none());
    }

    private long childCount(String business) {
        return ChildCounters.sum(local.table().getAll(ChildCounters.all(business)));
    }

    /** Every item the business index lists under the business (all its shards), other than the business itself. */
    private List<Map<String, AttributeValue>> itemsOfBusiness(String business) {
        return BusinessShards.partitions(business).stream()
                .flatMap(shard -> local
                        .client()
                        .query(request -> request.tableName(local.table().name())
                                .indexName(TableLayout.BUSINESS_GSI)
                                .keyConditionExpression("#b = :b")
                                .expressionAttributeNames(Map.of("#b", Attributes.BUSINESS_SHARD))
                                .expressionAttributeValues(Map.of(":b", AttributeValue.fromS(shard))))
                        .items()
                        .stream())
                .filter(item -> !Values.string(item, Attributes.ID).equals(business))
                .toList();
    }

    private static void report(String scenario, long conflicts) {
        System.out.printf("TransactionConflictTest %s: %d transaction conflicts retried%n", scenario, conflicts);
    }
}
