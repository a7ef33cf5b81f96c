package io.entitytable.bench;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.logs.LocalLogging;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Shard;
import io.entitytable.model.access.BatchWrites;
import io.entitytable.model.access.RetryPolicy;
import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import io.entitytable.search.repair.backfill.BackfillRun;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * {@code java -cp tools/benchmarks/target/benchmarks.jar io.entitytable.bench.BackfillBenchMain [--items N]}: each
 * index backfill ({@link BackfillRun}) over a table of N items as the version before its pattern left it, on a fresh
 * local DynamoDB engine in this JVM, run to ready twice side by side: unpaced (what the engine and this machine allow)
 * and at its default pace. Pattern 14's table holds customers, two in three with an email, none with the pattern's
 * attributes; pattern 15's holds orders of two lines each (N/3 orders), none with its SKUs nor their copies. Prints
 * the Markdown report on stdout.
 */
public final class BackfillBenchMain {
    private static final int DEFAULT_ITEMS = 20_000;
    private static final String BUSINESS = Ids.newId();

    /** The engine throttles a hot partition as DynamoDB does: the seed waits and sends what it left again. */
    private static final RetryPolicy SEED_RETRIES = new RetryPolicy(30, Duration.ofMillis(10), Duration.ofSeconds(1));

    private BackfillBenchMain() {}

    public static void main(String[] args) throws InterruptedException {
        LocalLogging.install();
        int items = args.length == 2 && args[0].equals("--items") ? Integer.parseInt(args[1]) : DEFAULT_ITEMS;
        PrintStream report = System.out;
        System.setOut(System.err);
        List<String> rows = new ArrayList<>();
        ReadCounter reads = new ReadCounter();
        try (LocalDynamoDb engine = LocalDynamoDb.startInMemory();
                DynamoDbClient dynamo = engine.client(reads)) {
            for (IndexBackfill backfill : IndexBackfill.ALL) {
                List<Map<String, AttributeValue>> table = itemsBeforeThePattern(backfill, items);
                rows.add(run(engine, dynamo, reads, backfill, "unpaced", new BackfillRun.Pace(100, 1_000_000), table));
                rows.add(run(engine, dynamo, reads, backfill, "default", BackfillRun.Pace.DEFAULT, table));
            }
        }
        report.println("| pattern | pace | items written before | items at ready | passes | seconds | items scanned"
                + " | scanned a second | Queries (items they read) |");
        report.println("|---|---|---|---|---|---|---|---|---|");
        rows.forEach(report::println);
    }

    /** One table written before the pattern, backfilled to ready at {@code pace}: its report row. */
    private static String run(
            LocalDynamoDb engine,
            DynamoDbClient dynamo,
            ReadCounter reads,
            IndexBackfill backfill,
            String name,
            BackfillRun.Pace pace,
            List<Map<String, AttributeValue>> items)
            throws InterruptedException {
        String table = "backfill-" + backfill.pattern().number() + "-" + name;
        engine.createTable(table);
        // A table of the version before the pattern has no progress item.
        dynamo.deleteItem(request -> request.tableName(table)
                .key(BackfillProgress.keyOf(backfill.name()).toAttributes()));
        BatchWrites.putAll(dynamo, table, items, SEED_RETRIES.backoff(() -> {}));
        System.err.println("[backfill] " + backfill.name() + ", " + name + ": " + items.size() + " items written");
        reads.reset();
        long start = System.nanoTime();
        BackfillProgress ready = new BackfillRun(
                        dynamo, table, backfill, pace, Clock.systemUTC(), BackfillRun.Sleeper.REAL)
                .runUntil(Instant.MAX);
        double seconds = (System.nanoTime() - start) / 1e9;
        String limit = pace.itemsPerSecond() >= 1_000_000
                ? ""
                : String.format(Locale.ROOT, ", at most %,d a second", pace.itemsPerSecond());
        return String.format(
                Locale.ROOT,
                "| %d | %s: %d items a page%s | %,d | %,d | %d | %.1f | %,d | %,.0f | %,d (%,d) |",
                backfill.pattern().number(),
                name,
                pace.pageSize(),
                limit,
                items.size(),
                ready.scanned(),
                ready.pass(),
                seconds,
                reads.scanned(),
                reads.scanned() / seconds,
                reads.queries(),
                reads.queried());
    }

    /** The items the backfill's Scans and Queries read, as their responses count them. */
    private static final class ReadCounter implements ExecutionInterceptor {
        private final AtomicLong scanned = new AtomicLong();
        private final AtomicLong queries = new AtomicLong();
        private final AtomicLong queried = new AtomicLong();

        @Override
        public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
            if (context.response() instanceof ScanResponse scan) {
                scanned.addAndGet(scan.scannedCount());
            } else if (context.response() instanceof QueryResponse query) {
                queries.incrementAndGet();
                queried.addAndGet(query.scannedCount());
            }
        }

        void reset() {
            scanned.set(0);
            queries.set(0);
            queried.set(0);
        }

        long scanned() {
            return scanned.get();
        }

        long queries() {
            return queries.get();
        }

        long queried() {
            return queried.get();
        }
    }

    private static List<Map<String, AttributeValue>> itemsBeforeThePattern(IndexBackfill backfill, int count) {
        if (backfill == IndexBackfill.ORDERS_BY_SKU) {
            return ordersBeforeThePattern(count);
        }
        if (backfill == IndexBackfill.CUSTOMERS_BY_EMAIL) {
            return customersBeforeThePattern(count);
        }
        // A backfill with no fixture here would be timed over items it has nothing to do on.
        throw new IllegalArgumentException("no items written before the pattern of backfill " + backfill.name());
    }

    /** {@code count / 3} orders of two lines each (one SKU in a pool of 50 on each line) and their lines. */
    private static List<Map<String, AttributeValue>> ordersBeforeThePattern(int count) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < count / 3; i++) {
            List<Map<String, Object>> lines = List.of(
                    Map.of(
                            Attributes.SKU,
                            "SKU-" + i % 50,
                            Attributes.DESCRIPTION,
                            "Item",
                            Attributes.QUANTITY,
                            1,
                            Attributes.UNIT_PRICE_CENTS,
                            150),
                    Map.of(
                            Attributes.SKU,
                            "SKU-" + (i * 7 + 1) % 50,
                            Attributes.DESCRIPTION,
                            "Item",
                            Attributes.QUANTITY,
                            2,
                            Attributes.UNIT_PRICE_CENTS,
                            100));
            String id = Ids.newId();
            DeclaredItem order = DeclaredItem.of(
                    Entity.ORDER,
                    id,
                    BUSINESS,
                    Map.of(
                            Attributes.CUSTOMER_ID,
                            Ids.newId(),
                            Attributes.STATUS,
                            "OPEN",
                            Attributes.PAYMENT_CARD,
                            "visa",
                            Attributes.CUSTOMER_SNAPSHOT,
                            Map.of(Attributes.FIRST_NAME, "Pat", Attributes.LAST_NAME, "Before"),
                            Attributes.SHIP_TO,
                            new Address("1 Main St", "Austin", "TX", "73301", "US").values(),
                            Attributes.LINES,
                            lines),
                    CoreFields.created(Set.of(), Instant.EPOCH),
                    Shard.legacy(id));
            items.add(IndexBackfill.ORDERS_BY_SKU.without(order.toItem()));
            items.addAll(order.collectionItems());
        }
        return items;
    }

    private static List<Map<String, AttributeValue>> customersBeforeThePattern(int count) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String id = Ids.newId();
            DeclaredItem customer = SeedCustomers.customer(
                    id,
                    BUSINESS,
                    "Pat",
                    "Before" + i,
                    i % 3 == 0 ? null : "pat." + i + "@example.com",
                    Map.of(),
                    CoreFields.created(Set.of(), Instant.EPOCH),
                    Shard.legacy(id));
            items.add(IndexBackfill.CUSTOMERS_BY_EMAIL.without(customer.toItem()));
        }
        return items;
    }
}
