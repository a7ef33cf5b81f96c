package io.entitytable.search.indexer;

import static io.entitytable.deployment.metrics.MetricNames.BULK_RETRIES;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_DELETED;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_INDEXED;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_REFUSED;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_STALE;
import static io.entitytable.deployment.metrics.MetricNames.ENTITY;
import static io.entitytable.deployment.metrics.MetricNames.FUNCTION;
import static io.entitytable.deployment.metrics.MetricNames.INDEX_LAG;
import static io.entitytable.search.indexer.StreamRecords.insert;
import static io.entitytable.search.indexer.StreamRecords.remove;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.deployment.SearchIndex;
import io.entitytable.deployment.metrics.EmfLines;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.model.DeclaredItem;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The indexer's metrics, read back from the EMF lines the library writes for real batches on the engine. */
class IndexerMetricsTest {
    private final EngineIndex index = new EngineIndex();
    private final Subjects subjects = new Subjects();

    @Test
    void batches_shouldWriteEveryDocumentMetricWithItsUnitAndDimensions_perEntity() {
        // GIVEN an index whose sku field takes numbers only (an order's document is refused), and a customer and a
        // store changed 1.5 s ago
        index.createWith(SearchIndex.definitionJson()
                .replaceFirst("\"sku\": \\{[^\\n]*\\n", "\"sku\": { \"type\": \"long\" },\n"));
        Instant changed = Instant.now().minusMillis(1_500);
        DeclaredItem customer = subjects.customer("Grace", "Hopper").withVersion(2, changed);
        DeclaredItem store = subjects.store("Harbor Books").withVersion(2, changed);
        DeclaredItem order = subjects.order(customer, "PLACED");
        EmfLines emf = new EmfLines();
        SearchIndexer indexer = SearchIndexer.create(
                index.config(), id -> order.collectionItems(), new RecordingDeadLetters(), emf.recorder("indexer"));

        // WHEN the three are indexed, the customer's record comes again, and the store is deleted
        indexer.process(List.of(insert(customer), insert(order), insert(store)));
        indexer.process(List.of(insert(customer)));
        indexer.process(List.of(remove(store)));

        // THEN every metric is in the project's namespace, counts in Count, lags in Milliseconds
        assertThat(emf.metrics()).isNotEmpty().allSatisfy(metric -> {
            assertThat(metric.namespace()).isEqualTo(MetricNames.NAMESPACE);
            assertThat(metric.unit()).isEqualTo(metric.name().equals(INDEX_LAG) ? "Milliseconds" : "Count");
        });
        Map<String, String> customers = Map.of(FUNCTION, "indexer", ENTITY, "customer");
        Map<String, String> stores = Map.of(FUNCTION, "indexer", ENTITY, "store");
        Map<String, String> orders = Map.of(FUNCTION, "indexer", ENTITY, "order");
        assertThat(emf.sum(DOCUMENTS_INDEXED, customers)).isEqualTo(1);
        assertThat(emf.sum(DOCUMENTS_STALE, customers)).isEqualTo(1);
        assertThat(emf.sum(DOCUMENTS_INDEXED, stores)).isEqualTo(1);
        assertThat(emf.sum(DOCUMENTS_DELETED, stores)).isEqualTo(1);
        assertThat(emf.sum(DOCUMENTS_REFUSED, orders)).isEqualTo(1);
        assertThat(emf.sum(DOCUMENTS_INDEXED, orders)).isZero();
        // the lag of each document the index took: from the change 1.5 s ago (the delete: its record, just now)
        assertThat(emf.find(INDEX_LAG, customers).stream().flatMap(metric -> metric.values().stream()))
                .singleElement()
                .satisfies(lag -> assertThat(lag).isBetween(1_500.0, 60_000.0));
        assertThat(emf.find(INDEX_LAG, stores).stream().flatMap(metric -> metric.values().stream()))
                .hasSize(2)
                .allSatisfy(lag -> assertThat(lag).isBetween(0.0, 60_000.0));
        // the same lags under the function alone, for one alarm over every entity
        assertThat(emf.find(INDEX_LAG, Map.of(FUNCTION, "indexer")).stream()
                        .mapToLong(metric -> metric.values().size())
                        .sum())
                .isEqualTo(3);
        // nothing was sent again
        assertThat(emf.find(BULK_RETRIES, Map.of(FUNCTION, "indexer"))).isEmpty();
        // a line per entity, per minute (two if a minute ended meanwhile), not per batch; never an id as a dimension
        assertThat(emf.lines()).hasSizeBetween(3, 6);
        assertThat(emf.dimensionValues(value -> EmfLines.ID.matcher(value).find()))
                .isEmpty();
    }
}
