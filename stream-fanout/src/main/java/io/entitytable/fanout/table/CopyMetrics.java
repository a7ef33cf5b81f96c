package io.entitytable.fanout.table;

import static io.entitytable.deployment.metrics.MetricNames.COPIES_CURRENT;
import static io.entitytable.deployment.metrics.MetricNames.COPIES_DELETED;
import static io.entitytable.deployment.metrics.MetricNames.COPIES_REFUSED;
import static io.entitytable.deployment.metrics.MetricNames.COPIES_WRITTEN;
import static io.entitytable.deployment.metrics.MetricNames.COPY_KIND;
import static io.entitytable.deployment.metrics.MetricNames.COPY_LAG;

import io.entitytable.deployment.metrics.Dimensions;
import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Values;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jboss.logging.Logger;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What became of each copy, per kind of copy ({@link MetricNames#COPY_KIND}, and for the function as a whole), and how
 * long after its change each written copy was written: the fan-out's and the worker's copy metrics. Thread-safe: a
 * record's writes run concurrently.
 */
public final class CopyMetrics {
    private static final Logger LOG = Logger.getLogger(CopyMetrics.class);

    private final MetricsRecorder recorder;
    private final Clock clock;
    private final Map<String, Dimensions> kinds = new ConcurrentHashMap<>();
    private final CopyEffects effects = new CopyEffects();

    public CopyMetrics(MetricsRecorder recorder, Clock clock) {
        this.recorder = recorder;
        this.clock = clock;
    }

    /**
     * A copy put, following the change of the subject it copies or of {@code causedBy} (null: the same), whichever
     * {@code updatedAt} is later (see {@link CopyWriter#put(Map, io.entitytable.model.SourceVersionCondition, Map)}).
     */
    void written(Map<String, AttributeValue> copy, Map<String, AttributeValue> causedBy) {
        effects.written(ItemKey.of(copy));
        count(() -> ItemKey.of(copy), COPIES_WRITTEN, kind -> {
            Instant changedAt = later(
                    Values.instant(copy, Attributes.UPDATED_AT),
                    causedBy == null ? null : Values.instant(causedBy, Attributes.UPDATED_AT));
            if (changedAt != null) {
                recorder.milliseconds(
                        kind,
                        COPY_LAG,
                        Duration.between(changedAt, clock.instant()).toMillis());
            }
        });
    }

    void deleted(ItemKey copy) {
        effects.deleted(copy);
        count(() -> copy, COPIES_DELETED, kind -> {});
    }

    /** The copies written and deleted, for the batch's log line. */
    public CopyEffects effects() {
        return effects;
    }

    /** A write its {@code sourceVersion} condition refused: the copy was as new or newer. */
    void refused(ItemKey copy) {
        count(() -> copy, COPIES_REFUSED, kind -> {});
    }

    /** A copy left alone because it was found already at the change's version. */
    public void alreadyCurrent(ItemKey copy) {
        count(() -> copy, COPIES_CURRENT, kind -> {});
    }

    /**
     * Counts after the write is done: a fault here (a copy whose key or {@code updatedAt} cannot be read) is logged and
     * the count lost, never the write's result, so metrics never fail a record.
     */
    private void count(Supplier<ItemKey> copy, String metric, Consumer<Dimensions> more) {
        try {
            Dimensions kind =
                    kinds.computeIfAbsent(kindOf(Duplicate.at(copy.get())), name -> Dimensions.of(COPY_KIND, name)
                            .alsoPer());
            recorder.count(kind, metric, 1);
            more.accept(kind);
        } catch (RuntimeException e) {
            LOG.warnf("copy not counted in the metrics: %s", e.toString());
        }
    }

    /** Tags, SKUs, or the entity an edge copies: a handful of values, never an id. */
    static String kindOf(Duplicate copy) {
        return switch (copy.kind()) {
            case TAG -> MetricNames.TAG_COPY;
            case SKU -> MetricNames.SKU_COPY;
            default -> MetricNames.edgeCopy(copy.source().entity());
        };
    }

    private static Instant later(Instant one, Instant other) {
        if (one == null || other == null) {
            return one == null ? other : one;
        }
        return one.isAfter(other) ? one : other;
    }
}
