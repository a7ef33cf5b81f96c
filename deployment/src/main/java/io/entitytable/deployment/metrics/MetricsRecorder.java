package io.entitytable.deployment.metrics;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.InstantSource;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import software.amazon.cloudwatchlogs.emf.environment.Environment;
import software.amazon.cloudwatchlogs.emf.environment.LambdaEnvironment;
import software.amazon.cloudwatchlogs.emf.logger.MetricsLogger;
import software.amazon.cloudwatchlogs.emf.model.DimensionSet;
import software.amazon.cloudwatchlogs.emf.model.MetricsContext;
import software.amazon.cloudwatchlogs.emf.model.Unit;
import software.amazon.cloudwatchlogs.emf.sinks.ISink;

/**
 * Records the functions' metrics and writes them in CloudWatch Embedded Metric Format through the aws-embedded-metrics
 * library, once a minute: per minute and group of dimensions, one log line with each count's sum and a uniform sample
 * of each distribution ({@link Sample}), stamped with its minute. CloudWatch Logs turns the lines into metrics, with no
 * PutMetricData call.
 *
 * <p>Why a minute and not each batch or request: the log lines are the cost (ingestion is billed by the byte), and an
 * API instance serves one request per invocation; at the capacity model's reference workload a line per request would
 * cost about a hundred times more than a line per minute (docs/design.md, "Metrics"). A minute is the alarms' period.
 * The minute's lines go out with the first value, batch or request after it ({@link #flushIfDue}), or on {@link
 * #flush} when the function shuts down cleanly, which Lambda seldom does (it freezes an idle instance and ends it
 * later): the last minute of an instance retired before its next invocation is lost.
 *
 * <p>The environment is chosen here, not detected by the library: its detection probes ECS, the EC2 metadata endpoint
 * and a CloudWatch agent socket wherever {@code AWS_LAMBDA_FUNCTION_NAME} is unset. A function (on Lambda, or run as a
 * process by the local runtime, which sets that variable too) writes to standard output, which is its log; anything
 * else (tests, tools and benchmarks running the fan-out or the indexer in-process) records nothing unless given a
 * recorder.
 *
 * <p>Nothing here ever throws: metrics describe the work and must never fail it (a stream batch failed for its
 * metrics would be delivered again and again; a request would answer 500 for a write that took effect). A fault is
 * logged and the values dropped. Thread-safe.
 */
public final class MetricsRecorder {
    private static final System.Logger LOG = System.getLogger(MetricsRecorder.class.getName());
    private static final String FUNCTION_NAME_VARIABLE = "AWS_LAMBDA_FUNCTION_NAME";

    private final Environment environment;
    private final String function;
    private final InstantSource clock;
    /** Recording takes the read side, ending a minute the write side: no value goes into a minute being written. */
    private final ReadWriteLock minuteLock = new ReentrantReadWriteLock();

    private Instant minute;
    private Map<Dimensions, Aggregate> aggregates = new ConcurrentHashMap<>();

    private MetricsRecorder(Environment environment, String function, InstantSource clock) {
        this.environment = environment;
        this.function = function;
        this.clock = clock;
        this.minute = minuteOf(clock.instant());
    }

    /** Standard output in a function (its Lambda log), nothing elsewhere. */
    public static MetricsRecorder ofThisProcess() {
        String function = System.getenv(FUNCTION_NAME_VARIABLE);
        if (function == null || function.isBlank()) {
            return none();
        }
        return new MetricsRecorder(new LambdaEnvironment(), function, InstantSource.system());
    }

    public static MetricsRecorder none() {
        return new MetricsRecorder(null, null, InstantSource.system());
    }

    /** Hands every line the library writes to {@code lines}, as if from {@code function}. */
    public static MetricsRecorder toLines(String function, Consumer<String> lines) {
        return toLines(function, lines, InstantSource.system());
    }

    static MetricsRecorder toLines(String function, Consumer<String> lines, InstantSource clock) {
        return new MetricsRecorder(new LineEnvironment(function, lines), function, clock);
    }

    public void count(Dimensions dimensions, String name, long count) {
        record(dimensions, aggregate -> aggregate.count(name, count));
    }

    /** One value of a distribution in milliseconds (a lag); negative values (hosts' clocks disagreeing) count as 0. */
    public void milliseconds(Dimensions dimensions, String name, long millis) {
        record(dimensions, aggregate -> aggregate.milliseconds(name, Math.max(0, millis)));
    }

    /** Writes the minute's lines if that minute is over: called after every batch and request. */
    public void flushIfDue() {
        if (environment != null && !minuteOf(clock.instant()).equals(currentMinute())) {
            flush();
        }
    }

    /** Writes what was recorded so far and starts a new minute (also when the function shuts down). */
    public void flush() {
        if (environment == null) {
            return;
        }
        Instant ended;
        Map<Dimensions, Aggregate> written;
        minuteLock.writeLock().lock();
        try {
            ended = minute;
            written = aggregates;
            minute = minuteOf(clock.instant());
            aggregates = new ConcurrentHashMap<>();
        } finally {
            minuteLock.writeLock().unlock();
        }
        written.forEach((dimensions, aggregate) -> write(ended, dimensions, aggregate));
    }

    /** Drops what the current minute holds, unwritten (a SnapStart priming request, which no client sent). */
    public void discard() {
        minuteLock.writeLock().lock();
        try {
            minute = minuteOf(clock.instant());
            aggregates = new ConcurrentHashMap<>();
        } finally {
            minuteLock.writeLock().unlock();
        }
    }

    private void record(Dimensions dimensions, Consumer<Aggregate> change) {
        if (environment == null) {
            return;
        }
        try {
            flushIfDue();
            minuteLock.readLock().lock();
            try {
                change.accept(aggregates.computeIfAbsent(dimensions, ignored -> new Aggregate()));
            } finally {
                minuteLock.readLock().unlock();
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "metric not recorded: " + e, e);
        }
    }

    private Instant currentMinute() {
        minuteLock.readLock().lock();
        try {
            return minute;
        } finally {
            minuteLock.readLock().unlock();
        }
    }

    private void write(Instant minute, Dimensions dimensions, Aggregate aggregate) {
        try {
            MetricsLogger logger = new MetricsLogger(environment);
            logger.setNamespace(MetricNames.NAMESPACE);
            logger.setTimestamp(minute);
            // Only these dimensions: the library's defaults (log group, service name and type) add nothing the
            // function's name does not say, and every alarm would have to name them.
            logger.setDimensions(false, dimensionSets(dimensions));
            aggregate.putInto(logger);
            logger.flush();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "metrics not written: " + e, e);
        }
    }

    private DimensionSet[] dimensionSets(Dimensions dimensions) {
        List<List<String>> rollups = dimensions.rollups();
        DimensionSet[] sets = new DimensionSet[1 + rollups.size()];
        sets[0] = DimensionSet.of(MetricNames.FUNCTION, function);
        dimensions.values().forEach(sets[0]::addDimension);
        for (int i = 0; i < rollups.size(); i++) {
            sets[i + 1] = DimensionSet.of(MetricNames.FUNCTION, function);
            for (String name : rollups.get(i)) {
                sets[i + 1].addDimension(name, dimensions.values().get(name));
            }
        }
        return sets;
    }

    private static Instant minuteOf(Instant instant) {
        return instant.truncatedTo(ChronoUnit.MINUTES);
    }

    /** One minute's metrics of one group of dimensions: the sum of each count, a sample of each distribution. */
    private static final class Aggregate {
        private final Map<String, Long> counts = new ConcurrentHashMap<>();
        private final Map<String, Sample> samples = new ConcurrentHashMap<>();

        void count(String name, long count) {
            counts.merge(name, count, Long::sum);
        }

        void milliseconds(String name, long millis) {
            samples.computeIfAbsent(name, ignored -> new Sample()).add(millis);
        }

        void putInto(MetricsLogger logger) {
            counts.forEach((name, sum) -> logger.putMetric(name, sum, Unit.COUNT));
            samples.forEach((name, sample) ->
                    sample.values().forEach(value -> logger.putMetric(name, value, Unit.MILLISECONDS)));
        }
    }

    /** An environment whose sink hands the library's serialized lines to a consumer (what the console sink prints). */
    private record LineEnvironment(String function, Consumer<String> lines) implements Environment {
        @Override
        public boolean probe() {
            return true;
        }

        @Override
        public String getName() {
            return function;
        }

        @Override
        public String getType() {
            return "AWS::Lambda::Function";
        }

        @Override
        public String getLogGroupName() {
            return function;
        }

        @Override
        public void configureContext(MetricsContext context) {}

        @Override
        public ISink getSink() {
            return new ISink() {
                @Override
                public void accept(MetricsContext context) {
                    try {
                        context.serialize().forEach(lines);
                    } catch (JsonProcessingException e) {
                        throw new UncheckedIOException(e);
                    }
                }

                @Override
                public CompletableFuture<Void> shutdown() {
                    return CompletableFuture.completedFuture(null);
                }
            };
        }
    }
}
