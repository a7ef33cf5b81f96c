package io.entitytable.local.pump;

import io.entitytable.deployment.StreamTrigger;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * Delivers one batch of one shard to the function with the error handling of a DynamoDB Streams event source mapping,
 * and returns only when every record of the batch was either processed or sent to the failure destination; then the
 * caller may checkpoint past the batch.
 *
 * <ul>
 *   <li>A partial batch response ({@code batchItemFailures}) checkpoints before the lowest failed sequence number and
 *       retries from there: the records before it are not sent again, the rest are, as one batch.
 *   <li>A function error with {@code BisectBatchOnFunctionError} splits the batch in two and delivers the halves in
 *       order; splitting does not use up retries, so a poison record ends up alone while the others get through.
 *   <li>A batch of one (or any batch without bisecting) is retried up to {@code MaximumRetryAttempts} times; records
 *       older than {@code MaximumRecordAgeInSeconds} are not sent again. Either way they go to the failure
 *       destination and the shard moves on.
 * </ul>
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html">Error handling for DynamoDB
 *     event sources</a>
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/services-ddb-batchfailurereporting.html">Partial batch
 *     responses</a>
 */
public record BatchDelivery(
        StreamTrigger trigger,
        FunctionInvoker function,
        FailureDestination failureDestination,
        Clock clock,
        Duration retryDelay,
        Consumer<String> log) {

    /** A part of the batch still to deliver, with the retries it has used and the invocations that carried it. */
    private record Pending(List<PumpRecord> records, int retries, int invocations, InvocationResult lastResult) {}

    /** @throws InterruptedException when the pump stops meanwhile; the caller must not checkpoint then */
    public void deliver(String streamArn, String shardId, List<PumpRecord> batch) throws InterruptedException {
        Deque<Pending> work = new ArrayDeque<>();
        work.push(new Pending(batch, 0, 0, null));
        while (!work.isEmpty()) {
            Pending pending = work.pop();
            int expired = expiredPrefix(pending.records());
            if (expired > 0) {
                List<PumpRecord> records = pending.records();
                discard(
                        streamArn,
                        shardId,
                        new Pending(
                                records.subList(0, expired),
                                pending.retries(),
                                pending.invocations(),
                                pending.lastResult()),
                        DiscardedBatch.RECORD_AGE_EXCEEDED);
                if (expired < records.size()) {
                    work.push(new Pending(
                            records.subList(expired, records.size()),
                            pending.retries(),
                            pending.invocations(),
                            pending.lastResult()));
                }
                continue;
            }
            if (pending.retries() > 0) {
                Thread.sleep(retryDelay.toMillis());
            }
            InvocationResult result = function.invoke(DynamodbEventJson.write(
                    pending.records().stream().map(PumpRecord::record).toList()));
            if (Thread.currentThread().isInterrupted()) {
                throw new InterruptedException("pump stopped during an invocation");
            }
            int invocations = pending.invocations() + 1;
            BatchResponse.Outcome outcome =
                    BatchResponse.read(result, pending.records(), trigger.reportBatchItemFailures());
            if (outcome instanceof BatchResponse.FailedFrom failed) {
                List<PumpRecord> rest = pending.records()
                        .subList(failed.index(), pending.records().size());
                log.accept("partial batch failure on " + shardId + ": retrying from sequence number "
                        + rest.get(0).sequenceNumber() + " (" + rest.size() + " records)");
                retryOrDiscard(streamArn, shardId, work, new Pending(rest, pending.retries(), invocations, result));
            } else if (outcome instanceof BatchResponse.WholeBatchFailed whole) {
                if (trigger.bisectBatchOnError() && pending.records().size() > 1) {
                    int half = pending.records().size() / 2;
                    log.accept("batch of " + pending.records().size() + " failed on " + shardId + " ("
                            + abbreviate(whole.reason()) + "): bisecting");
                    work.push(new Pending(
                            pending.records().subList(half, pending.records().size()),
                            pending.retries(),
                            invocations,
                            result));
                    work.push(new Pending(pending.records().subList(0, half), pending.retries(), invocations, result));
                } else {
                    log.accept("batch of " + pending.records().size() + " failed on " + shardId + " ("
                            + abbreviate(whole.reason()) + ")");
                    retryOrDiscard(
                            streamArn,
                            shardId,
                            work,
                            new Pending(pending.records(), pending.retries(), invocations, result));
                }
            }
        }
    }

    private void retryOrDiscard(String streamArn, String shardId, Deque<Pending> work, Pending failed) {
        if (failed.retries() >= trigger.maxRetryAttempts()) {
            discard(streamArn, shardId, failed, DiscardedBatch.RETRY_ATTEMPTS_EXHAUSTED);
        } else {
            work.push(new Pending(failed.records(), failed.retries() + 1, failed.invocations(), failed.lastResult()));
        }
    }

    /** How many records at the start of the batch are older than MaximumRecordAgeInSeconds (-1: no limit). */
    private int expiredPrefix(List<PumpRecord> records) {
        if (trigger.maxRecordAgeSeconds() < 0) {
            return 0;
        }
        Instant oldestAllowed = clock.instant().minusSeconds(trigger.maxRecordAgeSeconds());
        int expired = 0;
        while (expired < records.size()
                && records.get(expired).approximateCreation().isBefore(oldestAllowed)) {
            expired++;
        }
        return expired;
    }

    private void discard(String streamArn, String shardId, Pending pending, String condition) {
        log.accept("discarding " + pending.records().size() + " records of " + shardId + " from sequence number "
                + pending.records().get(0).sequenceNumber() + " (" + condition + ") to the failure destination");
        failureDestination.send(new DiscardedBatch(
                streamArn,
                shardId,
                List.copyOf(pending.records()),
                condition,
                pending.invocations(),
                pending.lastResult()));
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }
}
