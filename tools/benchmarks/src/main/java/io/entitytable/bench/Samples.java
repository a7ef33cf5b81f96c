package io.entitytable.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Durations of repeated measurements, in nanoseconds, with nearest-rank percentiles. */
final class Samples {
    private final List<Long> nanos = new ArrayList<>();

    void add(long durationNanos) {
        nanos.add(durationNanos);
    }

    /** A duration reported in milliseconds (e.g. by a Server-Timing header), kept to the nanosecond. */
    void addMillis(double millis) {
        nanos.add(Math.round(millis * 1_000_000));
    }

    int count() {
        return nanos.size();
    }

    /** Nearest-rank percentile in milliseconds; NaN when empty. */
    double percentileMillis(double percentile) {
        if (nanos.isEmpty()) {
            return Double.NaN;
        }
        List<Long> sorted = new ArrayList<>(nanos);
        sorted.sort(null);
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1))) / 1_000_000.0;
    }

    /** Arithmetic mean in milliseconds; NaN when empty. */
    double meanMillis() {
        return nanos.isEmpty()
                ? Double.NaN
                : nanos.stream().mapToLong(Long::longValue).average().orElse(Double.NaN) / 1_000_000.0;
    }

    double p50() {
        return percentileMillis(50);
    }

    double p99() {
        return percentileMillis(99);
    }

    static String ms(double millis) {
        if (Double.isNaN(millis)) {
            return "n/a";
        }
        return millis >= 100
                ? String.format(Locale.ROOT, "%.0f", millis)
                : millis >= 10
                        ? String.format(Locale.ROOT, "%.1f", millis)
                        : String.format(Locale.ROOT, "%.2f", millis);
    }

    /** With three decimals, for target lines: 0.7976 must not read as a met 0.80. */
    static String exactRatio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "n/a" : String.format(Locale.ROOT, "%.3fx", value);
    }

    static String ratio(double value) {
        return Double.isNaN(value) || Double.isInfinite(value) ? "n/a" : String.format(Locale.ROOT, "%.2fx", value);
    }
}
