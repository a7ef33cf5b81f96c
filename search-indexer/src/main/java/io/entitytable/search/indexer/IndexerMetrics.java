package io.entitytable.search.indexer;

import static io.entitytable.deployment.metrics.MetricNames.BULK_RETRIES;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_DELETED;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_INDEXED;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_REFUSED;
import static io.entitytable.deployment.metrics.MetricNames.DOCUMENTS_STALE;
import static io.entitytable.deployment.metrics.MetricNames.ENTITY;
import static io.entitytable.deployment.metrics.MetricNames.INDEX_LAG;

import io.entitytable.deployment.metrics.MetricRecord;
import io.entitytable.deployment.metrics.MetricsOutput;
import io.entitytable.deployment.metrics.Sample;
import io.entitytable.search.client.SearchDocument;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The search indexer's metrics (docs/design.md, "Metrics"): what became of one batch's documents per entity, and how
 * long after their change the index took them; written once per batch, one EMF line per entity and one for the
 * function.
 */
final class IndexerMetrics {
    private final MetricsOutput output;
    private final Clock clock;

    IndexerMetrics(MetricsOutput output, Clock clock) {
        this.output = output;
        this.clock = clock;
    }

    Batch batch() {
        return new Batch();
    }

    /** The counts of one batch; one thread's. */
    final class Batch {
        private final Map<String, Tally> entities = new TreeMap<>();
        private long bulkRetries;

        /** The index took {@code document}: lag from its change ({@code changedAt}) to now. */
        void taken(SearchDocument document) {
            Tally tally = tallyOf(document);
            if (document.deleted()) {
                tally.deleted++;
            } else {
                tally.indexed++;
            }
            if (document.changedAt() != null) {
                // Clocks of different hosts may disagree by a little: a document is never indexed before its change.
                tally.lags.add(Math.max(
                        0,
                        Duration.between(document.changedAt(), clock.instant()).toMillis()));
            }
        }

        /** The index holds a newer version already (a redelivered or reordered record). */
        void stale(SearchDocument document) {
            tallyOf(document).stale++;
        }

        void refused(SearchDocument document) {
            tallyOf(document).refused++;
        }

        void bulkRetried() {
            bulkRetries++;
        }

        void write() {
            output.writeAll(this::records);
        }

        private List<MetricRecord> records() {
            List<MetricRecord> records = new ArrayList<>();
            entities.forEach((entity, tally) -> records.add(MetricRecord.per(ENTITY, entity)
                    .alsoPerFunction()
                    .count(DOCUMENTS_INDEXED, tally.indexed)
                    .count(DOCUMENTS_DELETED, tally.deleted)
                    .count(DOCUMENTS_STALE, tally.stale)
                    .count(DOCUMENTS_REFUSED, tally.refused)
                    .milliseconds(INDEX_LAG, tally.lags.values())));
            records.add(MetricRecord.perFunction().count(BULK_RETRIES, bulkRetries));
            return records;
        }

        /** The document's entity ({@code customer}, {@code store}, ...): a handful of values, never an id. */
        private Tally tallyOf(SearchDocument document) {
            return entities.computeIfAbsent(document.type(), entity -> new Tally());
        }
    }

    private static final class Tally {
        private long indexed;
        private long deleted;
        private long stale;
        private long refused;
        private final Sample lags = new Sample();
    }
}
