package io.entitytable.search.indexer;

import static io.entitytable.deployment.metrics.MetricNames.BULK_RETRIES;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_DELETED;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_INDEXED;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_REFUSED;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_STALE;
import static io.entitytable.deployment.metrics.MetricNames.ENTITY;
import static io.entitytable.deployment.metrics.MetricNames.INDEX_LAG;

import io.entitytable.deployment.metrics.Dimensions;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.search.client.SearchDocument;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The search indexer's metrics (docs/design.md, "Metrics"): what became of each document, per entity and for the
 * function as a whole, how long after its change the index took it, and the bulk requests sent again.
 */
final class IndexerMetrics {
    private final MetricsRecorder recorder;
    private final Clock clock;
    private final Map<String, Dimensions> entities = new ConcurrentHashMap<>();

    IndexerMetrics(MetricsRecorder recorder, Clock clock) {
        this.recorder = recorder;
        this.clock = clock;
    }

    /** The index took {@code document}: its lag runs from its change (a delete's: its stream record) to now. */
    void taken(SearchDocument document) {
        Dimensions entity = entityOf(document);
        recorder.count(entity, document.deleted() ? DOCUMENTS_DELETED : DOCUMENTS_INDEXED, 1);
        if (document.changedAt() != null) {
            recorder.milliseconds(
                    entity,
                    INDEX_LAG,
                    Duration.between(document.changedAt(), clock.instant()).toMillis());
        }
    }

    /** The index holds a newer version already (a redelivered or reordered record). */
    void stale(SearchDocument document) {
        recorder.count(entityOf(document), DOCUMENTS_STALE, 1);
    }

    /** The index refused the document for its content (it goes to the dead-letter queue). */
    void refused(SearchDocument document) {
        recorder.count(entityOf(document), DOCUMENTS_REFUSED, 1);
    }

    void bulkRetried() {
        recorder.count(Dimensions.function(), BULK_RETRIES, 1);
    }

    void afterBatch() {
        recorder.flushIfDue();
    }

    void flush() {
        recorder.flush();
    }

    /** The document's entity ({@code customer}, {@code store}, ...): a handful of values, never an id. */
    private Dimensions entityOf(SearchDocument document) {
        return entities.computeIfAbsent(
                document.type(), type -> Dimensions.of(ENTITY, type).alsoPer());
    }
}
