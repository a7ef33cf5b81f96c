package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How old the copies a verification read are: the time since the change each one reflects (its source's {@code
 * updatedAt}, which a copy carries). Drift says whether a copy is right; the ages say how long the copies have been
 * left alone, so a table whose copies all date from a backfill months ago reads differently from a busy one.
 *
 * @param count copies with a change time
 * @param p50 median age, nearest rank
 * @param p90 90th percentile
 * @param p99 99th percentile
 * @param max the oldest
 */
record CopyAges(long count, Duration p50, Duration p90, Duration p99, Duration max) {
    static final CopyAges NONE = new CopyAges(0, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);

    static CopyAges of(Collection<Map<String, AttributeValue>> copies, Instant now) {
        List<Duration> ages = new ArrayList<>();
        for (Map<String, AttributeValue> copy : copies) {
            if (copy.containsKey(Attributes.UPDATED_AT)) {
                Duration age = Duration.between(Values.instant(copy, Attributes.UPDATED_AT), now);
                ages.add(age.isNegative() ? Duration.ZERO : age);
            }
        }
        if (ages.isEmpty()) {
            return NONE;
        }
        ages.sort(null);
        return new CopyAges(
                ages.size(), rank(ages, 0.50), rank(ages, 0.90), rank(ages, 0.99), ages.get(ages.size() - 1));
    }

    /** The ages in whole seconds, for the JSON summary. */
    Map<String, Object> toJson() {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("count", count);
        json.put("p50Seconds", p50.toSeconds());
        json.put("p90Seconds", p90.toSeconds());
        json.put("p99Seconds", p99.toSeconds());
        json.put("maxSeconds", max.toSeconds());
        return json;
    }

    private static Duration rank(List<Duration> sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }
}
