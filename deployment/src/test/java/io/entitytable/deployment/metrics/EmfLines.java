package io.entitytable.deployment.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Collects the Embedded Metric Format lines {@link MetricsRecorder#toLines} recorders write and reads them back the way
 * CloudWatch does: each line's {@code _aws.CloudWatchMetrics} directives name a namespace, dimension sets and metrics
 * with units; the values and the dimension values are the line's top-level members.
 */
public final class EmfLines {
    /** A ULID anywhere in a value: a business id would be one. */
    public static final Pattern ID = Pattern.compile("[0-7][0-9A-HJKMNP-TV-Z]{25}");

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ConcurrentLinkedQueue<String> lines = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<MetricsRecorder> recorders = new ConcurrentLinkedQueue<>();

    /** One metric of one line under one of its dimension sets, as CloudWatch would store it. */
    public record Metric(
            String namespace, String name, String unit, Map<String, String> dimensions, List<Double> values) {}

    /** A recorder whose lines this collects. */
    public MetricsRecorder recorder(String function) {
        MetricsRecorder recorder = MetricsRecorder.toLines(function, lines::add);
        recorders.add(recorder);
        return recorder;
    }

    /** Every line so far, after the recorders wrote what they hold. */
    public List<String> lines() {
        recorders.forEach(MetricsRecorder::flush);
        return List.copyOf(lines);
    }

    /** Every metric of every line so far. */
    public List<Metric> metrics() {
        List<Metric> metrics = new ArrayList<>();
        recorders.forEach(MetricsRecorder::flush);
        for (String line : lines) {
            metrics.addAll(parse(line));
        }
        return metrics;
    }

    /** The metrics named {@code name} whose dimensions are exactly {@code dimensions}. */
    public List<Metric> find(String name, Map<String, String> dimensions) {
        return metrics().stream()
                .filter(metric ->
                        metric.name().equals(name) && metric.dimensions().equals(dimensions))
                .toList();
    }

    /** The sum of every value of the metrics {@link #find} finds. */
    public double sum(String name, Map<String, String> dimensions) {
        return find(name, dimensions).stream()
                .flatMap(metric -> metric.values().stream())
                .mapToDouble(Double::doubleValue)
                .sum();
    }

    /** Every value of every dimension of every metric so far that {@code test} accepts. */
    public List<String> dimensionValues(Predicate<String> test) {
        return metrics().stream()
                .flatMap(metric -> metric.dimensions().values().stream())
                .filter(test)
                .distinct()
                .toList();
    }

    public void clear() {
        lines.clear();
    }

    static List<Metric> parse(String line) {
        JsonNode root;
        try {
            root = JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + line, e);
        }
        List<Metric> metrics = new ArrayList<>();
        for (JsonNode directive : root.path("_aws").path("CloudWatchMetrics")) {
            String namespace = directive.path("Namespace").asText();
            for (JsonNode dimensionSet : directive.path("Dimensions")) {
                Map<String, String> dimensions = new LinkedHashMap<>();
                for (JsonNode dimension : dimensionSet) {
                    dimensions.put(
                            dimension.asText(), root.path(dimension.asText()).asText(null));
                }
                for (JsonNode metric : directive.path("Metrics")) {
                    String name = metric.path("Name").asText();
                    metrics.add(new Metric(
                            namespace, name, metric.path("Unit").asText(null), dimensions, values(root.path(name))));
                }
            }
        }
        return metrics;
    }

    private static List<Double> values(JsonNode value) {
        List<Double> values = new ArrayList<>();
        if (value.isArray()) {
            value.forEach(each -> values.add(each.asDouble()));
        } else if (value.isNumber()) {
            values.add(value.asDouble());
        }
        return values;
    }
}
