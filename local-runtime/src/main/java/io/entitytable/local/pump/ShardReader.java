package io.entitytable.local.pump;

import io.entitytable.model.StreamTrigger;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

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

    private final DynamoDbStreamsClient streams;
    private final String streamArn;
    private final String shardId;
    private final StreamTrigger trigger;
    private final StreamFilter filter;
    private final BatchDelivery delivery;
    private final Checkpoints checkpoints;
    private final PumpOptions options;
    private final Clock clock;
    private final Consumer<String> log;

    private String lastExamined;
    private String lastCheckpointed;
    /** True while the last GetRecords found nothing new and everything read is delivered and checkpointed. */
    private volatile boolean caughtUp;
    /** Size of the pending batch's event, counted as records are added: records' JSON plus separators. */
    private int batchBytes = EVENT_ENVELOPE_BYTES;

    ShardReader(
            DynamoDbStreamsClient streams,
            String streamArn,
            String shardId,
            StreamTrigger trigger,
            StreamFilter filter,
            BatchDelivery delivery,
            Checkpoints checkpoints,
            PumpOptions options,
            Clock clock,
            Consumer<String> log) {
        this.streams = streams;
        this.streamArn = streamArn;
        this.shardId = shardId;
        this.trigger = trigger;
        this.filter = filter;
        this.delivery = delivery;
        this.checkpoints = checkpoints;
        this.options = options;
        this.clock = clock;
        this.log = log;
    }

    @Override
    public void run() {
        try {
            read();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            if (!Thread.currentThread().isInterrupted()) {
                log.accept("reader of shard " + shardId + " stopped: " + e);
            }
        }
    }

    private void read() throws InterruptedException {
        lastCheckpointed = checkpoints
                .of(shardId)
                .map(Checkpoints.ShardCheckpoint::sequenceNumber)
                .orElse(null);
        lastExamined = lastCheckpointed;
        String iterator = iteratorAfter(lastCheckpointed);
        List<PumpRecord> batch = new ArrayList<>();
        Instant batchStarted = null;
        while (!Thread.currentThread().isInterrupted()) {
            GetRecordsResponse response;
            try {
                response = streams.getRecords(GetRecordsRequest.builder()
                        .shardIterator(iterator)
                        .limit(Math.min(MAX_GET_RECORDS_LIMIT, trigger.batchSize()))
                        .build());
            } catch (ExpiredIteratorException e) {
                iterator = iteratorAfter(lastExamined);
                continue;
            }
            for (Record sdkRecord : response.records()) {
                PumpRecord record = new PumpRecord(shardId, LambdaStreamRecords.from(sdkRecord, streamArn));
                String json = recordJson(record);
                boolean passes = filter.passes(json);
                int bytes = json.getBytes(StandardCharsets.UTF_8).length + 1;
                if (passes && !batch.isEmpty() && batchBytes + bytes > MAX_PAYLOAD_BYTES) {
                    // As Lambda does: a batch ends before the record that would take its event over 6 MB. The
                    // checkpoint is the record before this one, which is still to be delivered.
                    deliver(batch);
                }
                lastExamined = record.sequenceNumber();
                if (passes) {
                    if (batch.isEmpty()) {
                        batchStarted = clock.instant();
                    }
                    batch.add(record);
                    batchBytes += bytes;
                    if (batch.size() == trigger.batchSize()) {
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
                checkpoints.finish(shardId);
                log.accept("shard " + shardId + " is closed and fully processed");
                return;
            }
            iterator = response.nextShardIterator();
            caughtUp = response.records().isEmpty() && batch.isEmpty();
            if (response.records().isEmpty() || !batch.isEmpty()) {
                Thread.sleep(options.pollInterval().toMillis());
            }
        }
    }

    /** Whether this reader has nothing left to deliver as of its last poll (a record written since may be on its way). */
    boolean caughtUp() {
        return caughtUp;
    }

    private void deliver(List<PumpRecord> batch) throws InterruptedException {
        long start = System.nanoTime();
        delivery.deliver(streamArn, shardId, List.copyOf(batch));
        log.accept("delivered " + batch.size() + " records of " + shardId + " (sequence numbers "
                + batch.get(0).sequenceNumber() + ".."
                + batch.get(batch.size() - 1).sequenceNumber() + ") in "
                + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms");
        batch.clear();
        batchBytes = EVENT_ENVELOPE_BYTES;
        checkpoint();
    }

    private void checkpoint() {
        checkpoints.advance(shardId, lastExamined);
        lastCheckpointed = lastExamined;
    }

    private boolean windowElapsed(Instant batchStarted) {
        Duration window = Duration.ofSeconds(trigger.maxBatchingWindowSeconds());
        return !clock.instant().isBefore(batchStarted.plus(window));
    }

    private String iteratorAfter(String sequenceNumber) {
        if (sequenceNumber == null) {
            return streams.getShardIterator(request -> request.streamArn(streamArn)
                            .shardId(shardId)
                            .shardIteratorType(ShardIteratorType.fromValue(trigger.startingPosition())))
                    .shardIterator();
        }
        try {
            return streams.getShardIterator(request -> request.streamArn(streamArn)
                            .shardId(shardId)
                            .shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER)
                            .sequenceNumber(sequenceNumber))
                    .shardIterator();
        } catch (TrimmedDataAccessException e) {
            log.accept("checkpoint " + sequenceNumber + " of shard " + shardId
                    + " is older than the stream's retention; reading from the oldest record");
            return streams.getShardIterator(request -> request.streamArn(streamArn)
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
