package io.entitytable.fanout;

import static io.entitytable.deployment.metrics.MetricNames.COPIES_CURRENT;
import static io.entitytable.deployment.metrics.MetricNames.COPIES_DELETED;
import static io.entitytable.deployment.metrics.MetricNames.COPIES_REFUSED;
import static io.entitytable.deployment.metrics.MetricNames.COPIES_WRITTEN;
import static io.entitytable.deployment.metrics.MetricNames.COPY_KIND;
import static io.entitytable.deployment.metrics.MetricNames.COPY_LAG;
import static io.entitytable.deployment.metrics.MetricNames.FUNCTION;
import static io.entitytable.deployment.metrics.MetricNames.RECORDS_SKIPPED;
import static io.entitytable.deployment.metrics.MetricNames.REFRESH_COPIES;
import static io.entitytable.deployment.metrics.MetricNames.REFRESH_PASSES_ENDED;
import static io.entitytable.deployment.metrics.MetricNames.RETRIES;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.metrics.EmfLines;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.fanout.refresh.InMemoryRefreshQueue;
import io.entitytable.fanout.refresh.RefreshWork;
import io.entitytable.fanout.refresh.WorkPace;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.local.dynamodb.LinkedStoreSeed;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.model.Address;
import io.entitytable.model.CoreFields;
import io.entitytable.model.RefreshJob;
import io.entitytable.model.SampleSubjects;
import io.entitytable.model.Shard;
import io.entitytable.model.TableLayout;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;

/**
 * The fan-out's and the refresh worker's metrics, read back from the EMF lines the library writes for real batches on
 * the local DynamoDB engine.
 */
class FanoutMetricsTest {
    private static final Address AUSTIN = new Address("1 Main St", "Austin", "TX", "73301", "US");
    private static final String UNITS_COUNT = "Count";
    private static int tables;

    private static LocalDynamoDb local;
    private static DynamoDbClient plain;

    @BeforeAll
    static void start() {
        local = LocalDynamoDb.startInMemory();
        plain = local.client();
    }

    @AfterAll
    static void stop() {
        plain.close();
        local.close();
    }

    @Test
    void batch_shouldWriteEveryCopyMetricWithItsUnitAndDimensions_perKindOfCopy() {
        // GIVEN a store tagged red and blue and a customer tagged vip linking it, both changed 1.5 s ago
        String table = newTable();
        Instant changed = Instant.now().minusMillis(1_500);
        Map<String, AttributeValue> store = SampleSubjects.store(
                        Samples.STORE_MAIN,
                        Samples.BUSINESS,
                        "Main",
                        AUSTIN,
                        CoreFields.created(Set.of("red", "blue"), changed),
                        Shard.legacy(Samples.STORE_MAIN))
                .toItem();
        Map<String, AttributeValue> customer = SampleSubjects.customer(
                        Samples.CUSTOMER_ANN,
                        Samples.BUSINESS,
                        "Ann",
                        "Lee",
                        "ann@example.com",
                        Map.of(),
                        Set.of(Samples.STORE_MAIN),
                        CoreFields.created(Set.of("vip"), changed),
                        Shard.legacy(Samples.CUSTOMER_ANN))
                .toItem();
        plain.putItem(request -> request.tableName(table).item(store));
        plain.putItem(request -> request.tableName(table).item(customer));
        EmfLines emf = new EmfLines();

        // WHEN both records are fanned out, and then the store's again (a redelivery)
        try (StreamFanout fanout = StreamFanout.create(
                plain, FanoutConfig.forTable(table), new InMemoryRefreshQueue(), emf.recorder("fanout"))) {
            assertThat(fanout.process(List.of(Records.insert(store), Records.insert(customer)))
                            .getBatchItemFailures())
                    .isEmpty();
            assertThat(fanout.process(List.of(Records.insert(store))).getBatchItemFailures())
                    .isEmpty();
        }

        // THEN every metric is in the project's namespace, counts in Count, lags in Milliseconds
        assertThat(emf.metrics()).isNotEmpty().allSatisfy(metric -> {
            assertThat(metric.namespace()).isEqualTo(MetricNames.NAMESPACE);
            assertThat(metric.unit()).isEqualTo(metric.name().equals(COPY_LAG) ? "Milliseconds" : UNITS_COUNT);
        });
        // per kind of copy: the three tags, both sides of the link, and the redelivery's two refused tags
        Map<String, String> tags = Map.of(FUNCTION, "fanout", COPY_KIND, "tag");
        Map<String, String> storeEdges = Map.of(FUNCTION, "fanout", COPY_KIND, "store-edge");
        Map<String, String> customerEdges = Map.of(FUNCTION, "fanout", COPY_KIND, "customer-edge");
        assertThat(emf.sum(COPIES_WRITTEN, tags)).isEqualTo(3);
        assertThat(emf.sum(COPIES_REFUSED, tags)).isEqualTo(2);
        assertThat(emf.sum(COPIES_DELETED, tags)).isZero();
        assertThat(emf.sum(COPIES_WRITTEN, customerEdges)).isEqualTo(1);
        assertThat(emf.sum(COPIES_WRITTEN, storeEdges)).isGreaterThanOrEqualTo(1);
        // the redelivered store finds its copy in the customer's partition at its version already (or is refused)
        assertThat(emf.sum(COPIES_CURRENT, storeEdges) + emf.sum(COPIES_REFUSED, storeEdges))
                .isGreaterThanOrEqualTo(1);
        // the lag of every written tag copy: from the change 1.5 s ago to its write, one value per copy
        List<Double> tagLags = emf.find(COPY_LAG, tags).stream()
                .flatMap(metric -> metric.values().stream())
                .toList();
        assertThat(tagLags).hasSize(3).allSatisfy(lag -> assertThat(lag).isBetween(1_500.0, 60_000.0));
        // the same lags under the function alone, for one alarm over every kind
        assertThat(emf.find(COPY_LAG, Map.of(FUNCTION, "fanout")).stream()
                        .mapToLong(metric -> metric.values().size())
                        .sum())
                .isGreaterThanOrEqualTo(5);
        assertThat(emf.find(RETRIES, Map.of(FUNCTION, "fanout"))).isNotEmpty();
        assertThat(emf.sum(RETRIES, Map.of(FUNCTION, "fanout"))).isZero();
        assertThat(emf.find(RECORDS_SKIPPED, Map.of(FUNCTION, "fanout"))).isNotEmpty();
        // a line per kind of copy and one for the function, per minute (twice if a minute ended meanwhile), never one
        // per copy or batch; and never an id as a dimension
        assertThat(emf.lines())
                .hasSizeLessThanOrEqualTo(2 * (MetricNames.copyKinds().size() + 1));
        assertThat(emf.dimensionValues(value -> EmfLines.ID.matcher(value).find()))
                .isEmpty();
    }

    @Test
    void refreshSlices_shouldWriteTheCopiesThePassesEndedAndTheCopiesLag() {
        // GIVEN a store with more linked customers than a record refreshes, moved 2 s ago: its record asks for a job
        String table = newTable();
        int links = RefreshJob.INLINE_COPIES + 1;
        LinkedStoreSeed.Seeded world = LinkedStoreSeed.write(plain, table, links);
        Instant changed = Instant.now().minusSeconds(2);
        Map<String, AttributeValue> v1 = LinkedStoreSeed.storeItem(world.store(), links);
        Map<String, AttributeValue> v2 = LinkedStoreSeed.storeItem(
                world.store()
                        .with(Map.of("address", new Address("9 Harbor Rd", "Austin", "TX", "73301", "US").values()))
                        .withVersion(2, changed),
                links);
        plain.putItem(request -> request.tableName(table).item(v2));
        InMemoryRefreshQueue queue = new InMemoryRefreshQueue();
        FanoutConfig config = FanoutConfig.forTable(table);
        try (StreamFanout fanout = StreamFanout.create(plain, config, queue)) {
            assertThat(fanout.process(List.of(Records.modify(v1, v2))).getBatchItemFailures())
                    .isEmpty();
        }
        EmfLines emf = new EmfLines();

        // WHEN the worker works the job
        try (RefreshWork work = new RefreshWork(
                plain,
                config,
                queue,
                null,
                WorkPace.DEPLOYED,
                emf.recorder("refresh"),
                Clock.systemUTC(),
                Optional.empty())) {
            queue.drainWith(work);
        }

        // THEN the worker's lines count every copy and the pass that ended
        Map<String, String> function = Map.of(FUNCTION, "refresh");
        Map<String, String> storeEdges = Map.of(FUNCTION, "refresh", COPY_KIND, "store-edge");
        assertThat(emf.sum(COPIES_WRITTEN, storeEdges)).isGreaterThanOrEqualTo(links);
        assertThat(emf.sum(REFRESH_COPIES, function)).isGreaterThanOrEqualTo(links);
        assertThat(emf.sum(REFRESH_PASSES_ENDED, function)).isEqualTo(1);
        assertThat(emf.find(REFRESH_COPIES, function))
                .allSatisfy(metric -> assertThat(metric.unit()).isEqualTo(UNITS_COUNT));
        // a sample of the lags, at most 100 values a line, every one from the move 2 s ago
        assertThat(emf.find(COPY_LAG, storeEdges)).isNotEmpty().allSatisfy(metric -> {
            assertThat(metric.unit()).isEqualTo("Milliseconds");
            assertThat(metric.values())
                    .hasSizeBetween(1, MetricNames.MAX_SAMPLES_PER_MINUTE)
                    .allSatisfy(lag -> assertThat(lag).isGreaterThanOrEqualTo(2_000.0));
        });
        assertThat(emf.dimensionValues(value -> EmfLines.ID.matcher(value).find()))
                .isEmpty();
    }

    /** Without a stream: these tests make their records themselves. */
    private static String newTable() {
        String table = "metrics" + (++tables);
        plain.createTable(TableLayout.ENTITY.createTableRequest(table).toBuilder()
                .streamSpecification(
                        StreamSpecification.builder().streamEnabled(false).build())
                .build());
        return table;
    }
}
