package io.entitytable.bench;

import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import io.entitytable.deployment.RefreshQueueTrigger;
import io.entitytable.fanout.StreamFanout;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.fanout.table.FanoutStats;
import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.QueuePump;
import io.entitytable.local.sqs.LocalSqs;
import io.entitytable.model.Attributes;
import io.entitytable.model.CopyPace;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;

/**
 * One store with k linked customers on a fresh in-memory local DynamoDB engine (table without a stream: the records are made
 * here), the refresh queue on a fresh local SQS and the worker behind the local queue pump with the deployed trigger's
 * settings. Three renames, in this order: a pass at the product's pace, a pass with the pace lifted, and k raw
 * conditional PutItems of the same copies from 16 threads.
 */
final class JobBench {
    /** "Lifted": far above what the local DynamoDB engine can take, so the pace never waits. */
    static final int LIFTED_COPIES_PER_SECOND = 1_000_000;

    private static final Instant NOW = Instant.parse("2026-11-23T10:00:00Z");
    private static final int RAW_THREADS = 16;
    private static final int CHECKED_COPIES = 200;

    /** One pass of the job: the record's time, then the pass's from the record's return to the job's {@code done}. */
    record Pass(
            int copiesPerSecond,
            double recordMs,
            long recordPuts,
            long recordIndexPages,
            int segmentsSent,
            double passMs,
            long workerPuts,
            long invocations,
            int instances) {
        double copiesPerSecondMeasured(int copies) {
            return copies / (passMs / 1000);
        }
    }

    record Result(int copies, double seedSeconds, int segments, Pass paced, Pass lifted, double rawMs) {}

    private JobBench() {}

    static Result run(int copies) {
        try (LocalDynamoDb local = LocalDynamoDb.startInMemory();
                DynamoDbClient dynamo = local.client();
                LocalSqs sqs = LocalSqs.start(0, RefreshQueueTrigger.DEFAULT)) {
            String table = "bench-jobs-" + copies;
            // Without a stream: the records are made here.
            dynamo.createTable(TableLayout.ENTITY.createTableRequest(table).toBuilder()
                    .streamSpecification(
                            StreamSpecification.builder().streamEnabled(false).build())
                    .build());
            FanoutConfig config = FanoutConfig.forTable(table);
            RefreshQueue queue = RefreshQueue.sqs(sqs.client(), sqs.queues().queueUrl());
            ExecutorService pool = Executors.newFixedThreadPool(RAW_THREADS);
            try {
                long seedStart = System.nanoTime();
                LinkedStoreSeed.Seeded seeded = seed(dynamo, table, copies);
                List<Duplicate> storeCopies = seeded.storeCopies();
                double seedSeconds = (System.nanoTime() - seedStart) / 1e9;
                System.err.printf(Locale.ROOT, "[jobs] k=%d seeded in %.1f s%n", copies, seedSeconds);

                DeclaredItem v1 = seeded.store();
                DeclaredItem v2 = renamed(v1, "Uptown");
                Pass paced = pass(dynamo, config, queue, sqs, v1, v2, copies, 1, CopyPace.COPIES_PER_SECOND);
                check(dynamo, table, storeCopies, v2.version());
                DeclaredItem v3 = renamed(v2, "Midtown");
                Pass lifted = pass(dynamo, config, queue, sqs, v2, v3, copies, 2, LIFTED_COPIES_PER_SECOND);
                check(dynamo, table, storeCopies, v3.version());

                DeclaredItem v4 = renamed(v3, "Downtown");
                replace(dynamo, table, LinkedStoreSeed.storeItem(v3, copies), LinkedStoreSeed.storeItem(v4, copies));
                long rawStart = System.nanoTime();
                FanoutBench.rawParallelPuts(
                        dynamo, table, storeCopies, LinkedStoreSeed.storeItem(v4, copies), v4.version(), pool);
                double rawMs = (System.nanoTime() - rawStart) / 1e6;
                check(dynamo, table, storeCopies, v4.version());
                System.err.printf(Locale.ROOT, "[jobs] k=%d raw %.0f ms%n", copies, rawMs);
                return new Result(copies, seedSeconds, paced.segmentsSent(), paced, lifted, rawMs);
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** Renames the store from {@code old} to {@code next}, runs the rename's record, then the pump until the pass ends. */
    private static Pass pass(
            DynamoDbClient dynamo,
            FanoutConfig config,
            RefreshQueue queue,
            LocalSqs sqs,
            DeclaredItem old,
            DeclaredItem next,
            int copies,
            long passNumber,
            int copiesPerSecond) {
        String table = config.tableName();
        Map<String, AttributeValue> oldItem = LinkedStoreSeed.storeItem(old, copies);
        Map<String, AttributeValue> nextItem = LinkedStoreSeed.storeItem(next, copies);
        replace(dynamo, table, oldItem, nextItem);
        try (InProcessWorker worker = new InProcessWorker(dynamo, config, queue, copiesPerSecond);
                QueuePump pump = new QueuePump(
                                sqs.client(),
                                sqs.queues().queueUrl(),
                                sqs.queues().queueArn(),
                                LocalDynamoDb.REGION.id(),
                                RefreshQueueTrigger.DEFAULT,
                                worker,
                                Duration.ofSeconds(1),
                                line -> System.err.println("[jobs] pump: " + line))
                        .start();
                StreamFanout fanout = StreamFanout.create(dynamo, config, queue)) {
            long start = System.nanoTime();
            StreamsEventResponse response = fanout.process(List.of(ModifyRecords.of(oldItem, nextItem)));
            long recorded = System.nanoTime();
            if (!response.getBatchItemFailures().isEmpty()) {
                throw new IllegalStateException("the rename's record failed for k=" + copies);
            }
            RefreshJob job = awaitDone(dynamo, table, old.id(), passNumber, copies);
            long done = System.nanoTime();
            Pass pass = new Pass(
                    copiesPerSecond,
                    (recorded - start) / 1e6,
                    fanout.stats().count(FanoutStats.Count.PUTS),
                    fanout.stats().count(FanoutStats.Count.SOURCE_INDEX_PAGES),
                    job.segments(),
                    (done - recorded) / 1e6,
                    worker.puts(),
                    pump.invocations(),
                    worker.instances());
            System.err.printf(
                    Locale.ROOT,
                    "[jobs] k=%d pace %d/s: record %.1f ms, pass %.0f ms (%d segments, %d invocations)%n",
                    copies,
                    copiesPerSecond,
                    pass.recordMs(),
                    pass.passMs(),
                    pass.segmentsSent(),
                    pass.invocations());
            return pass;
        }
    }

    private static RefreshJob awaitDone(DynamoDbClient dynamo, String table, String storeId, long pass, int copies) {
        // Generous: four times the product's pace, plus a minute.
        long deadline = System.nanoTime()
                + Duration.ofSeconds(60 + 4L * copies / CopyPace.COPIES_PER_SECOND)
                        .toNanos();
        while (true) {
            Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(table)
                            .key(RefreshJob.keyOf(storeId).toAttributes())
                            .consistentRead(true))
                    .item();
            if (item != null && !item.isEmpty()) {
                RefreshJob job = RefreshJob.from(item);
                if (job.pass() == pass && job.status() == RefreshJob.Status.DONE) {
                    return job;
                }
                if (job.pass() > pass) {
                    throw new IllegalStateException("an unexpected pass " + job.pass() + " started");
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("pass " + pass + " of k=" + copies + " not done in time: " + item);
            }
            Waits.sleep(10);
        }
    }

    /** Reads a random sample of the customer-side copies: each must be at {@code version}. */
    private static void check(DynamoDbClient dynamo, String table, List<Duplicate> copies, long version) {
        Random random = new Random(copies.size());
        for (int i = 0; i < Math.min(CHECKED_COPIES, copies.size()); i++) {
            Duplicate copy = copies.get(random.nextInt(copies.size()));
            Map<String, AttributeValue> item = dynamo.getItem(request -> request.tableName(table)
                            .key(Map.of(Attributes.ID, Values.s(copy.id()), Attributes.TYPE, Values.s(copy.type())))
                            .consistentRead(true))
                    .item();
            long found = Values.number(item, Attributes.SOURCE_VERSION);
            if (found != version) {
                throw new IllegalStateException("copy " + copy + " at version " + found + ", expected " + version);
            }
        }
    }

    /** The store with k customers linked to it, as the API and the fan-out leave them ({@link LinkedStoreSeed}). */
    private static LinkedStoreSeed.Seeded seed(DynamoDbClient dynamo, String table, int customers) {
        System.err.printf(Locale.ROOT, "[jobs] k=%d: seeding the store, its customers and their edges%n", customers);
        LinkedStoreSeed.Seeded seeded = LinkedStoreSeed.write(dynamo, table, customers);
        if (seeded.storeCopies().size() != customers) {
            throw new IllegalStateException("expected " + customers + " copies of the store, made "
                    + seeded.storeCopies().size());
        }
        return seeded;
    }

    private static DeclaredItem renamed(DeclaredItem store, String name) {
        return store.with(Map.of("name", name)).withVersion(store.version() + 1, NOW);
    }

    /** A rename as the API makes it: the name is in the sort key, so the old key goes and the new one comes. */
    private static void replace(
            DynamoDbClient dynamo, String table, Map<String, AttributeValue> old, Map<String, AttributeValue> next) {
        dynamo.deleteItem(
                request -> request.tableName(table).key(ItemKey.of(old).toAttributes()));
        dynamo.putItem(PutItemRequest.builder().tableName(table).item(next).build());
    }
}
