package io.entitytable.search.indexer;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.SampleSubjects;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Record;

/**
 * Records a second one shard's indexer keeps up with when an order's lines take DynamoDB's few milliseconds to read:
 * the same batches of order records (100 per batch, 3 lines per order) through an indexer that reads the lines one
 * after another ({@code collectionReads} 1, what the indexer did before it read them concurrently) and one with the
 * default ({@link IndexerConfig#DEFAULT_COLLECTION_READS}), interleaved batch by batch so both see the same machine. The
 * lines are read by the real {@link TableCollectionItems} from the local DynamoDB engine, each request held {@code
 * delayMs} before it is sent (the local engine answers in about a millisecond, DynamoDB in a few); the documents go to
 * the local search engine, each path to its own index. A third indexer takes the lines from memory: its batches cost
 * what no read concurrency can save (documents, the bulk request, the local search engine). Each batch's line reads
 * are also timed alone, with a reader like each indexer's. Not a test: run it by hand (search-indexer/README.md).
 *
 * <p>Arguments, all optional: batches (default 20), delay in ms per Query (default 4), concurrency of the new path
 * (default {@link IndexerConfig#DEFAULT_COLLECTION_READS}).
 */
public final class IndexerThroughputBench {
    private static final String TABLE = "indexer-throughput-bench";
    private static final int ORDERS_PER_BATCH = 100;
    private static final int WARM_UP_BATCHES = 3;
    private static final double REFERENCE_PER_SHARD = 314;
    private static final List<Map<String, Object>> LINES = List.of(
            SampleSubjects.line("SKU-CAFE-01", "Café au lait Mug", 1, 1500),
            SampleSubjects.line("SKU-TEA-02", "Green Tea", 2, 500),
            SampleSubjects.line("SKU-POT-03", "Cast Iron Teapot", 1, 4200));

    private IndexerThroughputBench() {}

    public static void main(String[] args) {
        int batches = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        long delayMs = args.length > 1 ? Long.parseLong(args[1]) : 4;
        int concurrency = args.length > 2 ? Integer.parseInt(args[2]) : IndexerConfig.DEFAULT_COLLECTION_READS;
        try (LocalDynamoDb local = LocalDynamoDb.startInMemory();
                DynamoDbClient writer = local.client();
                DynamoDbClient reader = local.client(new HeldRequests(Duration.ofMillis(delayMs)))) {
            local.createTable(TABLE);
            Map<String, List<Map<String, AttributeValue>>> written = new HashMap<>();
            List<List<Record>> warmUp = batches(writer, WARM_UP_BATCHES, written);
            List<List<Record>> measured = batches(writer, batches, written);

            TimedReads sequentialReads = new TimedReads(new TableCollectionItems(reader, TABLE));
            TimedReads concurrentReads = new TimedReads(new TableCollectionItems(reader, TABLE));
            RecordingDeadLetters deadLetters = new RecordingDeadLetters();
            Path sequential = new Path(
                    "lines one after another",
                    SearchIndexer.create(
                            new EngineIndex().config().withCollectionReads(1), sequentialReads, deadLetters),
                    new CollectionReads(sequentialReads, 1));
            Path concurrent = new Path(
                    "lines " + concurrency + " at a time",
                    SearchIndexer.create(
                            new EngineIndex().config().withCollectionReads(concurrency), concurrentReads, deadLetters),
                    new CollectionReads(concurrentReads, concurrency));
            // Everything but the reads (documents, bulk request, local search engine): what no read concurrency saves.
            Path inMemory = new Path(
                    "lines from memory (no Query)",
                    SearchIndexer.create(new EngineIndex().config(), written::get, deadLetters),
                    new CollectionReads(written::get, 1));
            List<Path> paths = List.of(sequential, concurrent, inMemory);

            for (List<Record> batch : warmUp) {
                paths.forEach(path -> path.run(batch));
            }
            paths.forEach(Path::reset);
            sequentialReads.reset();
            concurrentReads.reset();
            // Interleaved batch by batch, so that a busy moment of the machine falls on every path alike.
            for (List<Record> batch : measured) {
                paths.forEach(path -> path.run(batch));
            }
            if (!deadLetters.letters.isEmpty()) {
                throw new IllegalStateException(deadLetters.letters.size() + " records were dead-lettered");
            }

            StringBuilder report = new StringBuilder();
            report.append(String.format(
                    Locale.ROOT,
                    "indexer throughput, one shard: %d batches of %d order records (3 lines each), after %d warm-up"
                            + " batches, interleaved%n",
                    batches,
                    ORDERS_PER_BATCH,
                    WARM_UP_BATCHES));
            report.append(String.format(
                    Locale.ROOT,
                    "each line Query held %d ms before it is sent; a Query took %.1f ms on average one at a time,"
                            + " %.1f ms %d at a time (held time + local engine + SDK)%n",
                    delayMs,
                    sequentialReads.averageMillis(),
                    concurrentReads.averageMillis(),
                    concurrency));
            report.append(String.format(
                    Locale.ROOT,
                    "%-30s %16s %10s %18s %10s%n",
                    "path",
                    "batch ms (avg)",
                    "records/s",
                    "lines read ms (avg)",
                    "records/s"));
            for (Path path : List.of(sequential, concurrent)) {
                report.append(String.format(
                        Locale.ROOT,
                        "%-30s %16.1f %10.0f %18.1f %10.0f%n",
                        path.name,
                        path.batchMillis(),
                        path.recordsPerSecond(),
                        path.readMillis(),
                        path.readRecordsPerSecond()));
            }
            report.append(String.format(
                    Locale.ROOT,
                    "%-30s %16.1f %10.0f %18s %10s%n",
                    inMemory.name,
                    inMemory.batchMillis(),
                    inMemory.recordsPerSecond(),
                    "-",
                    "-"));
            report.append(String.format(
                    Locale.ROOT,
                    "ratio %d at a time / one after another: %.2fx whole batch, %.2fx lines read%n",
                    concurrency,
                    concurrent.recordsPerSecond() / sequential.recordsPerSecond(),
                    concurrent.readRecordsPerSecond() / sequential.readRecordsPerSecond()));
            report.append(String.format(
                    Locale.ROOT,
                    "reference workload per shard: %.0f records/s; twice it: %.0f records/s%n",
                    REFERENCE_PER_SHARD,
                    2 * REFERENCE_PER_SHARD));
            System.out.print(report);
        }
        // The shared search engine is a child JVM, stopped by its shutdown hook.
        System.exit(0);
    }

    /**
     * One way of indexing: its indexer, whose whole batches are timed, and a reader like the indexer's, whose reads
     * of a batch's lines alone are timed.
     */
    private static final class Path {
        final String name;
        private final SearchIndexer indexer;
        private final CollectionReads reads;
        private int batches;
        private int records;
        private long batchNanos;
        private long readNanos;

        Path(String name, SearchIndexer indexer, CollectionReads reads) {
            this.name = name;
            this.indexer = indexer;
            this.reads = reads;
        }

        /** One batch through the indexer, then its lines read again alone. A batch that reports a failure ends the run. */
        void run(List<Record> batch) {
            long started = System.nanoTime();
            StreamsEventResponse response = indexer.process(batch);
            batchNanos += System.nanoTime() - started;
            if (!response.getBatchItemFailures().isEmpty()) {
                throw new IllegalStateException(name + ": a batch failed from " + response.getBatchItemFailures());
            }
            List<String> orderIds = batch.stream()
                    .map(record -> RecordDocuments.collectionSubject(record).orElseThrow())
                    .toList();
            started = System.nanoTime();
            reads.readAll(orderIds);
            readNanos += System.nanoTime() - started;
            batches++;
            records += batch.size();
        }

        void reset() {
            batches = 0;
            records = 0;
            batchNanos = 0;
            readNanos = 0;
        }

        double batchMillis() {
            return batchNanos / 1e6 / batches;
        }

        double recordsPerSecond() {
            return records / (batchNanos / 1e9);
        }

        double readMillis() {
            return readNanos / 1e6 / batches;
        }

        double readRecordsPerSecond() {
            return records / (readNanos / 1e9);
        }
    }

    /** {@code count} batches of INSERT records of new orders, each order and its three lines written to the table. */
    private static List<List<Record>> batches(
            DynamoDbClient writer, int count, Map<String, List<Map<String, AttributeValue>>> written) {
        Subjects subjects = new Subjects();
        DeclaredItem customer = subjects.customer("Ada", "Lovelace");
        List<List<Record>> batches = new ArrayList<>();
        for (int b = 0; b < count; b++) {
            List<Record> batch = new ArrayList<>();
            for (int o = 0; o < ORDERS_PER_BATCH; o++) {
                DeclaredItem order = SampleSubjects.withLines(subjects.order(customer, "PLACED"), LINES);
                put(writer, order.toItem());
                order.collectionItems().forEach(line -> put(writer, line));
                written.put(order.id(), order.collectionItems());
                batch.add(StreamRecords.insert(order));
            }
            batches.add(batch);
        }
        return batches;
    }

    private static void put(DynamoDbClient writer, Map<String, AttributeValue> item) {
        writer.putItem(b -> b.tableName(TABLE).item(item));
    }

    /** Holds every request before it is sent: the network and service time the local engine does not have. */
    private static final class HeldRequests implements ExecutionInterceptor {
        private final Duration delay;

        HeldRequests(Duration delay) {
            this.delay = delay;
        }

        @Override
        public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
            try {
                Thread.sleep(delay.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The reads' count and time, to show what one Query took. */
    private static final class TimedReads implements CollectionItems {
        private final CollectionItems reads;
        private final AtomicLong count = new AtomicLong();
        private final AtomicLong nanos = new AtomicLong();

        TimedReads(CollectionItems reads) {
            this.reads = reads;
        }

        @Override
        public List<Map<String, AttributeValue>> of(String subjectId) {
            long started = System.nanoTime();
            try {
                return reads.of(subjectId);
            } finally {
                nanos.addAndGet(System.nanoTime() - started);
                count.incrementAndGet();
            }
        }

        double averageMillis() {
            return count.get() == 0 ? 0 : nanos.get() / 1e6 / count.get();
        }

        void reset() {
            count.set(0);
            nanos.set(0);
        }
    }
}
