package io.entitytable.bench;

import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.logs.LocalLogging;
import io.entitytable.model.CoreFields;
import io.entitytable.model.Customer;
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
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code java -cp tools/benchmarks/target/benchmarks.jar io.entitytable.bench.BackfillBenchMain [--items N]}: pattern
 * 14's index backfill ({@link BackfillRun}) over a table as the version before the pattern left it (N customers, two
 * in three with an email, none with the pattern's attributes), on a fresh local DynamoDB engine in this JVM, run to
 * ready twice side by side: unpaced (what the engine and this machine allow) and at its default pace. Prints the
 * Markdown report on stdout.
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
        try (LocalDynamoDb engine = LocalDynamoDb.startInMemory();
                DynamoDbClient dynamo = engine.client()) {
            rows.add(run(engine, dynamo, "unpaced", new BackfillRun.Pace(100, 1_000_000), items));
            rows.add(run(engine, dynamo, "default", BackfillRun.Pace.DEFAULT, items));
        }
        report.println("| pace | items in the table | passes | seconds | items read a second |");
        report.println("|---|---|---|---|---|");
        rows.forEach(report::println);
    }

    /** One table written before the pattern, backfilled to ready at {@code pace}: its report row. */
    private static String run(
            LocalDynamoDb engine, DynamoDbClient dynamo, String name, BackfillRun.Pace pace, int items)
            throws InterruptedException {
        String table = "backfill-" + name;
        engine.createTable(table);
        // A table of the version before the pattern has no progress item.
        dynamo.deleteItem(request -> request.tableName(table)
                .key(BackfillProgress.keyOf(IndexBackfill.CUSTOMERS_BY_EMAIL.name())
                        .toAttributes()));
        BatchWrites.putAll(dynamo, table, customersBeforeThePattern(items), SEED_RETRIES.backoff(() -> {}));
        System.err.println("[backfill] " + name + ": " + items + " customers written");
        long start = System.nanoTime();
        BackfillProgress ready = new BackfillRun(
                        dynamo,
                        table,
                        IndexBackfill.CUSTOMERS_BY_EMAIL,
                        pace,
                        Clock.systemUTC(),
                        BackfillRun.Sleeper.REAL)
                .runUntil(Instant.MAX);
        double seconds = (System.nanoTime() - start) / 1e9;
        // Every pass reads the whole table: the customers and the progress item.
        long read = ready.pass() * ready.scanned();
        String limit = pace.itemsPerSecond() >= 1_000_000
                ? ""
                : String.format(Locale.ROOT, ", at most %,d a second", pace.itemsPerSecond());
        return String.format(
                Locale.ROOT,
                "| %s: %d items a page%s | %,d | %d | %.1f | %,.0f |",
                name,
                pace.pageSize(),
                limit,
                ready.scanned(),
                ready.pass(),
                seconds,
                read / seconds);
    }

    private static List<Map<String, AttributeValue>> customersBeforeThePattern(int count) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String id = Ids.newId();
            Customer customer = new Customer(
                    id,
                    BUSINESS,
                    "Pat",
                    "Before" + i,
                    i % 3 == 0 ? null : "pat." + i + "@example.com",
                    Map.of(),
                    Set.of(),
                    CoreFields.created(Set.of(), Instant.EPOCH),
                    Shard.legacy(id));
            Map<String, AttributeValue> item = new HashMap<>(customer.toItem());
            IndexBackfill.CUSTOMERS_BY_EMAIL.attributes().forEach(item::remove);
            items.add(item);
        }
        return items;
    }
}
