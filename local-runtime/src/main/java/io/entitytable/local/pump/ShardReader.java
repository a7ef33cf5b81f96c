package io.entitytable.local.pump;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;

/**
 * Reads one shard from its checkpoint to its end, one batch in flight at a time (parallelization factor 1, which keeps
 * per-item order): filters, batches by size and batching window, delivers, checkpoints.
 */
final class ShardReader implements Runnable {
    /** GetRecords returns at most 1000 records per call. */
    private static final int MAX_GET_RECORDS_LIMIT = 1000;

    /** Lambda's limit on an invocation's payload, which caps a stream batch whatever its BatchSize. */
    static final int MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;

    /** {@code {"Records":[]}} around the records. */
    private static final int EVENT_ENVELOPE_BYTES = 14;

    private final PumpParts parts;
    private final String streamArn;
    private final String shardId;

    private String lastExamined;
    private String lastCheckpointed;
    /** True while the last GetRecords found nothing new and everything read is delivered and checkpointed. */
    private volatile boolean caughtUp;
    /** Size of the pending batch's event, counted as records are added: records' JSON plus separators. */
    private int batchBytes = EVENT_ENVELOPE_BYTES;

    ShardReader(PumpParts parts, String streamArn, String shardId) {
        this.parts = parts;
        this.streamArn = streamArn;
        this.shardId = shardId;
    }

    @Override
    public void run() {
        try {
            read();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            if (!Thread.currentThread().isInterrupted()) {
                parts.log().accept("reader of shard " + shardId + " stopped: " + e);
            }
        }
    }

    private void read() throws InterruptedException {
        lastCheckpointed = parts.checkpoints()
                .of(shardId)
                .map(Checkpoints.ShardCheckpoint::sequenceNumber)
                .orElse(null);
        lastExamined = lastCheckpointed;
        String iterator = iteratorAfter(lastCheckpointed);
        List<PumpRecord> batch = new ArrayList<>();
        Instant batchStarted = null;
        while (!Thread.currentThread().isInterrupted()) {
            if (parts.paused().get()) {
                if (!batch.isEmpty()) {
                    // What was read before the pause goes now, without waiting for its batching window to fill it
                    // with records written after the pause.
                    deliver(batch);
                }
                // Records may be waiting unread: never caught up while paused.
                caughtUp = false;
                Thread.sleep(parts.options().pollInterval().toMillis());
                continue;
            }
            GetRecordsResponse response;
            try {
                response = parts.streams()
                        .getRecords(GetRecordsRequest.builder()
                                .shardIterator(iterator)
                                .limit(Math.min(
                                        MAX_GET_RECORDS_LIMIT, parts.trigger().batchSize()))
                                .build());
            } catch (ExpiredIteratorException e) {
                iterator = iteratorAfter(lastExamined);
                continue;
            }
            for (Record sdkRecord : response.records()) {
                PumpRecord record = new PumpRecord(shardId, LambdaStreamRecords.from(sdkRecord, streamArn));
                String json = recordJson(record);
                boolean passes = parts.filter().passes(json);
                parts.backlog().count(record, passes);
                int bytes = json.getBytes(StandardCharsets.UTF_8).length + 1;
                if (passes && !batch.isEmpty() && batchBytes + bytes > MAX_PAYLOAD_BYTES) {
                    // As Lambda does: a batch ends before the record that would take its event over 6 MB. The
                    // checkpoint is the record before this one, which is still to be delivered.
                    deliver(batch);
                }
                lastExamined = record.sequenceNumber();
                if (passes) {
                    if (batch.isEmpty()) {
                        batchStarted = parts.clock().instant();
                    }
                    batch.add(record);
                    batchBytes += bytes;
                    if (batch.size() == parts.trigger().batchSize()) {
                        deliver(batch);
                    }
                }
            }
            caughtUp = false;
            boolean closed = response.nextShardIterator() == null;
            if (!batch.isEmpty() && (closed || windowElapsed(batchStarted))) {
                deliver(batch);
            }
            if (batch.isEmpty() && lastExamined != null && !lastExamined.equals(lastCheckpointed)) {
                // Only filtered-out records since the last checkpoint: they count as processed.
                checkpoint();
            }
            if (closed) {
                parts.checkpoints().finish(shardId);
                parts.log().accept("shard " + shardId + " is closed and fully processed");
                return;
            }
            iterator = response.nextShardIterator();
            caughtUp = response.records().isEmpty() && batch.isEmpty();
            if (response.records().isEmpty() || !batch.isEmpty()) {
                Thread.sleep(parts.options().pollInterval().toMillis());
            }
        }
    }

    /** Whether this reader has nothing left to deliver as of its last poll (a record written since may be on its way). */
    boolean caughtUp() {
        return caughtUp;
    }

    private void deliver(List<PumpRecord> batch) throws InterruptedException {
        long start = System.nanoTime();
        parts.delivery().deliver(streamArn, shardId, List.copyOf(batch));
        parts.log()
                .accept("delivered " + batch.size() + " records of " + shardId + " (sequence numbers "
                        + batch.get(0).sequenceNumber() + ".."
                        + batch.get(batch.size() - 1).sequenceNumber() + ") in "
                        + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms");
        batch.clear();
        batchBytes = EVENT_ENVELOPE_BYTES;
        checkpoint();
    }

    private void checkpoint() {
        parts.checkpoints().advance(shardId, lastExamined);
        lastCheckpointed = lastExamined;
    }

    private boolean windowElapsed(Instant batchStarted) {
        Duration window = Duration.ofSeconds(parts.trigger().maxBatchingWindowSeconds());
        return !parts.clock().instant().isBefore(batchStarted.plus(window));
    }

    private String iteratorAfter(String sequenceNumber) {
        if (sequenceNumber == null) {
            return parts.streams()
                    .getShardIterator(request -> request.streamArn(streamArn)
                            .shardId(shardId)
                            .shardIteratorType(
                                    ShardIteratorType.fromValue(parts.trigger().startingPosition())))
                    .shardIterator();
        }
        try {
            return parts.streams()
                    .getShardIterator(request -> request.streamArn(streamArn)
                            .shardId(shardId)
                            .shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER)
                            .sequenceNumber(sequenceNumber))
                    .shardIterator();
        } catch (TrimmedDataAccessException e) {
            parts.log()
                    .accept("checkpoint " + sequenceNumber + " of shard " + shardId
                            + " is older than the stream's retention; reading from the oldest record");
            return parts.streams()
                    .getShardIterator(request -> request.streamArn(streamArn)
                            .shardId(shardId)
                            .shardIteratorType(ShardIteratorType.TRIM_HORIZON))
                    .shardIterator();
        }
    }

    private static String recordJson(PumpRecord record) {
        return StreamFilter.recordsOf(DynamodbEventJson.write(List.of(record.record())))
                .get(0);
    }
}
