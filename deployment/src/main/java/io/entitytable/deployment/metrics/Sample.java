package io.entitytable.deployment.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A uniform sample of at most {@link MetricNames#MAX_SAMPLES_PER_MINUTE} of the values added (reservoir sampling): what
 * a distribution (a lag) carries for a minute. A refresh worker writes thousands of copies a minute and one metrics
 * line holds 100 values per metric, so the percentiles come from the sample and the totals from counts. Thread-safe.
 */
public final class Sample {
    private final List<Long> values = new ArrayList<>();
    private long added;

    public synchronized void add(long value) {
        added++;
        if (values.size() < MetricNames.MAX_SAMPLES_PER_MINUTE) {
            values.add(value);
            return;
        }
        long slot = ThreadLocalRandom.current().nextLong(added);
        if (slot < MetricNames.MAX_SAMPLES_PER_MINUTE) {
            values.set((int) slot, value);
        }
    }

    public synchronized List<Long> values() {
        return List.copyOf(values);
    }
}
