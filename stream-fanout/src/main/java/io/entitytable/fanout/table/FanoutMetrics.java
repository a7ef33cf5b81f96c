package io.entitytable.fanout.table;

import static io.entitytable.deployment.metrics.MetricNames.COPIES_CURRENT;
import static io.entitytable.deployment.metrics.MetricNames.COPIES_DELETED;
import static io.entitytable.deployment.metrics.MetricNames.COPIES_REFUSED;
import static io.entitytable.deployment.metrics.MetricNames.COPIES_WRITTEN;
import static io.entitytable.deployment.metrics.MetricNames.COPY_KIND;
import static io.entitytable.deployment.metrics.MetricNames.COPY_LAG;
import static io.entitytable.deployment.metrics.MetricNames.RECORDS_SKIPPED;
import static io.entitytable.deployment.metrics.MetricNames.REFRESH_COPIES;
import static io.entitytable.deployment.metrics.MetricNames.REFRESH_COPIES_PER_SECOND;
import static io.entitytable.deployment.metrics.MetricNames.REFRESH_PASSES_ENDED;
import static io.entitytable.deployment.metrics.MetricNames.RETRIES;

import io.entitytable.deployment.metrics.MetricRecord;
import io.entitytable.deployment.metrics.MetricsOutput;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The fan-out's and the refresh worker's metrics (docs/design.md, "Metrics"), written once per batch (metrics are
 * billed by the log line, not by the copy): a record per kind of copy the batch touched, and one for the function. The
 * counts are what {@link FanoutStats} and {@link CopyOutcomes} gathered since the previous batch; Lambda gives an
 * instance one batch at a time, so that is the batch's.
 */
public final class FanoutMetrics {
    private final MetricsOutput output;
    private final FanoutTable table;
    private final Map<FanoutStats.Count, Long> counted = new EnumMap<>(FanoutStats.Count.class);
    private long copyWritesCounted;

    public FanoutMetrics(MetricsOutput output, FanoutTable table) {
        this.output = output;
        this.table = table;
    }

    /** After a batch of stream records. */
    public void afterBatch() {
        output.writeAll(() -> records(null));
    }

    /** After a batch of refresh-queue messages, worked in {@code slice}. */
    public void afterSlice(Duration slice) {
        output.writeAll(() -> records(slice));
    }

    private synchronized List<MetricRecord> records(Duration slice) {
        List<MetricRecord> records = new ArrayList<>();
        table.copies()
                .drain()
                .forEach((kind, counts) -> records.add(MetricRecord.per(COPY_KIND, kind)
                        .alsoPerFunction()
                        .count(COPIES_WRITTEN, counts.written())
                        .count(COPIES_DELETED, counts.deleted())
                        .count(COPIES_CURRENT, counts.alreadyCurrent())
                        .count(COPIES_REFUSED, counts.refused())
                        .milliseconds(COPY_LAG, counts.lagSample())));
        MetricRecord function = MetricRecord.perFunction().count(RETRIES, since(FanoutStats.Count.RETRIES));
        if (slice == null) {
            function.count(RECORDS_SKIPPED, since(FanoutStats.Count.SKIPPED));
        } else {
            long writes = table.stats().writeRequests();
            long copies = writes - copyWritesCounted;
            copyWritesCounted = writes;
            function.count(REFRESH_COPIES, copies)
                    .perSecond(REFRESH_COPIES_PER_SECOND, copies * 1000.0 / Math.max(1, slice.toMillis()))
                    .count(REFRESH_PASSES_ENDED, since(FanoutStats.Count.PASSES_ENDED));
        }
        records.add(function);
        return records;
    }

    private long since(FanoutStats.Count count) {
        long now = table.stats().count(count);
        Long before = counted.put(count, now);
        return now - (before == null ? 0 : before);
    }
}
