package io.entitytable.verify.move;

import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.StreamShards;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Hands every change a table's stream records from the moment it starts to {@code apply}, in the stream's order within
 * each shard (so in the order of every item's writes), following the shards that open as others roll over: a child is
 * read only after its parent is read to its end.
 *
 * <p>One thread reads the shards in rounds, each open shard until it returns nothing. A round that began at {@code t}
 * and ended with every shard read to its end has applied every write committed before {@code t}: that is {@link
 * #caughtUpTo()}, which a cut-over waits on. A page short of GetRecords' limit is taken for the shard's end as it was
 * when asked for, which holds on the local engine; DynamoDB may return a short page before the end, which this does not
 * yet allow for (docs/design.md §2, "Moving a table online", still to build).
 */
final class StreamTail implements AutoCloseable {
    /**
     * The pause between rounds: DynamoDB Streams takes at most five GetRecords a second per shard, and Lambda's own
     * poller reads each shard four times a second. A cut-over waits for one round that began after its fence.
     */
    private static final Duration POLL = Duration.ofMillis(250);

    /** Throttled or failed stream reads are tried again, rather than stopping the move. */
    private static final Backoff BACKOFF = new Backoff(10, Duration.ofMillis(100), Duration.ofSeconds(5), () -> {});

    /** The most records one GetRecords returns. */
    private static final int MAX_RECORDS = 1000;

    /** The start of the name of every tail's thread. */
    static final String THREAD_PREFIX = "stream-tail-";

    private final DynamoDbStreamsClient streams;
    private final String streamArn;
    private final Consumer<Record> apply;
    private final Clock clock;
    private final Thread reader;

    /** Open shards being read, by id, with the iterator of their next read. */
    private final Map<String, Position> reading = new LinkedHashMap<>();

    private final Set<String> finished = ConcurrentHashMap.newKeySet();
    /** Ends the pause between rounds early, for a waiter ({@link #awaitCaughtUp}). */
    private final BlockingQueue<Boolean> wakeUp = new LinkedBlockingQueue<>();

    private volatile Instant caughtUpTo = Instant.EPOCH;
    private volatile RuntimeException failure;

    private record Position(String iterator, String lastSequence) {}

    StreamTail(
            DynamoDbClient dynamo, DynamoDbStreamsClient streams, String table, Consumer<Record> apply, Clock clock) {
        this.streams = streams;
        this.streamArn = dynamo.describeTable(request -> request.tableName(table))
                .table()
                .latestStreamArn();
        if (streamArn == null) {
            throw new IllegalStateException("table " + table + " has no stream: a move follows its writes there");
        }
        this.apply = apply;
        this.clock = clock;
        // Everything from now on: the shards open now are read from their latest record, those that open later whole.
        for (Shard shard : shards()) {
            if (shard.sequenceNumberRange().endingSequenceNumber() == null) {
                reading.put(
                        shard.shardId(), new Position(iterator(shard.shardId(), ShardIteratorType.LATEST, null), null));
            } else {
                finished.add(shard.shardId());
            }
        }
        this.reader = new Thread(this::run, THREAD_PREFIX + table);
        reader.setDaemon(true);
        reader.start();
    }

    /** Every write committed before this instant has been applied. */
    Instant caughtUpTo() {
        rethrow();
        return caughtUpTo;
    }

    /**
     * Waits until every write committed before {@code instant} has been applied; false after {@code timeout}. The
     * next round begins at once rather than after the pause: one read more per shard, once per wait.
     */
    boolean awaitCaughtUp(Instant instant, Duration timeout) throws InterruptedException {
        wakeUp.offer(Boolean.TRUE);
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!caughtUpTo().isAfter(instant)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }

    @Override
    public void close() {
        reader.interrupt();
        try {
            reader.join(Duration.ofSeconds(10).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void rethrow() {
        if (failure != null) {
            throw new IllegalStateException("the stream tail stopped: " + failure, failure);
        }
    }

    private void run() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Instant roundStart = clock.instant();
                openChildren();
                for (String shardId : new ArrayList<>(reading.keySet())) {
                    readToEnd(shardId);
                }
                caughtUpTo = roundStart;
                wakeUp.poll(POLL.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            if (!Thread.currentThread().isInterrupted()) {
                failure = e;
            }
        }
    }

    /** Starts reading every shard that opened since, once its parent (if this tail read it) is read to its end. */
    private void openChildren() {
        for (Shard shard : shards()) {
            String id = shard.shardId();
            if (reading.containsKey(id) || finished.contains(id)) {
                continue;
            }
            String parent = shard.parentShardId();
            if (parent != null && reading.containsKey(parent)) {
                continue;
            }
            reading.put(id, new Position(iterator(id, ShardIteratorType.TRIM_HORIZON, null), null));
        }
    }

    private void readToEnd(String shardId) {
        Position position = reading.get(shardId);
        while (true) {
            GetRecordsResponse response;
            try {
                String iterator = position.iterator();
                response = BACKOFF.call(() -> streams.getRecords(request -> request.shardIterator(iterator)));
            } catch (ExpiredIteratorException e) {
                position = new Position(
                        position.lastSequence() == null
                                ? iterator(shardId, ShardIteratorType.TRIM_HORIZON, null)
                                : iterator(shardId, ShardIteratorType.AFTER_SEQUENCE_NUMBER, position.lastSequence()),
                        position.lastSequence());
                continue;
            }
            String last = position.lastSequence();
            for (Record record : response.records()) {
                apply.accept(record);
                last = record.dynamodb().sequenceNumber();
            }
            if (response.nextShardIterator() == null) {
                reading.remove(shardId);
                finished.add(shardId);
                return;
            }
            position = new Position(response.nextShardIterator(), last);
            reading.put(shardId, position);
            // A page short of the most GetRecords returns reached what the shard held when it was asked for, which
            // began after the round did. Reading on until a page comes back empty would never end while the table
            // is written faster than its records are applied, and the round would never count as caught up.
            if (response.records().size() < MAX_RECORDS) {
                return;
            }
        }
    }

    private String iterator(String shardId, ShardIteratorType type, String sequence) {
        return streams.getShardIterator(request -> request.streamArn(streamArn)
                        .shardId(shardId)
                        .shardIteratorType(type)
                        .sequenceNumber(sequence))
                .shardIterator();
    }

    private List<Shard> shards() {
        return BACKOFF.call(() -> StreamShards.of(streams, streamArn));
    }
}
