package io.entitytable.deployment.metrics;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import software.amazon.cloudwatchlogs.emf.environment.Environment;
import software.amazon.cloudwatchlogs.emf.environment.LambdaEnvironment;
import software.amazon.cloudwatchlogs.emf.logger.MetricsLogger;
import software.amazon.cloudwatchlogs.emf.model.DimensionSet;
import software.amazon.cloudwatchlogs.emf.model.MetricsContext;
import software.amazon.cloudwatchlogs.emf.model.Unit;
import software.amazon.cloudwatchlogs.emf.sinks.ISink;

/**
 * Writes {@link MetricRecord}s in CloudWatch Embedded Metric Format through the aws-embedded-metrics library: one log
 * line per record (more only past 100 metrics or values), which CloudWatch Logs turns into metrics with no
 * PutMetricData call.
 *
 * <p>The environment is chosen here, not detected by the library: its detection would probe ECS, the EC2 metadata
 * endpoint and a CloudWatch agent socket wherever {@code AWS_LAMBDA_FUNCTION_NAME} is unset. A function (on Lambda, or
 * run as a process by the local runtime, which sets that variable too) writes to standard output, which is its log;
 * anything else (tests, tools, benchmarks running the fan-out or the indexer in-process) writes nothing unless given an
 * output.
 */
public final class MetricsOutput {
    private static final System.Logger LOG = System.getLogger(MetricsOutput.class.getName());
    private static final String FUNCTION_NAME_VARIABLE = "AWS_LAMBDA_FUNCTION_NAME";

    private final Environment environment;
    private final String function;

    private MetricsOutput(Environment environment, String function) {
        this.environment = environment;
        this.function = function;
    }

    /** Standard output in a function (the Lambda log), nothing elsewhere. */
    public static MetricsOutput ofThisProcess() {
        String function = System.getenv(FUNCTION_NAME_VARIABLE);
        if (function == null || function.isBlank()) {
            return none();
        }
        return new MetricsOutput(new LambdaEnvironment(), function);
    }

    public static MetricsOutput none() {
        return new MetricsOutput(null, null);
    }

    /** Hands every line the library writes to {@code lines}, as if from {@code function}. */
    public static MetricsOutput toLines(String function, Consumer<String> lines) {
        return new MetricsOutput(new LineEnvironment(function, lines), function);
    }

    /**
     * Builds the records and writes each; never throws, like {@link #write}, also when building them fails (they are
     * built from counts the work kept, after the work).
     */
    public void writeAll(Supplier<List<MetricRecord>> records) {
        if (environment == null) {
            return;
        }
        List<MetricRecord> built;
        try {
            built = records.get();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "metrics not written: " + e, e);
            return;
        }
        built.forEach(this::write);
    }

    /**
     * Writes {@code record}. Never throws: metrics describe the work and must never fail it; a batch failed for its
     * metrics would be delivered again and again, and a request would answer 500 for a write that took effect. A fault
     * is logged and the record dropped.
     */
    public void write(MetricRecord record) {
        if (environment == null || record.measures().isEmpty()) {
            return;
        }
        try {
            MetricsLogger logger = new MetricsLogger(environment);
            logger.setNamespace(MetricNames.NAMESPACE);
            DimensionSet all = DimensionSet.of(MetricNames.FUNCTION, function);
            for (var dimension : record.dimensions().entrySet()) {
                all.addDimension(dimension.getKey(), dimension.getValue());
            }
            // Only these dimensions: the library's defaults (log group, service name and type) would add nothing the
            // function's name does not say, and every alarm would have to name them.
            if (record.isAlsoPerFunction()) {
                logger.setDimensions(false, all, DimensionSet.of(MetricNames.FUNCTION, function));
            } else {
                logger.setDimensions(false, all);
            }
            for (MetricRecord.Measure measure : record.measures()) {
                for (double value : measure.values()) {
                    logger.putMetric(measure.name(), value, unitOf(measure.unit()));
                }
            }
            logger.flush();
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "metrics not written: " + e, e);
        }
    }

    private static Unit unitOf(MetricRecord.Unit unit) {
        return switch (unit) {
            case COUNT -> Unit.COUNT;
            case MILLISECONDS -> Unit.MILLISECONDS;
            case COUNT_PER_SECOND -> Unit.COUNT_SECOND;
        };
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
