package io.entitytable.local.metrics;

import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.InvocationResult;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stream consumer's backlog as Lambda reports it for an event source mapping: the {@code IteratorAge} of each batch
 * (how old its last record was when the batch was handed to the function), the batches and the function errors;
 * with whether the pump has read everything written so far. Wraps the invoker a pump delivers through, so it sees
 * exactly the events the function sees.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/monitoring-metrics-types.html">Lambda's IteratorAge</a>
 */
public final class StreamConsumerWatch implements FunctionInvoker {
    /** The stream record's creation time, in epoch seconds, as the Lambda event carries it. */
    private static final Pattern CREATED = Pattern.compile("\"ApproximateCreationDateTime\"\\s*:\\s*([0-9.Ee+]+)");

    private final String consumer;
    private final FunctionInvoker function;
    private final Clock clock;
    private volatile BooleanSupplier caughtUp = () -> false;

    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong functionErrors = new AtomicLong();
    private volatile double lastIteratorAgeSeconds;

    public StreamConsumerWatch(String consumer, FunctionInvoker function, Clock clock) {
        this.consumer = consumer;
        this.function = function;
        this.clock = clock;
    }

    /** Where {@link Figures#caughtUp()} is read from: the pump, which exists only once it is built around this invoker. */
    public void caughtUpFrom(BooleanSupplier pumpCaughtUp) {
        this.caughtUp = pumpCaughtUp;
    }

    @Override
    public InvocationResult invoke(String event) {
        lastCreated(event)
                .ifPresent(created ->
                        lastIteratorAgeSeconds = Math.max(0, clock.millis() - created.toEpochMilli()) / 1000.0);
        batches.incrementAndGet();
        InvocationResult result = function.invoke(event);
        if (result.functionError()) {
            functionErrors.incrementAndGet();
        }
        return result;
    }

    /**
     * What a scrape shows of this consumer.
     *
     * @param consumer the consuming function's name
     * @param batches batches handed to the function since the start
     * @param functionErrors batches the function failed
     * @param iteratorAgeSeconds the last batch's iterator age (0 before the first batch)
     * @param caughtUp whether the pump has read and delivered everything written so far
     */
    public record Figures(
            String consumer, long batches, long functionErrors, double iteratorAgeSeconds, boolean caughtUp) {}

    public Figures figures() {
        return new Figures(
                consumer, batches.get(), functionErrors.get(), lastIteratorAgeSeconds, caughtUp.getAsBoolean());
    }

    /** The creation time of the event's last record: records are in stream order, so the last is the newest. */
    private static Optional<Instant> lastCreated(String event) {
        Matcher matcher = CREATED.matcher(event);
        String last = null;
        while (matcher.find()) {
            last = matcher.group(1);
        }
        if (last == null) {
            return Optional.empty();
        }
        return Optional.of(Instant.ofEpochMilli((long) (Double.parseDouble(last) * 1000)));
    }
}
