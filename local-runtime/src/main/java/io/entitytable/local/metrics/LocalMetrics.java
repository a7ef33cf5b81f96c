package io.entitytable.local.metrics;

import io.entitytable.model.backfill.BackfillProgress;
import io.entitytable.model.backfill.IndexBackfill;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.CounterSnapshot.CounterDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot.GaugeDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import io.prometheus.metrics.model.snapshots.SummarySnapshot.SummaryDataPointSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * What the local system shows at {@code GET /metrics}: the functions' own metrics (copy lag, index lag, copies,
 * documents, requests: {@link FunctionMetricLines}), each stream consumer's backlog ({@link StreamConsumerWatch}) and
 * the refresh queue's depth and the local DynamoDB engine's throttled requests, in Prometheus's text format, so any Prometheus-compatible scraper or a plain {@code curl}
 * reads it.
 */
public final class LocalMetrics {
    public static final String PATH = "/metrics";
    public static final String CONTENT_TYPE = PrometheusTextFormatWriter.CONTENT_TYPE;

    private static final String PREFIX = "entitytable_";
    private static final double[] QUANTILES = {0.5, 0.9, 0.99};

    private final FunctionMetricLines lines = new FunctionMetricLines();
    private final List<StreamConsumerWatch> consumers = new CopyOnWriteArrayList<>();
    private volatile Supplier<Map<String, Integer>> queueDepths = Map::of;
    private volatile Supplier<Map<String, Long>> throttledRequests = Map::of;
    private volatile Supplier<List<BackfillProgress>> backfills = List::of;
    private volatile Supplier<Map<String, Long>> archiveMoves = Map::of;

    /** Where the functions' output lines go, besides the console. */
    public FunctionMetricLines functionLines() {
        return lines;
    }

    public void watch(StreamConsumerWatch consumer) {
        consumers.add(consumer);
    }

    /** The depth of each queue (visible and in-flight messages), read at each scrape. */
    public void queueDepthsFrom(Supplier<Map<String, Integer>> depths) {
        this.queueDepths = depths;
    }

    /**
     * The local DynamoDB engine's throttled requests since its start, by index ({@link #TABLE_ITSELF} for the table's
     * own partitions), read at each scrape: CloudWatch's {@code ThrottledRequests}.
     */
    public void throttledRequestsFrom(Supplier<Map<String, Long>> throttled) {
        this.throttledRequests = throttled;
    }

    /** Each index backfill's progress, read at each scrape: whether its pattern may answer, and how far it is. */
    public void backfillsFrom(Supplier<List<BackfillProgress>> progress) {
        this.backfills = progress;
    }

    /**
     * What the archive job's moves did since the system started, by outcome ({@code moved}, {@code not_due},
     * {@code held}, {@code changed}, {@code gone}), read at each scrape.
     */
    public void archiveMovesFrom(Supplier<Map<String, Long>> moves) {
        this.archiveMoves = moves;
    }

    /** The {@code index} label of requests throttled on the table's own partitions rather than an index's. */
    public static final String TABLE_ITSELF = "table";

    /** The text a scrape answers. */
    public byte[] scrape() {
        MetricSnapshots.Builder all = MetricSnapshots.builder();
        functionCounts(all);
        functionDistributions(all);
        streamConsumers(all);
        queues(all);
        throttling(all);
        backfills(all);
        archive(all);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            new PrometheusTextFormatWriter(false).write(out, all.build());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A distribution's quantiles, in milliseconds, as the console shows them. */
    public record Distribution(
            String metric,
            String function,
            Map<String, String> dimensions,
            long count,
            double p50,
            double p90,
            double p99) {}

    /** The same figures as a scrape, as values rather than text: for the local console. */
    public record Summary(
            List<StreamConsumerWatch.Figures> consumers,
            Map<String, Integer> queues,
            List<Distribution> distributions,
            Map<String, Double> counts,
            Map<String, Long> throttledRequests,
            List<PatternState> patterns) {}

    /** Where an access pattern's index backfill stands, as the console shows it. */
    public record PatternState(
            int pattern, String backfill, String phase, long pass, int percent, long scanned, long changed) {
        static PatternState of(IndexBackfill index, BackfillProgress progress) {
            return new PatternState(
                    index.pattern().number(),
                    progress.name(),
                    progress.phase().value(),
                    progress.pass(),
                    progress.percent(),
                    progress.scanned(),
                    progress.changed());
        }
    }

    public Summary summary() {
        List<Distribution> distributions = new ArrayList<>();
        Map<FunctionMetricLines.Series, Long> observed = lines.observedCounts();
        lines.distributions().forEach((series, values) -> {
            List<Double> sorted = new ArrayList<>(values);
            sorted.sort(Double::compare);
            distributions.add(new Distribution(
                    series.metric(),
                    series.function(),
                    series.dimensions(),
                    observed.getOrDefault(series, (long) values.size()),
                    quantile(sorted, QUANTILES[0]),
                    quantile(sorted, QUANTILES[1]),
                    quantile(sorted, QUANTILES[2])));
        });
        Map<String, Double> counts = new java.util.TreeMap<>();
        lines.counts().forEach((series, value) -> counts.merge(series.metric(), value, Double::sum));
        return new Summary(
                consumers.stream().map(StreamConsumerWatch::figures).toList(),
                queueDepths.get(),
                distributions,
                counts,
                throttledRequests.get(),
                backfills.get().stream()
                        .flatMap(progress -> IndexBackfill.ALL.stream()
                                .filter(index -> index.name().equals(progress.name()))
                                .map(index -> PatternState.of(index, progress)))
                        .toList());
    }

    private void functionCounts(MetricSnapshots.Builder all) {
        Map<String, CounterSnapshot.Builder> families = new LinkedHashMap<>();
        lines.counts().forEach((series, value) -> families.computeIfAbsent(
                        series.metric(), metric -> CounterSnapshot.builder()
                                .name(PREFIX + snakeCase(metric))
                                .help(metric
                                        + " (Count) as the functions write it to CloudWatch, summed since the start"))
                .dataPoint(CounterDataPointSnapshot.builder()
                        .labels(labelsOf(series))
                        .value(value)
                        .build()));
        families.values().forEach(family -> all.metricSnapshot(family.build()));
    }

    private void functionDistributions(MetricSnapshots.Builder all) {
        Map<String, SummarySnapshot.Builder> families = new LinkedHashMap<>();
        Map<FunctionMetricLines.Series, Long> observed = lines.observedCounts();
        lines.distributions().forEach((series, values) -> {
            List<Double> seconds = new ArrayList<>();
            values.forEach(ms -> seconds.add(ms / 1000.0));
            seconds.sort(Double::compare);
            Quantiles.Builder quantiles = Quantiles.builder();
            for (double q : QUANTILES) {
                quantiles.quantile(new Quantile(q, quantile(seconds, q)));
            }
            families.computeIfAbsent(series.metric(), metric -> SummarySnapshot.builder()
                            .name(PREFIX + snakeCase(metric) + "_seconds")
                            .help(metric + " as the functions write it to CloudWatch; quantiles of the last "
                                    + FunctionMetricLines.KEPT_VALUES + " values"))
                    .dataPoint(SummaryDataPointSnapshot.builder()
                            .labels(labelsOf(series))
                            .quantiles(quantiles.build())
                            .count(observed.getOrDefault(series, (long) values.size()))
                            .sum(seconds.stream()
                                    .mapToDouble(Double::doubleValue)
                                    .sum())
                            .build());
        });
        families.values().forEach(family -> all.metricSnapshot(family.build()));
    }

    private void streamConsumers(MetricSnapshots.Builder all) {
        GaugeSnapshot.Builder age = GaugeSnapshot.builder()
                .name(PREFIX + "stream_iterator_age_seconds")
                .help("How old the last record of the consumer's last batch was when it was handed to the function"
                        + " (Lambda's IteratorAge): its backlog");
        GaugeSnapshot.Builder caughtUp = GaugeSnapshot.builder()
                .name(PREFIX + "stream_caught_up")
                .help("1 when the consumer's pump has read and delivered every record written so far, else 0");
        CounterSnapshot.Builder batches = CounterSnapshot.builder()
                .name(PREFIX + "stream_batches")
                .help("Batches the consumer's pump handed to its function since the start");
        CounterSnapshot.Builder errors = CounterSnapshot.builder()
                .name(PREFIX + "stream_function_errors")
                .help("Batches the function failed (retried, bisected or dead-lettered by the pump)");
        for (StreamConsumerWatch consumer : consumers) {
            StreamConsumerWatch.Figures figures = consumer.figures();
            Labels labels = Labels.of("consumer", figures.consumer());
            age.dataPoint(gauge(labels, figures.iteratorAgeSeconds()));
            caughtUp.dataPoint(gauge(labels, figures.caughtUp() ? 1 : 0));
            batches.dataPoint(counter(labels, figures.batches()));
            errors.dataPoint(counter(labels, figures.functionErrors()));
        }
        all.metricSnapshot(age.build());
        all.metricSnapshot(caughtUp.build());
        all.metricSnapshot(batches.build());
        all.metricSnapshot(errors.build());
    }

    private void queues(MetricSnapshots.Builder all) {
        GaugeSnapshot.Builder depth = GaugeSnapshot.builder()
                .name(PREFIX + "queue_messages")
                .help("Messages in the queue, visible or being worked on: refresh-job segments still to run");
        queueDepths.get().forEach((queue, messages) -> depth.dataPoint(gauge(Labels.of("queue", queue), messages)));
        all.metricSnapshot(depth.build());
    }

    private void throttling(MetricSnapshots.Builder all) {
        labelledCounter(
                all,
                "dynamodb_throttled_requests",
                "Requests the local DynamoDB engine refused for a partition's throughput (DynamoDB's"
                        + " ThrottledRequests), by the table's or index's partitions that were hot",
                "index",
                throttledRequests.get());
    }

    private void archive(MetricSnapshots.Builder all) {
        labelledCounter(
                all,
                "archive_moves",
                "Finished orders the archive job looked at, by what it did: moved to the archive, not due yet,"
                        + " held by another move, changed during the move (kept in the table), gone",
                "outcome",
                archiveMoves.get());
    }

    /** One counter with a value per key of {@code counts}, the key under the label {@code label}. */
    private static void labelledCounter(
            MetricSnapshots.Builder all, String name, String help, String label, Map<String, Long> counts) {
        CounterSnapshot.Builder counter =
                CounterSnapshot.builder().name(PREFIX + name).help(help);
        counts.forEach((key, count) -> counter.dataPoint(counter(Labels.of(label, key), count)));
        all.metricSnapshot(counter.build());
    }

    private void backfills(MetricSnapshots.Builder all) {
        List<BackfillProgress> progress = backfills.get();
        backfillGauge(
                all,
                progress,
                "pattern_ready",
                "1 when the access pattern's index backfill has proven every item indexed and the pattern answers; 0"
                        + " while it is backfilling or verifying (requests for it get 503)",
                each -> each.isReady() ? 1 : 0);
        backfillGauge(
                all,
                progress,
                "backfill_percent",
                "How far the running pass of the index backfill is through the table (100 once ready)",
                BackfillProgress::percent);
        backfillGauge(
                all,
                progress,
                "backfill_pass",
                "The index backfill's running pass: 1 backfills, later ones verify; 0 for a table created with the"
                        + " pattern",
                BackfillProgress::pass);
    }

    /** One gauge with a value per backfill, labelled by its name. */
    private static void backfillGauge(
            MetricSnapshots.Builder all,
            List<BackfillProgress> progress,
            String name,
            String help,
            ToDoubleFunction<BackfillProgress> value) {
        GaugeSnapshot.Builder gauge =
                GaugeSnapshot.builder().name(PREFIX + name).help(help);
        progress.forEach(each -> gauge.dataPoint(gauge(Labels.of("backfill", each.name()), value.applyAsDouble(each))));
        all.metricSnapshot(gauge.build());
    }

    private static GaugeDataPointSnapshot gauge(Labels labels, double value) {
        return GaugeDataPointSnapshot.builder().labels(labels).value(value).build();
    }

    private static CounterDataPointSnapshot counter(Labels labels, double value) {
        return CounterDataPointSnapshot.builder().labels(labels).value(value).build();
    }

    private static Labels labelsOf(FunctionMetricLines.Series series) {
        Labels labels = Labels.of("function", series.function());
        for (Map.Entry<String, String> dimension : series.dimensions().entrySet()) {
            labels = labels.add(snakeCase(dimension.getKey()), dimension.getValue());
        }
        return labels;
    }

    /** Nearest rank: a value that was observed, never one between two. */
    static double quantile(List<Double> sorted, double q) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(q * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    /** {@code CopyLag} → {@code copy_lag}: Prometheus's naming. */
    static String snakeCase(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }
}
