package io.entitytable.transfer;

import io.entitytable.fanout.erase.EraseWorker;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.EraseJob;
import io.entitytable.model.ItemKey;
import io.entitytable.model.TableLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * A harness, not a test: one business of 10,000 items (100 stores, 1,899 customers linking two stores each, 2,000
 * orders of 3 lines) exported through the command line against the local DynamoDB engine in this JVM, each run printed as the
 * command's own JSON summary (items, seconds, items a second), {@code rounds} times (the first in a cold JVM, as a
 * command line runs it; the later ones warm); then fanned out and erased by its job; with {@code import} as the second
 * argument, the file is also imported into an empty table. The erase runs twice, on the business and on a copy of it
 * built afresh: at the worker's deployed pace, and with the pace lifted so that the engine bounds it; each line is
 * followed by the worker's calls to DynamoDB by operation, with their time, and both by the engine's own ceiling for the
 * same kind of transaction. Run it as README.md says.
 */
public final class TransferBench {
    private static final int STORES = 100;
    private static final int CUSTOMERS = 1_899;
    private static final int ORDERS = 2_000;
    private static final int LINES_PER_ORDER = 3;
    private static final int CEILING_ITEMS = 10_000;
    /** Far above what the engine deletes (its ceiling, printed below, is tens of thousands a second at most). */
    private static final int LIFTED_CHILDREN_PER_SECOND = 1_000_000;
    /** DynamoDB Local's erase of the same business, items a second of the worker's time (design §9's median). */
    private static final double DYNAMODB_LOCAL_ERASE = 1_200;

    private TransferBench() {}

    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        Path dir = Files.createTempDirectory("transfer-bench");
        String source = SharedLocalDynamoDb.newTable("benchSource");
        DeclaredItem business = new TenantFixture(SharedLocalDynamoDb.client(), source)
                .bulk(SharedLocalDynamoDb.client(), STORES, CUSTOMERS, ORDERS, LINES_PER_ORDER);
        System.out.println((1 + STORES + CUSTOMERS + ORDERS * (1 + LINES_PER_ORDER)) + " items, "
                + Runtime.getRuntime().availableProcessors() + " processors");
        Path file = null;
        for (int round = 1; round <= rounds; round++) {
            file = dir.resolve("bench-" + round + ".ndjson");
            print(
                    "export " + round,
                    CommandRun.of("export", "--business", business.id(), "--out", file.toString(), "--table", source));
        }
        System.out.println("file: " + Files.size(file) + " bytes");
        erase(SharedLocalDynamoDb.engine(), source, business.id(), EraseWorker.CHILDREN_PER_SECOND);
        eraseWithPaceLifted();
        engineCeiling();
        if (args.length > 1 && args[1].equals("import")) {
            String target = SharedLocalDynamoDb.newTable("benchTarget");
            print("import", CommandRun.of("import", "--in", file.toString(), "--table", target));
        }
        System.exit(0);
    }

    /**
     * The same business built afresh and erased with the pace lifted far above what the engine deletes, so that the
     * engine bounds it. In an engine of its own that imitates DynamoDB in all but its per-partition throughput, which
     * would hold each businessGsi partition to 1,000 deletes a second, as DynamoDB does and DynamoDB Local, whose
     * figure the erase is compared with, does not.
     */
    private static void eraseWithPaceLifted() {
        try (LocalDynamoDb engine =
                LocalDynamoDb.startInMemory(EngineSettings.asDynamoDb().withThroughput(null))) {
            String table = "benchLifted";
            engine.createTable(table);
            DeclaredItem business = new TenantFixture(engine.client(), table)
                    .bulk(engine.client(), STORES, CUSTOMERS, ORDERS, LINES_PER_ORDER);
            erase(engine, table, business.id(), LIFTED_CHILDREN_PER_SECOND);
        }
    }

    /**
     * The business, fanned out (its copies made: both edges of each link, its tag copy), then erased by its job with the
     * worker's erase paced at {@code childrenPerSecond} a segment: the worker's own time, against DynamoDB Local's, and
     * the time until the stream and the queue are quiet, with the fan-out of every removal (its copies deleted) played
     * in the same JVM between the worker's turns.
     */
    private static void erase(LocalDynamoDb engine, String table, String businessId, int childrenPerSecond) {
        DynamoDbClient dynamo = engine.client();
        StreamAndQueue before = new StreamAndQueue(engine, dynamo, dynamo, table);
        long fanoutStarted = System.nanoTime();
        before.settle();
        System.out.printf(
                "fanned out: %.1f s, %d items in the table%n",
                (System.nanoTime() - fanoutStarted) / 1e9, TableItems.count(dynamo, table));
        CallTimes workerCalls = new CallTimes();
        StreamAndQueue system =
                new StreamAndQueue(engine, dynamo, engine.client(workerCalls), table).erasingAt(childrenPerSecond);
        long started = System.nanoTime();
        new TenantFixture(dynamo, table).erase(businessId);
        int invocations = system.settle();
        double seconds = (System.nanoTime() - started) / 1e9;
        EraseJob job = EraseJob.from(dynamo.getItem(request -> request.tableName(table)
                        .key(EraseJob.keyOf(businessId).toAttributes())
                        .consistentRead(true))
                .item());
        double workerSeconds = system.workerTime().toNanos() / 1e9;
        double itemsPerWorkerSecond = job.itemsDeleted() / workerSeconds;
        System.out.printf(
                "erase at %,d children/s a segment: {\"status\":\"%s\",\"rounds\":%d,\"itemsDeleted\":%d,"
                        + "\"invocations\":%d,\"workerSeconds\":%.3f,\"itemsPerWorkerSecond\":%.0f,"
                        + "\"timesDynamoDbLocal\":%.1f,\"secondsUntilQuiet\":%.3f,\"itemsPerSecondUntilQuiet\":%.0f,"
                        + "\"itemsLeftInTable\":%d,\"throttledRequests\":%d}%n",
                childrenPerSecond,
                job.status().value(),
                job.round(),
                job.itemsDeleted(),
                invocations,
                workerSeconds,
                itemsPerWorkerSecond,
                itemsPerWorkerSecond / DYNAMODB_LOCAL_ERASE,
                seconds,
                job.itemsDeleted() / seconds,
                TableItems.count(dynamo, table),
                engine.control().throttledRequests(table)
                        + engine.control().throttledRequests(table, TableLayout.BUSINESS_GSI));
        System.out.println("erase, the worker's calls: " + workerCalls.json());
    }

    /**
     * What the engine itself does at most, in the same run: {@link #CEILING_ITEMS} small items of a table of their own
     * (no index attribute, no copy) deleted in transactions of 100 unconditional deletes, the erase's largest, one at a
     * time as the worker sends them. Against the worker's transactions, it tells the engine's share of the erase's time.
     */
    private static void engineCeiling() {
        DynamoDbClient dynamo = SharedLocalDynamoDb.client();
        String table = SharedLocalDynamoDb.newTable("benchCeiling");
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < CEILING_ITEMS; i++) {
            keys.add(new ItemKey(String.format("ceiling-%05d", i), "item").toAttributes());
        }
        for (int from = 0; from < keys.size(); from += 25) {
            List<WriteRequest> puts = keys.subList(from, Math.min(keys.size(), from + 25)).stream()
                    .map(key -> WriteRequest.builder()
                            .putRequest(put -> put.item(key))
                            .build())
                    .toList();
            dynamo.batchWriteItem(request -> request.requestItems(Map.of(table, puts)));
        }
        long started = System.nanoTime();
        for (int from = 0; from < keys.size(); from += 100) {
            List<TransactWriteItem> deletes = keys.subList(from, Math.min(keys.size(), from + 100)).stream()
                    .map(key -> TransactWriteItem.builder()
                            .delete(delete -> delete.tableName(table).key(key))
                            .build())
                    .toList();
            dynamo.transactWriteItems(request -> request.transactItems(deletes));
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf(
                "engine ceiling: {\"deletes\":%d,\"seconds\":%.3f,\"deletesPerSecond\":%.0f}%n",
                CEILING_ITEMS, seconds, CEILING_ITEMS / seconds);
    }

    private static void print(String what, CommandRun run) {
        if (run.exitCode() != 0) {
            throw new IllegalStateException(what + " failed: " + run.err());
        }
        System.out.println(what + ": " + run.out().strip());
    }
}
