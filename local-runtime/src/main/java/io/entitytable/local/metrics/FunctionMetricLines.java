package io.entitytable.local.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The functions' own metrics, read from the Embedded Metric Format lines they print, which are the lines CloudWatch
 * turns into the deployed metrics: so the local figures are the deployed figures, not a second measurement that could
 * disagree with them. Counts are summed since the start; a distribution (a lag, in milliseconds) keeps its last
 * {@value #KEPT_VALUES} values, from which quantiles are read.
 *
 * <p>A function writes its lines once a minute (after the first batch or request past the minute), so a figure here is
 * at most about a minute old, as on a CloudWatch graph of one-minute periods.
 */
public final class FunctionMetricLines {
    /** Enough values for a steady 99th percentile of the last few minutes. */
    static final int KEPT_VALUES = 1_000;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EMF_START = "{\"_aws\"";
    private static final String MILLISECONDS = "Milliseconds";
    private static final String FUNCTION_DIMENSION = "Function";

    private final Map<Series, Double> counts = new TreeMap<>();
    private final Map<Series, Deque<Double>> distributions = new TreeMap<>();
    private final Map<Series, Long> observed = new TreeMap<>();

    /** One metric of one function, with the line's other dimensions (a kind of copy, an entity, a route). */
    public record Series(String metric, String function, Map<String, String> dimensions) implements Comparable<Series> {
        @Override
        public int compareTo(Series other) {
            return toString().compareTo(other.toString());
        }
    }

    /** Reads {@code line}, printed by {@code function}; a line that is not an EMF line is not a metric and is passed over. */
    public void accept(String function, String line) {
        if (!line.startsWith(EMF_START)) {
            return;
        }
        try {
            read(function, JSON.readTree(line));
        } catch (IOException | RuntimeException e) {
            // A line that only starts like one: the function's log is not ours to judge, and the thread that
            // forwards it to the console must go on.
        }
    }

    private void read(String function, JsonNode root) {
        for (JsonNode directive : root.path("_aws").path("CloudWatchMetrics")) {
            Map<String, String> dimensions = dimensionsOf(root, directive);
            for (JsonNode metric : directive.path("Metrics")) {
                String name = metric.path("Name").asText();
                JsonNode value = root.path(name);
                if (!value.isMissingNode()) {
                    record(
                            new Series(name, function, dimensions),
                            MILLISECONDS.equals(metric.path("Unit").asText()),
                            value);
                }
            }
        }
    }

    /** Every count since the start. */
    public synchronized Map<Series, Double> counts() {
        return new LinkedHashMap<>(counts);
    }

    /** The last values of every distribution. */
    public synchronized Map<Series, List<Double>> distributions() {
        Map<Series, List<Double>> copy = new LinkedHashMap<>();
        distributions.forEach((series, values) -> copy.put(series, new ArrayList<>(values)));
        return copy;
    }

    /** How many values of each distribution were read since the start (more than are kept). */
    public synchronized Map<Series, Long> observedCounts() {
        return new LinkedHashMap<>(observed);
    }

    /**
     * The dimensions of the line's most detailed dimension set, but the function: each metric is written once per
     * line however many sets it is aggregated under, so the finest set names its series.
     */
    private static Map<String, String> dimensionsOf(JsonNode root, JsonNode directive) {
        Map<String, String> finest = new TreeMap<>();
        for (JsonNode set : directive.path("Dimensions")) {
            Map<String, String> dimensions = new TreeMap<>();
            for (JsonNode key : set) {
                if (!FUNCTION_DIMENSION.equals(key.asText())) {
                    dimensions.put(key.asText(), root.path(key.asText()).asText());
                }
            }
            if (dimensions.size() > finest.size()) {
                finest = dimensions;
            }
        }
        return finest;
    }

    private synchronized void record(Series series, boolean distribution, JsonNode value) {
        if (!distribution) {
            counts.merge(series, sum(value), Double::sum);
            return;
        }
        Deque<Double> kept = distributions.computeIfAbsent(series, s -> new ArrayDeque<>());
        List<Double> values = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(v -> values.add(v.asDouble()));
        } else {
            values.add(value.asDouble());
        }
        for (double v : values) {
            kept.addLast(v);
            if (kept.size() > KEPT_VALUES) {
                kept.removeFirst();
            }
        }
        observed.merge(series, (long) values.size(), Long::sum);
    }

    private static double sum(JsonNode value) {
        if (!value.isArray()) {
            return value.asDouble();
        }
        double total = 0;
        for (JsonNode v : value) {
            total += v.asDouble();
        }
        return total;
    }
}
