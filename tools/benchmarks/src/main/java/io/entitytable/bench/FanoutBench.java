package io.entitytable.bench;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import io.entitytable.fanout.StreamFanout;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Address;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.RelationshipCatalogue;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * A store with k linked customers ({@link LinkedStoreSeed}), i.e. k copies of the store ({@code customer#C / store#S}).
 * One MODIFY of the store
 * makes {@link StreamFanout} refresh all k copies; the baseline writes the same k copy items with plain conditional
 * PutItems (the same condition the fan-out's refresh uses) from a pool of the same size as the fan-out's write
 * concurrency. Rounds alternate which side goes first; each step bumps the store's version so every write succeeds.
 */
final class FanoutBench {
    private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");

    record Result(int copies, Samples fanout, Samples raw, double fanoutWcuPerCopy, double rawWcuPerCopy, long puts) {
        /** Raw time over fan-out time: 1.0 means the fan-out is as fast as bare parallel writes. */
        double speedRatio() {
            return raw.p50() / fanout.p50();
        }

        double fanoutMicrosPerCopy() {
            return fanout.p50() * 1000 / copies;
        }
    }

    private final LocalDynamoDb local;
    private final int concurrency = FanoutConfig.DEFAULT_MAX_CONCURRENT_WRITES;

    FanoutBench(LocalDynamoDb local) {
        this.local = local;
    }

    Result run(int copies, int rounds) {
        String table = "bench-fanout-" + copies;
        local.createTable(table);
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        try (DynamoDbClient seedClient = local.client();
                DynamoDbClient fanoutClient = local.client();
                DynamoDbClient rawClient = local.client();
                StreamFanout fanout = StreamFanout.create(fanoutClient, FanoutConfig.forTable(table))) {
            LinkedStoreSeed.Seeded seeded = LinkedStoreSeed.write(seedClient, table, copies);
            DeclaredItem store = seeded.store();
            List<Duplicate> storeCopies = seeded.storeCopies();
            Samples fanoutSamples = new Samples();
            Samples rawSamples = new Samples();
            double fanoutWcu = 0;
            double rawWcu = 0;
            long puts = 0;
            DeclaredItem current = store;
            // One unmeasured warm-up round each, except for large k: the smaller runs before it warmed the same code
            // paths and connections, and a round of thousands of writes is long on a shared machine.
            int warmup = copies >= 1000 ? 0 : 1;
            for (int round = 0; round < rounds + warmup; round++) {
                boolean measured = round >= warmup;
                for (int side = 0; side < 2; side++) {
                    boolean fanoutTurn = (round + side) % 2 == 0;
                    DeclaredItem next = current.withVersion(current.version() + 1, NOW)
                            .with(Map.of(
                                    "address",
                                    address((int) current.version() + 1).values()));
                    seedClient.putItem(PutItemRequest.builder()
                            .tableName(table)
                            .item(next.toItem())
                            .build());
                    if (fanoutTurn) {
                        Record record = ModifyRecords.of(current.toItem(), next.toItem());
                        long putsBefore = fanout.stats().count(FanoutStats.Count.PUTS);
                        double wcuBefore = fanout.stats().writeUnits();
                        long start = System.nanoTime();
                        StreamsEventResponse response = fanout.process(List.of(record));
                        long elapsed = System.nanoTime() - start;
                        if (!response.getBatchItemFailures().isEmpty()) {
                            throw new IllegalStateException("the fan-out reported a failure for k=" + copies);
                        }
                        long roundPuts = fanout.stats().count(FanoutStats.Count.PUTS) - putsBefore;
                        if (roundPuts != copies) {
                            throw new IllegalStateException(
                                    "the fan-out wrote " + roundPuts + " copies, expected " + copies);
                        }
                        if (measured) {
                            fanoutSamples.add(elapsed);
                            fanoutWcu += fanout.stats().writeUnits() - wcuBefore;
                            puts += roundPuts;
                        }
                    } else {
                        Map<String, AttributeValue> source = next.toItem();
                        long start = System.nanoTime();
                        double units = rawParallelPuts(rawClient, table, storeCopies, source, next.version(), pool);
                        long elapsed = System.nanoTime() - start;
                        if (measured) {
                            rawSamples.add(elapsed);
                            rawWcu += units;
                        }
                    }
                    current = next;
                }
            }
            Result result = new Result(
                    copies,
                    fanoutSamples,
                    rawSamples,
                    fanoutWcu / ((double) copies * rounds),
                    rawWcu / ((double) copies * rounds),
                    puts);
            System.err.printf(
                    Locale.ROOT,
                    "[bench] fan-out k=%d: fan-out p50 %s ms, raw p50 %s ms%n",
                    copies,
                    Samples.ms(fanoutSamples.p50()),
                    Samples.ms(rawSamples.p50()));
            return result;
        } finally {
            pool.shutdownNow();
        }
    }

    /** k plain conditional PutItems, {@code concurrency} at a time; returns the WCU the local DynamoDB engine reported. */
    static double rawParallelPuts(
            DynamoDbClient client,
            String table,
            List<Duplicate> copies,
            Map<String, AttributeValue> source,
            long version,
            ExecutorService pool) {
        List<Future<PutItemResponse>> futures = new ArrayList<>(copies.size());
        for (Duplicate copy : copies) {
            PutItemRequest request = PutItemRequest.builder()
                    .tableName(table)
                    .item(RelationshipCatalogue.copyItem(copy, source))
                    .conditionExpression("attribute_exists(#sv) AND #sv < :v")
                    .expressionAttributeNames(Map.of("#sv", Attributes.SOURCE_VERSION))
                    .expressionAttributeValues(Map.of(":v", Values.n(version)))
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .build();
            futures.add(pool.submit(() -> client.putItem(request)));
        }
        double units = 0;
        for (Future<PutItemResponse> future : futures) {
            try {
                PutItemResponse response = future.get();
                units += response.consumedCapacity() == null
                        ? 0
                        : response.consumedCapacity().capacityUnits();
            } catch (Exception e) {
                throw new IllegalStateException("a raw conditional put failed", e);
            }
        }
        return units;
    }

    private static Address address(int number) {
        return new Address(number + " Main St", "Austin", "TX", "73301", "US");
    }
}
