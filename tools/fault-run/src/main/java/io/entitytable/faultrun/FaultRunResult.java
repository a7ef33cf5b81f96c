package io.entitytable.faultrun;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Everything a run did and found, and the summary it prints. */
public record FaultRunResult(
        FaultRunOptions options,
        Duration traffic,
        boolean drained,
        Duration drain,
        OperationStats operations,
        Retries retries,
        Map<FaultKind, Long> faults,
        Engine engine,
        Stream stream,
        Refresh refresh,
        Index index,
        Verification verification,
        Duration total) {

    /**
     * The creates the clients sent again with their Idempotency-Key, as after a lost answer.
     *
     * @param retried creates sent a second time
     * @param wrongAnswers retries whose answer was not the first request's subject, replayed
     * @param examples some of those
     * @param secondSubjects keys that more than one customer or order in the table carries
     */
    public record Retries(long retried, long wrongAnswers, List<String> examples, List<String> secondSubjects) {}

    /**
     * What the local DynamoDB engine did as DynamoDB does, none of it injected.
     *
     * @param settings the throughput and shard age it ran with
     * @param seedThrottles requests of the seed and the search backfill it refused, before the run's traffic
     * @param throttled requests it refused for a partition's throughput from the traffic on (the table's and each
     *     index's)
     * @param fanoutConflicts the fan-out's writes it refused or cancelled for a transaction on their items
     * @param workerConflicts the refresh workers' writes it refused or cancelled so
     * @param streamShards shards of the table's stream at the end: the first and one more for each rollover
     */
    public record Engine(
            EngineUnderLoad settings,
            long seedThrottles,
            ThrottleCount throttled,
            long fanoutConflicts,
            long workerConflicts,
            long streamShards) {}

    /**
     * What went through the stream path.
     *
     * @param recordsDelivered records in every invocation, duplicates and re-deliveries included
     * @param distinctRecords stream records that reached the function at least once
     * @param discardedRecords records the pump gave up on (retries or age exhausted): each one is lost fan-out work
     */
    public record Stream(
            long invocations,
            long recordsDelivered,
            long distinctRecords,
            long functionErrors,
            long instancesStarted,
            long discardedRecords) {}

    /**
     * What went through the search indexer's own pump (the same stream, the indexer's filter and batching).
     *
     * @param drained whether its pump caught up with the stream after the fan-out's had
     * @param redeliveredBatches, duplicatedRecords the delivery faults it met, drawn from a plan of its own
     * @param deadLetters records whose document the engine refused
     * @param discardedRecords records its pump gave up on
     */
    public record Index(
            boolean drained,
            long invocations,
            long recordsDelivered,
            long redeliveredBatches,
            long duplicatedRecords,
            long functionErrors,
            long deadLetters,
            long discardedRecords) {}

    /**
     * What went through the refresh queue and its workers.
     *
     * @param finished whether the queue emptied and every job was done before the drain's time ran out
     * @param jobs job items in the table at the end, {@code jobsDone} of them done, after {@code passes} passes in all
     * @param messagesSent refresh messages sent (by the fan-out and the workers), duplicates included
     * @param continuations messages that carried the rest of a segment after a worker's slice ended
     * @param queueDepth messages left in the refresh queue at the end
     * @param deadLetters messages in the refresh dead-letter queue at the end: each one is a job that stopped
     */
    public record Refresh(
            boolean finished,
            long jobs,
            long jobsDone,
            long passes,
            long messagesSent,
            long continuations,
            long invocations,
            long functionErrors,
            long instancesStarted,
            long queueDepth,
            long deadLetters) {}

    /** Why the run failed; empty when it passed. */
    public List<String> failures() {
        List<String> failures = new ArrayList<>();
        if (operations.serverErrors() > 0) {
            failures.add(operations.serverErrors() + " API answers were 5xx");
        }
        long otherUnexpected = operations.unexpected() - operations.serverErrors();
        if (otherUnexpected > 0) {
            failures.add(otherUnexpected + " API answers were neither 2xx nor 404/409/412");
        }
        if (retries.wrongAnswers() > 0) {
            failures.add(retries.wrongAnswers() + " retried creates did not answer the first request's subject");
        }
        if (!retries.secondSubjects().isEmpty()) {
            failures.add(retries.secondSubjects().size() + " retried creates made a second subject");
        }
        if (!drained) {
            failures.add("the stream did not drain within "
                    + options.drainAllowance(traffic).toSeconds() + " s");
        }
        if (stream.discardedRecords() > 0) {
            failures.add(stream.discardedRecords() + " stream records were sent to the failure destination");
        }
        if (!refresh.finished()) {
            failures.add("the refresh jobs did not finish within "
                    + options.drainAllowance(traffic).toSeconds() + " s ("
                    + refresh.jobsDone() + " of " + refresh.jobs() + " done, " + refresh.queueDepth()
                    + " messages queued)");
        }
        if (refresh.deadLetters() > 0) {
            failures.add(refresh.deadLetters() + " refresh messages went to the dead-letter queue");
        }
        if (verification.drift() > 0) {
            failures.add("verify found " + verification.drift() + " drift findings");
        }
        if (!index.drained()) {
            failures.add("the search indexer's pump did not catch up within "
                    + options.drainAllowance(traffic).toSeconds() + " s");
        }
        if (index.deadLetters() + index.discardedRecords() > 0) {
            failures.add(index.deadLetters() + " records were refused by the search index and "
                    + index.discardedRecords() + " given up by its pump");
        }
        if (verification.indexDrift() > 0) {
            failures.add("verify found " + verification.indexDrift() + " search index drift findings");
        }
        if (engine.throttled().total() == 0) {
            failures.add("the DynamoDB engine throttled no request of the run ("
                    + engine.settings().describe() + ")");
        }
        return failures;
    }

    public boolean passed() {
        return failures().isEmpty();
    }

    public long faultsInjected() {
        return faults.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The report printed at the end of a run. */
    public String summary() {
        StringBuilder out = new StringBuilder();
        out.append("Fault-injected run\n");
        line(
                out,
                "  seed %d, %d clients, %.1f s of traffic, drained in %.1f s, %.1f s in all",
                options.seed(),
                options.clients(),
                seconds(traffic),
                seconds(drain),
                seconds(total));
        line(
                out,
                "  again: java %s-jar tools/fault-run/target/fault-run.jar --seed %d --duration %ds --clients %d",
                engine.settings().commandLineOptions(),
                options.seed(),
                options.duration().toSeconds(),
                options.clients());
        out.append("Operations: ").append(operations.total()).append(" (");
        out.append(operations.countsByKind().entrySet().stream()
                .map(entry -> entry.getKey().label() + " " + entry.getValue())
                .collect(Collectors.joining(", ")));
        out.append(")\n  answers: ");
        out.append(operations.byStatus().entrySet().stream()
                .map(entry -> entry.getKey() + " x" + entry.getValue())
                .collect(Collectors.joining(", ")));
        out.append("; unexpected ")
                .append(operations.unexpected())
                .append(" (5xx ")
                .append(operations.serverErrors())
                .append(")\n");
        examples(out, operations.unexpectedExamples());
        line(
                out,
                "Retried creates (same Idempotency-Key): %d; answered with another subject %d; keys that made a second"
                        + " subject %d",
                retries.retried(),
                retries.wrongAnswers(),
                retries.secondSubjects().size());
        examples(out, retries.examples());
        retries.secondSubjects()
                .forEach(key -> out.append("    second subject: ").append(key).append('\n'));
        out.append("Faults injected: ").append(faultsInjected()).append('\n');
        faults.forEach((kind, count) -> line(out, "  %-32s %d", kind.description(), count));
        out.append("DynamoDB engine (as DynamoDB behaves, not injected): ")
                .append(engine.settings().describe())
                .append('\n');
        line(
                out,
                "  throttled requests %d (table %d, %s); %d more during the seed",
                engine.throttled().total(),
                engine.throttled().table(),
                engine.throttled().byIndex().entrySet().stream()
                        .map(entry -> entry.getKey() + " " + entry.getValue())
                        .collect(Collectors.joining(", ")),
                engine.seedThrottles());
        line(
                out,
                "  transaction conflicts answered the fan-out %d, the refresh workers %d; stream shards %d",
                engine.fanoutConflicts(),
                engine.workerConflicts(),
                engine.streamShards());
        line(
                out,
                "Stream: %d records delivered (%d distinct) in %d invocations, %d function errors, %d fan-out instances"
                        + " started, %d records sent to the failure destination",
                stream.recordsDelivered(),
                stream.distinctRecords(),
                stream.invocations(),
                stream.functionErrors(),
                stream.instancesStarted(),
                stream.discardedRecords());
        line(
                out,
                "Refresh: %d jobs, %d done, %d passes; %d messages sent (%d continuations) in %d invocations, %d function"
                        + " errors, %d worker instances started; %d left in the queue, %d in the dead-letter queue",
                refresh.jobs(),
                refresh.jobsDone(),
                refresh.passes(),
                refresh.messagesSent(),
                refresh.continuations(),
                refresh.invocations(),
                refresh.functionErrors(),
                refresh.instancesStarted(),
                refresh.queueDepth(),
                refresh.deadLetters());
        line(
                out,
                "Search indexer: %d records delivered in %d invocations (%d batches re-delivered, %d records"
                        + " duplicated), %d function errors, %d refused by the index, %d sent to the failure"
                        + " destination",
                index.recordsDelivered(),
                index.invocations(),
                index.redeliveredBatches(),
                index.duplicatedRecords(),
                index.functionErrors(),
                index.deadLetters(),
                index.discardedRecords());
        out.append("Verify: ").append(verification.summary()).append('\n');
        examples(out, verification.examples());
        List<String> failures = failures();
        out.append("Result: ").append(failures.isEmpty() ? "PASSED" : "FAILED: " + String.join("; ", failures));
        return out.toString();
    }

    /** One line of the report: the figures in the words of {@code format}, whatever the JVM's locale. */
    private static void line(StringBuilder out, String format, Object... figures) {
        out.append(String.format(Locale.ROOT, format + "%n", figures));
    }

    /** Examples of what went wrong, indented under the line that counts them. */
    private static void examples(StringBuilder out, List<String> examples) {
        examples.forEach(example -> out.append("    ").append(example).append('\n'));
    }

    private static double seconds(Duration duration) {
        return duration.toMillis() / 1000.0;
    }
}
