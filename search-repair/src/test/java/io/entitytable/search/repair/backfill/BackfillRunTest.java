package io.entitytable.search.repair.backfill;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.LocalEngine;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.operations.Engine;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.BackfillProgressItems;
import io.entitytable.model.backfill.IndexBackfill;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * A table written before pattern 14 (customers without their email index attributes, beside other items) brought up
 * to it by the backfill: every customer with an email found by it, in any letter case, none without; a write that
 * changes a customer during the backfill wins; a stopped backfill resumes where it stood; a new table needs none.
 */
class BackfillRunTest {
    private static final String BUSINESS = "01JBACKFILLBUSINESS00000000";
    private static final Instant AT = Instant.parse("2026-03-01T00:00:00Z");
    private static LocalEngine engine;
    private static DynamoDbClient dynamo;
    private static int tables;

    @BeforeAll
    static void start() {
        engine = LocalEngine.start(
                0, null, storage -> new Engine(storage, Clock.systemUTC(), EngineSettings.immediate()));
        dynamo = client();
    }

    @AfterAll
    static void stop() {
        dynamo.close();
        engine.close();
    }

    @Test
    void givesEveryCustomerWithAnEmailItsIndexAttributesAndThenVerifies() throws Exception {
        String table = tableWrittenBeforeThePattern(120);
        BackfillRun run = run(table, dynamo, new BackfillRun.Pace(25, 1_000_000));

        BackfillProgress progress = run.runUntil(Instant.MAX);

        assertThat(progress.isReady()).isTrue();
        assertThat(progress.pass())
                .as("a pass that changed items, then one that found nothing")
                .isEqualTo(2);
        assertThat(byEmail(table, "ANN.7@example.com")).containsExactly(customerId(7));
        assertThat(byEmail(table, "ann.7@EXAMPLE.COM")).containsExactly(customerId(7));
        for (int i = 0; i < 120; i++) {
            Map<String, AttributeValue> item = core(table, i);
            assertThat(item.get(Attributes.VERSION).n())
                    .as("the backfill never bumps a version")
                    .isEqualTo("3");
            assertThat(item.containsKey(Attributes.GSI1_PK))
                    .as("customer %d has an email: %s", i, hasEmail(i))
                    .isEqualTo(hasEmail(i));
        }
        assertThat(progress(table))
                .hasValueSatisfying(saved -> assertThat(saved.isReady()).isTrue());
    }

    @Test
    void aWriteDuringTheBackfillWinsAndAnotherPassChecksIt() throws Exception {
        String table = tableWrittenBeforeThePattern(40);
        AtomicBoolean written = new AtomicBoolean();
        // Just before the backfill updates customer 4, the API changes its email (and writes the new index key).
        ExecutionInterceptor apiWriteFirst = new ExecutionInterceptor() {
            @Override
            public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
                if (context.request() instanceof UpdateItemRequest update
                        && update.key().get(Attributes.ID).s().equals(customerId(4))
                        && written.compareAndSet(false, true)) {
                    dynamo.putItem(request -> request.tableName(table)
                            .item(customer(4, "New.Four@Example.com", 4).toItem()));
                }
            }
        };
        try (DynamoDbClient intercepted = client(apiWriteFirst)) {
            BackfillProgress progress =
                    run(table, intercepted, new BackfillRun.Pace(10, 1_000_000)).runUntil(Instant.MAX);

            assertThat(written).isTrue();
            assertThat(progress.isReady()).isTrue();
            Map<String, AttributeValue> item = core(table, 4);
            assertThat(item.get(Attributes.VERSION).n()).isEqualTo("4");
            assertThat(item.get(Attributes.GSI1_PK).s())
                    .isEqualTo(Keys.customerEmailPk(BUSINESS, "new.four@example.com"));
            assertThat(byEmail(table, "ann.4@example.com")).isEmpty();
            assertThat(byEmail(table, "NEW.FOUR@example.com")).containsExactly(customerId(4));
        }
    }

    @Test
    void aStoppedBackfillResumesWhereItStoodAndChangesNothingTwice() throws Exception {
        String table = tableWrittenBeforeThePattern(60);
        SteppingClock clock = new SteppingClock();
        BackfillRun first = new BackfillRun(
                dynamo,
                table,
                IndexBackfill.CUSTOMERS_BY_EMAIL,
                new BackfillRun.Pace(10, 1_000_000),
                clock,
                millis -> {});

        // The clock moves a second each time it is asked: the deadline stops the run after a few pages.
        BackfillProgress stopped = first.runUntil(clock.instant().plusSeconds(4));

        assertThat(stopped.isReady()).isFalse();
        assertThat(stopped.position()).isNotNull();
        assertThat(stopped.scanned()).isBetween(1L, 59L);
        BackfillProgress saved = progress(table).orElseThrow();
        assertThat(saved).isEqualTo(stopped);

        BackfillProgress resumed =
                run(table, dynamo, new BackfillRun.Pace(10, 1_000_000)).runUntil(Instant.MAX);

        assertThat(resumed.isReady()).isTrue();
        Set<String> found = new TreeSet<>();
        for (int i = 0; i < 60; i++) {
            if (hasEmail(i)) {
                found.addAll(byEmail(table, email(i)));
            }
        }
        assertThat(found).hasSize((int) java.util.stream.IntStream.range(0, 60)
                .filter(BackfillRunTest::hasEmail)
                .count());
    }

    @Test
    void aTableCreatedWithThePatternIsReadyWithoutAPass() throws Exception {
        String table = "created-" + (++tables);
        TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, table);

        BackfillProgress progress = progress(table).orElseThrow();

        assertThat(progress.isReady()).isTrue();
        assertThat(progress.pass()).isZero();
        assertThat(run(table, dynamo, BackfillRun.Pace.DEFAULT).runUntil(Instant.MAX))
                .isEqualTo(progress);
    }

    @Test
    void givesEveryOrderPlacedBeforePattern15ItsSkusAndTheirCopies_fromItsLines() throws Exception {
        // GIVEN 30 orders as the code before pattern 15 wrote them (no skus on the order item, the lines beside it):
        // every order has a line of INK, every even one also a line of PEN, every fifth a second line of INK
        String table = "orders-" + (++tables);
        dynamo.createTable(TableLayout.ENTITY.createTableRequest(table));
        List<DeclaredItem> orders = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            List<Map<String, Object>> lines = new ArrayList<>(List.of(SampleSubjects.line("INK", "Ink", 1, 100)));
            if (i % 2 == 0) {
                lines.add(SampleSubjects.line("PEN", "Pens", 2, 50));
            }
            if (i % 5 == 0) {
                lines.add(SampleSubjects.line("INK", "More ink", 1, 100));
            }
            DeclaredItem order = order(lines);
            orders.add(order);
            Map<String, AttributeValue> item = new HashMap<>(order.toItem());
            item.remove(Attributes.SKUS);
            dynamo.putItem(request -> request.tableName(table).item(item));
            order.collectionItems()
                    .forEach(line ->
                            dynamo.putItem(request -> request.tableName(table).item(line)));
        }

        // WHEN the backfill of pattern 15 runs
        BackfillProgress progress = new BackfillRun(
                        dynamo,
                        table,
                        IndexBackfill.ORDERS_BY_SKU,
                        new BackfillRun.Pace(20, 1_000_000),
                        Clock.systemUTC(),
                        millis -> {})
                .runUntil(Instant.MAX);

        // THEN every order carries its SKUs at its version, and each SKU's partition holds a copy of each of its orders
        assertThat(progress.isReady()).isTrue();
        assertThat(progress.pass()).isEqualTo(2);
        for (DeclaredItem order : orders) {
            Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(table)
                            .key(new ItemKey(order.id(), order.type()).toAttributes())
                            .consistentRead(true))
                    .item();
            assertThat(Values.set(item, Attributes.SKUS)).isEqualTo(order.texts(Attributes.SKUS));
            assertThat(item.get(Attributes.VERSION).n()).isEqualTo("3");
        }
        assertThat(copiesIn(table, Keys.skuPartition(BUSINESS, "INK", 0)))
                .containsExactlyInAnyOrderElementsOf(orders.stream()
                        .map(order -> Keys.subjectRef(Entity.ORDER, order.id()))
                        .toList());
        assertThat(copiesIn(table, Keys.skuPartition(BUSINESS, "PEN", 0)))
                .hasSize(15)
                .allSatisfy(ref -> assertThat(orders.stream()
                                .filter(order -> ref.equals(Keys.subjectRef(Entity.ORDER, order.id())))
                                .findFirst()
                                .orElseThrow()
                                .texts(Attributes.SKUS))
                        .contains("PEN"));
    }

    /**
     * A table as the code before pattern 14 left it: customers (every third without an email) whose items lack the
     * email index attributes, a store and an order of the same business, and no backfill progress.
     */
    private static String tableWrittenBeforeThePattern(int customers) {
        String table = "before-" + (++tables);
        dynamo.createTable(TableLayout.ENTITY.createTableRequest(table));
        for (int i = 0; i < customers; i++) {
            Map<String, AttributeValue> item =
                    new HashMap<>(customer(i, hasEmail(i) ? email(i) : null, 3).toItem());
            item.remove(Attributes.GSI1_PK);
            item.remove(Attributes.GSI1_SK);
            dynamo.putItem(request -> request.tableName(table).item(item));
        }
        dynamo.putItem(
                request -> request.tableName(table).item(SampleSubjects.store().toItem()));
        dynamo.putItem(
                request -> request.tableName(table).item(SampleSubjects.order().toItem()));
        return table;
    }

    private static DeclaredItem order(List<Map<String, Object>> lines) {
        String id = Ids.newId();
        return SampleSubjects.order(
                id,
                BUSINESS,
                customerId(1),
                "Ann",
                "Smith",
                new Address("1 Main St", "Austin", "TX", "73301", "US").values(),
                "OPEN",
                "visa",
                lines,
                new CoreFields(Set.of(), 3, AT, AT),
                Shard.legacy(id));
    }

    /** The sort keys of the copies in {@code partition}: the subjects they copy. */
    private static List<String> copiesIn(String table, String partition) {
        List<String> refs = new ArrayList<>();
        dynamo.queryPaginator(request -> request.tableName(table)
                        .keyConditionExpression("#id = :id")
                        .expressionAttributeNames(Map.of("#id", Attributes.ID))
                        .expressionAttributeValues(Map.of(":id", Values.s(partition))))
                .items()
                .forEach(item -> {
                    assertThat(item.get(Attributes.KIND).s()).isEqualTo(ItemKind.SKU.value());
                    refs.add(Values.string(item, Attributes.TYPE));
                });
        return refs;
    }

    private static boolean hasEmail(int i) {
        return i % 3 != 0;
    }

    /** Mixed case as customers give it: the pattern compares without regard to case. */
    private static String email(int i) {
        return "Ann." + i + "@Example.com";
    }

    private static String customerId(int i) {
        return String.format("01JBACKFILLCUSTOMER%08d", i);
    }

    private static DeclaredItem customer(int i, String email, long version) {
        String id = customerId(i);
        return SampleSubjects.customer(
                id,
                BUSINESS,
                "Ann",
                "Smith" + i,
                email,
                Map.of(),
                Set.of(),
                new CoreFields(Set.of(), version, AT, AT),
                Shard.legacy(id));
    }

    private static Map<String, AttributeValue> core(String table, int i) {
        DeclaredItem customer = customer(i, null, 1);
        return dynamo.getItem(request -> request.tableName(table)
                        .key(new ItemKey(customer.id(), customer.type()).toAttributes())
                        .consistentRead(true))
                .item();
    }

    /** Pattern 14's Query: the ids of the business's customers with this email. */
    private static List<String> byEmail(String table, String email) {
        List<String> ids = new ArrayList<>();
        dynamo.queryPaginator(request -> request.tableName(table)
                        .indexName(TableLayout.GSI1)
                        .keyConditionExpression("#pk = :pk")
                        .expressionAttributeNames(Map.of("#pk", Attributes.GSI1_PK))
                        .expressionAttributeValues(Map.of(":pk", Values.s(Keys.customerEmailPk(BUSINESS, email)))))
                .items()
                .forEach(item -> ids.add(Values.string(item, Attributes.ID)));
        return ids;
    }

    private static Optional<BackfillProgress> progress(String table) {
        return new BackfillProgressItems(dynamo, table).read(IndexBackfill.CUSTOMERS_BY_EMAIL);
    }

    private static BackfillRun run(String table, DynamoDbClient client, BackfillRun.Pace pace) {
        return new BackfillRun(client, table, IndexBackfill.CUSTOMERS_BY_EMAIL, pace, Clock.systemUTC(), millis -> {});
    }

    private static DynamoDbClient client(ExecutionInterceptor... interceptors) {
        return DynamoDbClient.builder()
                .endpointOverride(engine.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(config -> List.of(interceptors).forEach(config::addExecutionInterceptor))
                .build();
    }

    /** A clock that moves a second each time it is read. */
    private static final class SteppingClock extends Clock {
        private Instant now = AT;

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public synchronized Instant instant() {
            now = now.plus(Duration.ofSeconds(1));
            return now;
        }
    }
}
