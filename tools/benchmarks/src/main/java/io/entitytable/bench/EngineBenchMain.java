package io.entitytable.bench;

import io.entitytable.deployment.FunctionDefinition;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.logs.LocalLogging;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * {@code java -cp tools/benchmarks/target/benchmarks.jar io.entitytable.bench.EngineBenchMain [--quick]}: the local
 * DynamoDB engine's own figures over loopback HTTP through the SDK, as the project's code reaches it: an in-memory
 * engine's start, single-item reads and writes from one client, conditional puts from 16 writers (the fan-out's shape),
 * transactions of 100 puts, and BatchWriteItems of 25. The table has a stream (NEW_AND_OLD_IMAGES), as the project's
 * does, so every write also makes its stream record. The JVM is set up as the deployed functions' are: logging at INFO
 * (so the SDK builds no debug messages) and as many connections kept to a host. Prints a Markdown report on stdout.
 */
public final class EngineBenchMain {
    private static final int WRITERS = 16;
    /** An Authorization header of the right form: the local engine accepts any signature. */
    private static final String UNSIGNED =
            "AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0";

    private EngineBenchMain() {}

    public static void main(String[] args) throws Exception {
        LocalLogging.install();
        keepConnectionsAsDeployed();
        boolean quick = args.length > 0 && args[0].equals("--quick");
        int scale = quick ? 1 : 4;
        StringBuilder report = new StringBuilder("### Local DynamoDB engine\n\n");
        report.append("- ")
                .append(LocalDynamoDb.engineName())
                .append("; ")
                .append(Runtime.getRuntime().availableProcessors())
                .append(" CPUs; load average at the start ")
                .append(MachineInfo.loadAverage())
                .append("\n\n");
        report.append("| figure | value |\n|---|---|\n");
        starts(report, quick ? 10 : 30);
        // Without DynamoDB's per-partition limits: every measured write goes to one partition key, which DynamoDB (and
        // the engine by default) would hold to 1,000 write units a second. These are the engine's own speeds, beside
        // DynamoDB Local's, which never throttled.
        try (LocalDynamoDb engine = LocalDynamoDb.startInMemory(EngineSettings.immediate());
                DynamoDbClient dynamo = engine.client()) {
            String table = "bench";
            createTable(dynamo, table);
            singleItems(report, dynamo, table, 2_000 * scale);
            getsWithoutSdk(report, engine, table, 2_000 * scale);
            warmConditionalPuts(dynamo, table);
            conditionalPuts(report, dynamo, table, 1_000, quick ? 3 : 5);
            conditionalPuts(report, dynamo, table, 5_000, quick ? 3 : 5);
            transactions(report, dynamo, table, 25 * scale);
            batches(report, dynamo, table, 100 * scale);
        }
        System.out.println(report);
        System.exit(0);
    }

    /**
     * The JDK keeps as many connections to a host open as the deployed functions' JVMs do ({@link
     * FunctionDefinition#KEPT_ALIVE_CONNECTIONS}), so that the 16 writers meet the engine as the fan-out's 16 do.
     * Read once, when the JDK's HTTP client first keeps a connection: set before any call.
     */
    private static void keepConnectionsAsDeployed() {
        if (System.getProperty("http.maxConnections") == null) {
            System.setProperty("http.maxConnections", Integer.toString(FunctionDefinition.KEPT_ALIVE_CONNECTIONS));
        }
    }

    private static void starts(StringBuilder report, int rounds) {
        Samples starts = new Samples();
        long cold = 0;
        for (int round = 0; round <= rounds; round++) {
            long begin = System.nanoTime();
            try (LocalDynamoDb engine = LocalDynamoDb.startInMemory()) {
                long took = System.nanoTime() - begin;
                if (round == 0) {
                    cold = took;
                } else {
                    starts.add(took);
                }
            }
        }
        row(report, "in-memory engine start, first in this JVM (ms)", Samples.ms(cold / 1e6));
        row(report, "in-memory engine start, p50 of " + rounds + " (ms)", Samples.ms(starts.p50()));
    }

    private static void singleItems(StringBuilder report, DynamoDbClient dynamo, String table, int count) {
        Samples puts = new Samples();
        long begin = System.nanoTime();
        for (int i = 0; i < count; i++) {
            Map<String, AttributeValue> item = item("single", i, 0);
            long start = System.nanoTime();
            dynamo.putItem(request -> request.tableName(table).item(item));
            puts.add(System.nanoTime() - start);
        }
        double putRate = count / ((System.nanoTime() - begin) / 1e9);
        // Every item read twice, the first pass unmeasured: the read path warmed as the write path was by the puts.
        Samples gets = new Samples();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < count; i++) {
                Map<String, AttributeValue> key = key("single", i);
                long start = System.nanoTime();
                dynamo.getItem(request -> request.tableName(table).key(key));
                if (pass == 1) {
                    gets.add(System.nanoTime() - start);
                }
            }
        }
        row(
                report,
                "PutItem of 1 KB, one client: p50 / p99 (ms)",
                Samples.ms(puts.p50()) + " / " + Samples.ms(puts.p99()));
        row(report, "PutItem of 1 KB, one client: items/s", rate(putRate));
        row(
                report,
                "GetItem of 1 KB over loopback HTTP, one client: p50 / p99 (ms)",
                Samples.ms(gets.p50()) + " / " + Samples.ms(gets.p99()));
    }

    /**
     * The same GetItems as {@link #singleItems} through the JDK's own HTTP client, without the SDK: no marshalling into
     * model objects and no request signing (the engine accepts any signature). The difference to the SDK's figure is
     * the client's share of a call, which no change in the engine can remove. A warm-up pass first, as for the SDK's.
     */
    private static void getsWithoutSdk(StringBuilder report, LocalDynamoDb engine, String table, int count)
            throws Exception {
        HttpClient http =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        Samples gets = new Samples();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < count; i++) {
                HttpRequest request = HttpRequest.newBuilder(engine.endpoint())
                        .header("X-Amz-Target", "DynamoDB_20120810.GetItem")
                        .header("Content-Type", "application/x-amz-json-1.0")
                        .header("Authorization", UNSIGNED)
                        .POST(HttpRequest.BodyPublishers.ofString("{\"TableName\":\"" + table
                                + "\",\"Key\":{\"pk\":{\"S\":\"single\"},\"sk\":{\"S\":\""
                                + key("single", i).get("sk").s() + "\"}}}"))
                        .build();
                long start = System.nanoTime();
                HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                long took = System.nanoTime() - start;
                if (response.statusCode() != 200 || !response.body().contains("payload")) {
                    throw new IllegalStateException(
                            "GetItem without the SDK answered " + response.statusCode() + ": " + response.body());
                }
                if (pass == 1) {
                    gets.add(took);
                }
            }
        }
        row(
                report,
                "GetItem of 1 KB over loopback HTTP, JDK HTTP client without the SDK: p50 / p99 (ms)",
                Samples.ms(gets.p50()) + " / " + Samples.ms(gets.p99()));
    }

    /**
     * The fan-out's copy refresh: k existing items, each rewritten on {@code sourceVersion < :v} by 16 writers, in
     * {@code rounds} rounds (each with the next version), reported as the median round; as the fan-out part measured
     * DynamoDB Local's raw writes, whose figures these are compared with (several rounds, the code warmed by an
     * unmeasured smaller run first).
     */
    private static void conditionalPuts(StringBuilder report, DynamoDbClient dynamo, String table, int k, int rounds)
            throws Exception {
        String partition = "copies" + k;
        for (int i = 0; i < k; i++) {
            Map<String, AttributeValue> item = item(partition, i, 1);
            dynamo.putItem(request -> request.tableName(table).item(item));
        }
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try {
            Samples perPut = new Samples();
            for (int round = 0; round < rounds; round++) {
                long took = conditionalRound(pool, dynamo, table, partition, k, round + 2);
                perPut.add(took / k);
            }
            double micros = perPut.p50() * 1_000;
            row(
                    report,
                    "conditional PutItems, 16 writers, k = " + k + ", median of " + rounds + " rounds: puts/s (µs/put)",
                    rate(1e6 / micros) + " (" + String.format(Locale.ROOT, "%.0f", micros) + ")");
        } finally {
            pool.shutdownNow();
        }
    }

    /** The fan-out's pool of writers, first used on a partition of its own, unmeasured. */
    private static void warmConditionalPuts(DynamoDbClient dynamo, String table) throws Exception {
        String partition = "warm-up";
        int k = 200;
        for (int i = 0; i < k; i++) {
            Map<String, AttributeValue> item = item(partition, i, 1);
            dynamo.putItem(request -> request.tableName(table).item(item));
        }
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try {
            for (int round = 0; round < 3; round++) {
                conditionalRound(pool, dynamo, table, partition, k, round + 2);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** k conditional puts of version {@code version} from the pool's writers; the nanoseconds they took. */
    private static long conditionalRound(
            ExecutorService pool, DynamoDbClient dynamo, String table, String partition, int k, int version)
            throws Exception {
        AtomicInteger next = new AtomicInteger();
        Map<String, AttributeValue> values = Map.of(":v", number(version));
        long begin = System.nanoTime();
        List<Future<?>> writers = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            writers.add(pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < k; i = next.getAndIncrement()) {
                    int n = i;
                    dynamo.putItem(request -> request.tableName(table)
                            .item(item(partition, n, version))
                            .conditionExpression("attribute_exists(sourceVersion) AND sourceVersion < :v")
                            .expressionAttributeValues(values));
                }
                return null;
            }));
        }
        for (Future<?> writer : writers) {
            writer.get();
        }
        return System.nanoTime() - begin;
    }

    private static void transactions(StringBuilder report, DynamoDbClient dynamo, String table, int count) {
        long begin = System.nanoTime();
        for (int t = 0; t < count; t++) {
            List<TransactWriteItem> actions = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                Map<String, AttributeValue> item = item("tx" + t, i, 0);
                actions.add(TransactWriteItem.builder()
                        .put(Put.builder().tableName(table).item(item).build())
                        .build());
            }
            dynamo.transactWriteItems(request -> request.transactItems(actions));
        }
        double seconds = (System.nanoTime() - begin) / 1e9;
        row(report, "TransactWriteItems of 100 puts, one client: actions/s", rate(count * 100 / seconds));
    }

    private static void batches(StringBuilder report, DynamoDbClient dynamo, String table, int count) {
        long begin = System.nanoTime();
        for (int b = 0; b < count; b++) {
            List<software.amazon.awssdk.services.dynamodb.model.WriteRequest> writes = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                Map<String, AttributeValue> item = item("batch" + b, i, 0);
                writes.add(software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder()
                        .putRequest(put -> put.item(item))
                        .build());
            }
            dynamo.batchWriteItem(request -> request.requestItems(Map.of(table, writes)));
        }
        double seconds = (System.nanoTime() - begin) / 1e9;
        row(report, "BatchWriteItem of 25 puts, one client: items/s", rate(count * 25 / seconds));
    }

    private static void createTable(DynamoDbClient dynamo, String table) {
        dynamo.createTable(request -> request.tableName(table)
                .keySchema(
                        KeySchemaElement.builder()
                                .attributeName("pk")
                                .keyType(KeyType.HASH)
                                .build(),
                        KeySchemaElement.builder()
                                .attributeName("sk")
                                .keyType(KeyType.RANGE)
                                .build())
                .attributeDefinitions(
                        AttributeDefinition.builder()
                                .attributeName("pk")
                                .attributeType(ScalarAttributeType.S)
                                .build(),
                        AttributeDefinition.builder()
                                .attributeName("sk")
                                .attributeType(ScalarAttributeType.S)
                                .build())
                .billingMode(BillingMode.PAY_PER_REQUEST)
                .streamSpecification(
                        stream -> stream.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES)));
        dynamo.waiter().waitUntilTableExists(request -> request.tableName(table));
    }

    private static Map<String, AttributeValue> key(String partition, int i) {
        return Map.of("pk", text(partition), "sk", text(String.format(Locale.ROOT, "item#%08d", i)));
    }

    /** About 1 KB: the key, a version and a payload. */
    private static Map<String, AttributeValue> item(String partition, int i, int version) {
        Map<String, AttributeValue> item = new HashMap<>(key(partition, i));
        item.put("sourceVersion", number(version));
        item.put("payload", text("x".repeat(960)));
        return item;
    }

    private static AttributeValue text(String value) {
        return AttributeValue.builder().s(value).build();
    }

    private static AttributeValue number(long value) {
        return AttributeValue.builder().n(Long.toString(value)).build();
    }

    private static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f", perSecond);
    }

    private static void row(StringBuilder report, String figure, String value) {
        report.append("| ").append(figure).append(" | ").append(value).append(" |\n");
    }
}
