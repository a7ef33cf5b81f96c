package io.entitytable.deployment.metrics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The dimensions of a group of metrics besides the function ({@link MetricNames#FUNCTION}, which {@link
 * MetricsRecorder} adds), and the coarser groups the same values are also counted under ({@link #alsoPer}). Every
 * value comes from a small fixed set (see {@link MetricNames}).
 */
public final class Dimensions {
    private static final Dimensions FUNCTION_ONLY = new Dimensions(Map.of(), List.of());

    private final Map<String, String> values;
    private final List<List<String>> rollups;

    private Dimensions(Map<String, String> values, List<List<String>> rollups) {
        this.values = values;
        this.rollups = rollups;
    }

    /** The function alone. */
    public static Dimensions function() {
        return FUNCTION_ONLY;
    }

    public static Dimensions of(String name, String value) {
        return function().and(name, value);
    }

    public Dimensions and(String name, String value) {
        if (name.equals(MetricNames.FUNCTION)) {
            throw new IllegalArgumentException("the recorder names the function");
        }
        Map<String, String> more = new LinkedHashMap<>(values);
        more.put(name, Objects.requireNonNull(value, name));
        return new Dimensions(Map.copyOf(more), rollups);
    }

    /**
     * The same values also under the function and only {@code names} of these dimensions (none: the function alone),
     * so one alarm or graph covers every value of the others: a percentile cannot be combined across metrics later.
     */
    public Dimensions alsoPer(String... names) {
        List<List<String>> more = new ArrayList<>(rollups);
        more.add(List.of(names));
        return new Dimensions(values, List.copyOf(more));
    }

    public Map<String, String> values() {
        return values;
    }

    public List<List<String>> rollups() {
        return rollups;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Dimensions that && values.equals(that.values) && rollups.equals(that.rollups);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values, rollups);
    }
}
