package io.entitytable.fanout.table;

import static io.entitytable.deployment.metrics.MetricNames.RECORDS_SKIPPED;
import static io.entitytable.deployment.metrics.MetricNames.REFRESH_COPIES;
import static io.entitytable.deployment.metrics.MetricNames.REFRESH_PASSES_ENDED;
import static io.entitytable.deployment.metrics.MetricNames.RETRIES;

import io.entitytable.deployment.metrics.Dimensions;
import io.entitytable.deployment.metrics.MetricsRecorder;
import java.util.EnumMap;
import java.util.Map;

/**
 * The fan-out's and the refresh worker's metrics of the function as a whole (docs/design.md, "Metrics"), after each
 * batch: what {@link FanoutStats} counted since the previous batch (Lambda gives an instance one batch at a time, so
 * that is the batch's). The copies' own metrics are {@link CopyMetrics}'.
 */
public final class FanoutMetrics {
    private final MetricsRecorder recorder;
    private final FanoutStats stats;
    private final Map<FanoutStats.Count, Long> counted = new EnumMap<>(FanoutStats.Count.class);
    private long copyWritesCounted;

    public FanoutMetrics(MetricsRecorder recorder, FanoutStats stats) {
        this.recorder = recorder;
        this.stats = stats;
    }

    /** After a batch of stream records. */
    public synchronized void afterBatch() {
        recorder.count(Dimensions.function(), RETRIES, since(FanoutStats.Count.RETRIES));
        recorder.count(Dimensions.function(), RECORDS_SKIPPED, since(FanoutStats.Count.SKIPPED));
        recorder.flushIfDue();
    }

    /** After a batch of refresh-queue messages. */
    public synchronized void afterSlice() {
        long writes = stats.writeRequests();
        recorder.count(Dimensions.function(), REFRESH_COPIES, writes - copyWritesCounted);
        copyWritesCounted = writes;
        recorder.count(Dimensions.function(), RETRIES, since(FanoutStats.Count.RETRIES));
        recorder.count(Dimensions.function(), REFRESH_PASSES_ENDED, since(FanoutStats.Count.PASSES_ENDED));
        recorder.flushIfDue();
    }

    /** When the function shuts down: what the current minute holds. */
    public void flush() {
        recorder.flush();
    }

    private long since(FanoutStats.Count count) {
        long now = stats.count(count);
        Long before = counted.put(count, now);
        return now - (before == null ? 0 : before);
    }
}
