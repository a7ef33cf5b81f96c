package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.LocalEngine;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.behaviour.ThroughputLimits;
import io.entitytable.local.engine.operations.Engine;
import io.entitytable.model.ItemKey;
import io.entitytable.model.TableBootstrap;
import io.entitytable.model.TableLayout;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The capacity model's hottest partitions against the local engine's throttles, on the reference workload. The items the
 * model prices for its largest business's writes ({@link Operation#itemWrites}) are sent to the engine at the model's
 * rates, on a clock the test moves, with each partition's write limit scaled down so that the model's hottest
 * partitions are over it and every other partition below it: the engine must throttle the former and none of the
 * latter.
 */
class CapacityAgreementTest {
    private static final String TABLE = TableLayout.ENTITY.defaultTableName();

    /**
     * The model time replayed: the order status changes (1,000 a second, 1,024 samples) once each. An update sent a
     * second time would find its own after-image stored and move no index entry, unlike the model's.
     */
    private static final double MODEL_SECONDS = 1.024;

    /**
     * Engine seconds per model second; the engine's limits are divided by it too, so that a partition's units per
     * second keep their ratio to the limit. A partition's bucket holds one engine second of its limit: stretching time
     * makes that 1/20 of a model second, small beside the replay, so that a partition over the limit runs out of it.
     */
    private static final double DILATION = 20;

    /**
     * The gap the model's figures must leave between its hottest partitions and the next one: the limit is put midway
     * (on a ratio scale), so each side clears it by at least the square root (about 12 %).
     */
    private static final double GAP = 1.25;

    /** How far down the model's ranking the gap may be: past these the over-limit partitions are no longer "hottest". */
    private static final int HOTTEST = 16;

    /** DynamoDB's most writes in one BatchWriteItem. */
    private static final int BATCH = 25;

    /** Reads are not what is compared: enough for any the engine meets. */
    private static final double READ_UNITS = 1_000_000;

    /** A request of the replay: the item writes of one sample of an operation, sent at a model time. */
    private record Request(double modelSecond, List<ItemWrite> writes) {}

    /** A table or index partition. */
    private record PartitionKey(String target, String key) {
        @Override
        public String toString() {
            return target + " " + key;
        }
    }

    @Test
    void engine_shouldThrottleTheModelsHottestPartitions_andNoneItPutsBelowTheLimit() {
        // GIVEN the model of the reference workload, and each of its largest business's write requests in the model
        // time replayed, with the items the model prices for it
        CapacityModel model = new CapacityModel(Workload.reference(), ModelledLayout.CURRENT);
        Load load = new Load();
        List<Request> requests = new ArrayList<>();
        modelAndRequests(model, load, requests);

        // ... and a limit between its hottest partitions and the next ones
        List<Load.Partition> ranked = load.all().stream()
                .filter(partition -> partition.writeUnits() > 0)
                .sorted(Comparator.comparingDouble(Load.Partition::writeUnits).reversed())
                .toList();
        int over = overLimit(ranked);
        assertThat(over)
                .as(
                        "precondition: the model's %d hottest partitions by writes leave no gap of x%s: %s",
                        HOTTEST, GAP, describe(ranked.subList(0, Math.min(HOTTEST, ranked.size()))))
                .isPositive();
        double limit =
                Math.sqrt(ranked.get(over - 1).writeUnits() * ranked.get(over).writeUnits());
        Set<PartitionKey> overKeys = new HashSet<>();
        ranked.subList(0, over)
                .forEach(partition -> overKeys.add(new PartitionKey(partition.target(), partition.key())));
        System.out.printf(
                "limit %.1f WCU/s; over: %s; next: %s%n",
                limit,
                describe(ranked.subList(0, over)),
                describe(ranked.subList(over, Math.min(ranked.size(), over + 4))));

        // WHEN the requests are sent to the engine at their times, with the limit scaled as time is
        Map<PartitionKey, Long> throttled = new TreeMap<>(Comparator.comparing(PartitionKey::toString));
        Map<String, Long> throttledByTarget = new TreeMap<>();
        List<Set<PartitionKey>> throttledWrites = new ArrayList<>();
        Map<String, Long> engineCounts = new TreeMap<>();
        TestClock clock = new TestClock();
        EngineSettings settings = EngineSettings.immediate()
                .withThroughput(new ThroughputLimits(READ_UNITS, limit / DILATION, Duration.ZERO));
        try (LocalEngine engine = LocalEngine.start(0, null, storage -> new Engine(storage, clock, settings));
                DynamoDbClient dynamo = client(engine)) {
            TableBootstrap.createIfMissing(dynamo, TableLayout.ENTITY, TABLE);
            seedUpdatedItems(dynamo, clock, requests);
            assertThat(engine.control().throttledRequests(TABLE)).isZero();
            Instant start = clock.instant();
            for (Request request : requests) {
                clock.set(start.plusNanos(Math.round(request.modelSecond() * DILATION * 1e9)));
                for (ItemWrite write : request.writes()) {
                    String target = send(dynamo, write);
                    if (target != null) {
                        Set<PartitionKey> candidates = partitionsOf(model, write, target);
                        throttledWrites.add(candidates);
                        throttledByTarget.merge(target, 1L, Long::sum);
                        candidates.forEach(candidate -> throttled.merge(candidate, 1L, Long::sum));
                    }
                }
            }
            for (String target : ModelledLayout.CURRENT.targets()) {
                engineCounts.put(
                        target,
                        target.equals(Access.TABLE)
                                ? engine.control().throttledRequests(TABLE)
                                : engine.control().throttledRequests(TABLE, target));
            }
        }
        System.out.printf(
                "%d requests; throttled writes by partition: %s; by target (engine's count): %s%n",
                requests.size(), throttled, engineCounts);

        // THEN every partition the model puts over the limit was throttled, and every throttled write was on one of
        // them (a write that moved an index entry within its index names both of that index's partitions)
        assertThat(overKeys).allSatisfy(partition -> assertThat(throttled.getOrDefault(partition, 0L))
                .as("throttled writes on %s, over the limit in the model", partition)
                .isPositive());
        assertThat(throttledWrites).allSatisfy(candidates -> assertThat(candidates)
                .as("a throttled write's partition, all below the limit in the model")
                .containsAnyElementsOf(overKeys));
        // ... as the engine counts them, by table and index
        throttledByTarget.keySet().forEach(target -> assertThat(engineCounts.get(target))
                .as("the engine's throttled requests of %s", target)
                .isEqualTo(throttledByTarget.get(target)));
        assertThat(engineCounts.values().stream().mapToLong(Long::longValue).sum())
                .isEqualTo(throttledWrites.size());
    }

    /**
     * Every operation of the model, sampled as {@link CapacityModel#steadyLoad} samples it (the same operations in the
     * same order, so the same ids), into {@code load}; and each write operation's requests in the model time replayed
     * into {@code requests}, in the order they are sent.
     */
    private static void modelAndRequests(CapacityModel model, Load load, List<Request> requests) {
        Random order = new Random(7);
        for (Operation operation : model.operations()) {
            if (operation.itemWrites() == null) {
                load.add(operation);
                continue;
            }
            int samples = operation.samples();
            int sent = (int) Math.round(operation.businessPerSecond() * MODEL_SECONDS);
            // Spread over the samples, which stand for the rate together, and sent in an order of their own: the
            // samples are drawn in an order that means nothing in time (the first ones are the tagged ones), where
            // real requests of every kind come mixed.
            List<Integer> sampleOfRequest = new ArrayList<>();
            for (int n = 0; n < sent; n++) {
                sampleOfRequest.add(sent <= samples ? (int) ((long) n * samples / sent) : n % samples);
            }
            Collections.shuffle(sampleOfRequest, order);
            Set<Integer> replayed = new HashSet<>(sampleOfRequest);
            List<List<Access>> accesses = new ArrayList<>(samples);
            Map<Integer, List<ItemWrite>> items = new HashMap<>();
            for (int i = 0; i < samples; i++) {
                List<ItemWrite> writes = operation.itemWrites().apply(i);
                accesses.add(model.accesses(writes));
                if (replayed.contains(i)) {
                    items.put(i, writes);
                }
            }
            assertThat(sent <= samples
                            || items.values().stream().flatMap(List::stream).allMatch(w -> w.before() == null))
                    .as("precondition: %s sends no update twice", operation.name())
                    .isTrue();
            load.add(new Operation(
                    operation.rate(),
                    operation.name(),
                    operation.systemPerSecond(),
                    operation.businessPerSecond(),
                    samples,
                    accesses::get,
                    operation.readsShardCount(),
                    null));
            for (int n = 0; n < sent; n++) {
                requests.add(new Request((n + 0.5) * MODEL_SECONDS / sent, items.get(sampleOfRequest.get(n))));
            }
        }
        requests.sort(Comparator.comparingDouble(Request::modelSecond));
    }

    /**
     * How many of the hottest partitions are over the limit: the first that is {@link #GAP} times hotter than the next,
     * or 0 when none of the first {@link #HOTTEST} is.
     */
    private static int overLimit(List<Load.Partition> ranked) {
        for (int n = 1; n < Math.min(HOTTEST, ranked.size()); n++) {
            if (ranked.get(n - 1).writeUnits() >= GAP * ranked.get(n).writeUnits()) {
                return n;
            }
        }
        return 0;
    }

    /**
     * Puts the stored image of every item the replay updates or deletes, before the replay: otherwise the engine,
     * finding no item, would charge no index entry the write moves. A batch a second of the engine's clock, the writes
     * a partition refused sent again a second later, so the replay starts with none refused and every bucket full.
     */
    private static void seedUpdatedItems(DynamoDbClient dynamo, TestClock clock, List<Request> requests) {
        Map<ItemKey, Map<String, AttributeValue>> stored = new LinkedHashMap<>();
        requests.stream()
                .flatMap(request -> request.writes().stream())
                .filter(write -> write.before() != null)
                .forEach(write -> stored.putIfAbsent(ItemKey.of(write.before()), write.before()));
        List<WriteRequest> puts = stored.values().stream()
                .map(item ->
                        WriteRequest.builder().putRequest(put -> put.item(item)).build())
                .toList();
        for (int from = 0; from < puts.size(); from += BATCH) {
            List<WriteRequest> batch = puts.subList(from, Math.min(puts.size(), from + BATCH));
            while (!batch.isEmpty()) {
                clock.advance(Duration.ofSeconds(1));
                Map<String, List<WriteRequest>> items = Map.of(TABLE, batch);
                batch = dynamo.batchWriteItem(write -> write.requestItems(items))
                        .unprocessedItems()
                        .getOrDefault(TABLE, List.of());
            }
        }
        clock.advance(Duration.ofSeconds(1));
    }

    /**
     * Sends one item write as a single PutItem or DeleteItem; answers null, or the table or index (as the model names
     * it) whose partition refused it. A write the recipes put in a transaction is sent alone too: the engine charges a
     * transaction twice on its indexes as well, where the model (DynamoDB's 2 WCU per item write of a transaction)
     * doubles the table's only, so a transaction's index entries (the hottest partitions here) would take twice the
     * model's units. Its table partition takes half the model's: below the limit either way in this workload.
     */
    private static String send(DynamoDbClient dynamo, ItemWrite write) {
        try {
            if (write.after() != null) {
                dynamo.putItem(put -> put.tableName(TABLE).item(write.after()));
            } else {
                dynamo.deleteItem(delete ->
                        delete.tableName(TABLE).key(ItemKey.of(write.before()).toAttributes()));
            }
            return null;
        } catch (ThrottlingException refused) {
            String resource = refused.throttlingReasons().get(0).resource();
            int index = resource.indexOf("/index/");
            return index < 0 ? Access.TABLE : resource.substring(index + "/index/".length());
        }
    }

    /** The partitions of {@code target} the write takes units from, as the model prices it. */
    private static Set<PartitionKey> partitionsOf(CapacityModel model, ItemWrite write, String target) {
        return model.accesses(List.of(write)).stream()
                .filter(access -> access.target().equals(target))
                .map(access -> new PartitionKey(target, access.partitionKey()))
                .collect(Collectors.toSet());
    }

    private static String describe(List<Load.Partition> partitions) {
        return partitions.stream()
                .map(partition ->
                        String.format("%s %s %.1f", partition.target(), partition.key(), partition.writeUnits()))
                .collect(Collectors.joining(", "));
    }

    private static DynamoDbClient client(LocalEngine engine) {
        // No retries: a throttled write is counted once, and the clock stands still while the SDK would back off.
        return DynamoDbClient.builder()
                .endpointOverride(engine.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.create())
                .overrideConfiguration(config -> config.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
    }

    /** The engine's clock, standing still until the test moves it. */
    private static final class TestClock extends Clock {
        private volatile Instant now = Instant.parse("2026-11-23T09:00:00Z");

        void set(Instant instant) {
            now = instant;
        }

        void advance(Duration duration) {
            now = now.plus(duration);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
