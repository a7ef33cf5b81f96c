package io.entitytable.deployment.metrics;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The metrics of one batch or one request that share their dimensions: what {@link MetricsOutput} writes as one
 * Embedded Metric Format line. Built by one thread once the work is done, from the counts the work kept.
 */
public final class MetricRecord {
    /** The units the project's metrics use. */
    public enum Unit {
        COUNT,
        MILLISECONDS,
        COUNT_PER_SECOND
    }

    /** One metric and its values (one for a count, a sample for a distribution). */
    public record Measure(String name, Unit unit, List<Double> values) {}

    private final Map<String, String> dimensions = new LinkedHashMap<>();
    private final List<Measure> measures = new ArrayList<>();
    private boolean alsoPerFunction;

    private MetricRecord() {}

    /** Metrics of the function as a whole: {@link MetricNames#FUNCTION} is their only dimension. */
    public static MetricRecord perFunction() {
        return new MetricRecord();
    }

    /** Metrics of one value of a dimension besides the function (a kind of copy, an entity). */
    public static MetricRecord per(String dimension, String value) {
        return new MetricRecord().and(dimension, value);
    }

    public MetricRecord and(String dimension, String value) {
        if (dimension.equals(MetricNames.FUNCTION)) {
            throw new IllegalArgumentException("the output names the function");
        }
        dimensions.put(dimension, value);
        return this;
    }

    /**
     * The same values also under the function alone, so that one alarm or graph covers every value of the other
     * dimensions (a percentile cannot be combined across metrics afterwards).
     */
    public MetricRecord alsoPerFunction() {
        this.alsoPerFunction = true;
        return this;
    }

    public MetricRecord count(String name, long count) {
        measures.add(new Measure(name, Unit.COUNT, List.of((double) count)));
        return this;
    }

    public MetricRecord perSecond(String name, double rate) {
        measures.add(new Measure(name, Unit.COUNT_PER_SECOND, List.of(rate)));
        return this;
    }

    /** A distribution; left out when {@code values} is empty (no value is not a value of 0). */
    public MetricRecord milliseconds(String name, Collection<Long> values) {
        if (values.size() > MetricNames.MAX_SAMPLES_PER_RECORD) {
            throw new IllegalArgumentException("at most " + MetricNames.MAX_SAMPLES_PER_RECORD + " values: " + name);
        }
        if (!values.isEmpty()) {
            measures.add(new Measure(
                    name,
                    Unit.MILLISECONDS,
                    values.stream().map(Long::doubleValue).toList()));
        }
        return this;
    }

    public Map<String, String> dimensions() {
        return Map.copyOf(dimensions);
    }

    public List<Measure> measures() {
        return List.copyOf(measures);
    }

    public boolean isAlsoPerFunction() {
        return alsoPerFunction;
    }
}
