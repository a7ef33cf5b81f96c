package io.entitytable.fanout.table;

import io.entitytable.deployment.metrics.MetricNames;
import io.entitytable.deployment.metrics.Sample;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKey;
import io.entitytable.model.ItemKind;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Values;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.jboss.logging.Logger;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What became of the copies since the last {@link #drain}, per kind of copy ({@link MetricNames#COPY_KIND}), and how
 * long after their change the written ones were written: the fan-out's and the worker's copy metrics. Thread-safe: a
 * record's writes run concurrently.
 */
public final class CopyOutcomes {
    private static final Logger LOG = Logger.getLogger(CopyOutcomes.class);

    private final Clock clock;
    private final AtomicReference<Map<String, Tally>> kinds = new AtomicReference<>(new ConcurrentHashMap<>());

    public CopyOutcomes(Clock clock) {
        this.clock = clock;
    }

    /**
     * A copy put, following the change of the subject it copies or of {@code causedBy} (null: the same), whichever
     * {@code updatedAt} is later (see {@link CopyWriter#put(Map, io.entitytable.model.SourceVersionCondition, Map)}).
     */
    void written(Map<String, AttributeValue> copy, Map<String, AttributeValue> causedBy) {
        count(() -> ItemKey.of(copy), tally -> {
            tally.add(Outcome.WRITTEN);
            Instant changedAt = later(
                    Values.instant(copy, Attributes.UPDATED_AT),
                    causedBy == null ? null : Values.instant(causedBy, Attributes.UPDATED_AT));
            if (changedAt != null) {
                // Clocks of different hosts may disagree by a little: a copy is never written before its change.
                tally.lag(
                        Math.max(0, Duration.between(changedAt, clock.instant()).toMillis()));
            }
        });
    }

    void deleted(ItemKey copy) {
        count(() -> copy, tally -> tally.add(Outcome.DELETED));
    }

    /** A write its {@code sourceVersion} condition refused: the copy was as new or newer. */
    void refused(ItemKey copy) {
        count(() -> copy, tally -> tally.add(Outcome.REFUSED));
    }

    /** A copy left alone because it was found already at the change's version. */
    public void alreadyCurrent(ItemKey copy) {
        count(() -> copy, tally -> tally.add(Outcome.CURRENT));
    }

    /** The counts since the last call, per kind of copy; starts new counts. */
    public Map<String, Counts> drain() {
        Map<String, Tally> drained = kinds.getAndSet(new ConcurrentHashMap<>());
        Map<String, Counts> counts = new TreeMap<>();
        drained.forEach((kind, tally) -> counts.put(kind, tally.counts()));
        return counts;
    }

    /**
     * Counts after the write is done: a fault here (a copy whose key or {@code updatedAt} cannot be read) is logged and
     * the count lost, never the write's result, so metrics never fail a record.
     */
    private void count(Supplier<ItemKey> copy, Consumer<Tally> change) {
        try {
            change.accept(kinds.get().computeIfAbsent(kindOf(Duplicate.at(copy.get())), kind -> new Tally()));
        } catch (RuntimeException e) {
            LOG.warnf("copy not counted in the metrics: %s", e.toString());
        }
    }

    private static Instant later(Instant one, Instant other) {
        if (one == null || other == null) {
            return one == null ? other : one;
        }
        return one.isAfter(other) ? one : other;
    }

    /** Tags, or the entity an edge copies: a handful of values, never an id. */
    static String kindOf(Duplicate copy) {
        return copy.kind() == ItemKind.TAG
                ? MetricNames.TAG_COPY
                : MetricNames.edgeCopy(copy.source().entity());
    }

    private enum Outcome {
        WRITTEN,
        DELETED,
        CURRENT,
        REFUSED
    }

    /** The counts of one kind of copy, and a sample of the written copies' lags ({@link Sample}). */
    public record Counts(long written, long deleted, long alreadyCurrent, long refused, List<Long> lagSample) {}

    private static final class Tally {
        private final long[] counts = new long[Outcome.values().length];
        private final Sample lags = new Sample();

        synchronized void add(Outcome outcome) {
            counts[outcome.ordinal()]++;
        }

        void lag(long millis) {
            lags.add(millis);
        }

        synchronized Counts counts() {
            return new Counts(
                    counts[Outcome.WRITTEN.ordinal()],
                    counts[Outcome.DELETED.ordinal()],
                    counts[Outcome.CURRENT.ordinal()],
                    counts[Outcome.REFUSED.ordinal()],
                    lags.values());
        }
    }
}
