package io.entitytable.verify.move;

import io.entitytable.model.access.Backoff;
import io.entitytable.model.access.BatchWrites;
import io.entitytable.model.access.StreamShards;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.OperationType;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Hands every change a table's stream records from the moment it starts to {@code apply}, in the stream's order within
 * each shard (so in the order of every item's writes), following the shards that open as others roll over: a child is
 * read only after its parent is read to its end.
 *
 * <p>One thread reads the shards in rounds, each open shard until a page short of GetRecords' limit. What it has
 * applied is learnt from the stream itself, not from a clock: {@link #awaitCaughtUp} writes marks into the table
 * ({@link StreamMark}) and waits until every shard being read has given one back. A shard keeps the order of its
 * writes, so each write committed before the marks has been applied by then, however late DynamoDB made its record
 * readable and however many short or empty pages it returned before it. The marks are random keys, spread over the
 * table's partitions and so over its shards; a shard that gives none back gets more.
 */
final class StreamTail implements AutoCloseable {
    /**
     * The pause between rounds: DynamoDB Streams takes at most five GetRecords a second per shard, and Lambda's own
     * poller reads each shard four times a second. A wait begins a round at once; the rounds after it follow this
     * pause.
     */
    private static final Duration POLL = Duration.ofMillis(250);

    /** Throttled or failed stream reads are tried again, rather than stopping the move. */
    private static final Backoff BACKOFF = new Backoff(10, Duration.ofMillis(100), Duration.ofSeconds(5), () -> {});

    /** The most records one GetRecords returns. */
    private static final int MAX_RECORDS = 1000;

    /** The start of the name of every tail's thread. */
    static final String THREAD_PREFIX = "stream-tail-";

    /**
     * Marks written at first per shard being read: four random keys leave a given shard of a table without one about
     * once in fifty, and then it gets more.
     */
    private static final int MARKS_PER_SHARD = 4;

    /** The most marks one wait writes, at one write unit each (and one more to delete each). */
    private static final int MOST_MARKS = 400;

    /** How long a mark stays when its tail stopped before deleting it: the table's time to live removes it. */
    private static final Duration MARK_LIFETIME = Duration.ofHours(1);

    private final DynamoDbClient dynamo;
    private final String table;
    private final DynamoDbStreamsClient streams;
    private final String streamArn;
    private final Consumer<Record> apply;
    private final Thread reader;

    /** Open shards being read, by id, with the iterator of their next read. */
    private final Map<String, Position> reading = new LinkedHashMap<>();

    private final Set<String> finished = ConcurrentHashMap.newKeySet();
    /** Ends the pause between rounds early, for a waiter ({@link #awaitCaughtUp}). */
    private final BlockingQueue<Boolean> wakeUp = new LinkedBlockingQueue<>();

    /** The waits under way, by the token of their marks. */
    private final Map<String, Wait> waits = new ConcurrentHashMap<>();
    /** Marks of waits that ended, deleted by the reader after its round rather than within a cut-over's budget. */
    private final BlockingQueue<StreamMark> spent = new LinkedBlockingQueue<>();

    /** Shards read in the last round: how many marks a wait writes first. */
    private volatile int shardsRead = 1;

    private volatile long rounds;
    private volatile RuntimeException failure;

    private record Position(String iterator, String lastSequence) {}

    /**
     * One {@link #awaitCaughtUp}: the shards that gave one of its marks back, those still without one, and how many of
     * its marks were written and read back.
     */
    private static final class Wait {
        final Set<String> marked = ConcurrentHashMap.newKeySet();
        final AtomicInteger readBack = new AtomicInteger();
        volatile int written;
        final CountDownLatch passed = new CountDownLatch(1);
        /** After a round that ended with shards unmarked: those shards, and the round. */
        volatile Set<String> unmarked = Set.of();

        volatile long unmarkedRound = -1;
    }

    StreamTail(DynamoDbClient dynamo, DynamoDbStreamsClient streams, String table, Consumer<Record> apply) {
        this.dynamo = dynamo;
        this.table = table;
        this.streams = streams;
        this.streamArn = dynamo.describeTable(request -> request.tableName(table))
                .table()
                .latestStreamArn();
        if (streamArn == null) {
            throw new IllegalStateException("table " + table + " has no stream: a move follows its writes there");
        }
        this.apply = apply;
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

    /**
     * Waits until every write committed to the table before the call has been applied; false after {@code timeout}.
     * Writes marks into the table and waits until every shard being read has given one back: the next round begins at
     * once rather than after the pause, one read more per shard, once per wait.
     */
    boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
        rethrow();
        long deadline = System.nanoTime() + timeout.toNanos();
        String token = UUID.randomUUID().toString();
        Wait wait = new Wait();
        waits.put(token, wait);
        List<StreamMark> marks = new ArrayList<>();
        try {
            writeMarks(token, wait, marks, MARKS_PER_SHARD * Math.max(1, shardsRead));
            long markedRound = rounds;
            wakeUp.offer(Boolean.TRUE);
            while (!wait.passed.await(10, TimeUnit.MILLISECONDS)) {
                rethrow();
                if (System.nanoTime() > deadline) {
                    return false;
                }
                // Two rounds after the last marks were written and a shard still gave none back: none fell in its
                // partition, or DynamoDB has not made them readable yet. More marks answer either.
                Set<String> unmarked = wait.unmarked;
                if (!unmarked.isEmpty() && wait.unmarkedRound >= markedRound + 2 && marks.size() < MOST_MARKS) {
                    writeMarks(token, wait, marks, MARKS_PER_SHARD * unmarked.size());
                    markedRound = rounds;
                }
            }
            return true;
        } finally {
            waits.remove(token);
            spent.addAll(marks);
        }
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
                for (String shardId : new ArrayList<>(reading.keySet())) {
                    readToEnd(shardId);
                }
                // A shard whose parent this round read to its end opens now, before the waits are settled: it may
                // hold writes made before their marks, and it is read from the next round on.
                openChildren();
                settleWaits();
                deleteSpentMarks();
                shardsRead = reading.size();
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
                Map<String, AttributeValue> image = record.dynamodb().hasNewImage()
                        ? record.dynamodb().newImage()
                        : record.dynamodb().oldImage();
                Optional<String> mark = StreamMark.tokenOf(image);
                if (mark.isPresent()) {
                    Wait wait = waits.get(mark.get());
                    if (wait != null && record.eventName() == OperationType.INSERT) {
                        wait.marked.add(shardId);
                        wait.readBack.incrementAndGet();
                    }
                } else {
                    apply.accept(record);
                }
                last = record.dynamodb().sequenceNumber();
            }
            if (response.nextShardIterator() == null) {
                reading.remove(shardId);
                finished.add(shardId);
                return;
            }
            position = new Position(response.nextShardIterator(), last);
            reading.put(shardId, position);
            // A short page ends the shard's turn in this round, whether it reached the shard's end or DynamoDB
            // returned it before: the next round reads on from its iterator, and what a wait needs is its marks.
            // Reading on until a page comes back empty would never end while the table is written faster than its
            // records are applied.
            if (response.records().size() < MAX_RECORDS) {
                return;
            }
        }
    }

    /**
     * After a round: a wait has passed once every shard still being read gave one of its marks back (a shard read to
     * its end since has applied all it holds) and every mark it wrote came back, so none sits in a shard this tail
     * does not know of yet; the others learn which shards have none yet.
     */
    private void settleWaits() {
        long round = ++rounds;
        for (Wait wait : waits.values()) {
            Set<String> unmarked = new HashSet<>(reading.keySet());
            unmarked.removeAll(wait.marked);
            if (unmarked.isEmpty() && wait.readBack.get() >= wait.written) {
                wait.passed.countDown();
            } else {
                wait.unmarked = Set.copyOf(unmarked);
                wait.unmarkedRound = round;
            }
        }
    }

    /** Writes {@code count} more marks of {@code wait}, counted as written before the first is sent. */
    private void writeMarks(String token, Wait wait, List<StreamMark> marks, int count) {
        Instant expiresAt = Instant.now().plus(MARK_LIFETIME);
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            StreamMark mark = new StreamMark(token, marks.size());
            marks.add(mark);
            items.add(mark.toItem(expiresAt));
        }
        wait.written = marks.size();
        BatchWrites.putAll(dynamo, table, items, BACKOFF);
    }

    /** Deletes the marks of the waits that ended; what fails to be deleted goes with its lifetime. */
    private void deleteSpentMarks() {
        List<WriteRequest> deletes = new ArrayList<>();
        for (StreamMark mark = spent.poll(); mark != null; mark = spent.poll()) {
            deletes.add(BatchWrites.delete(mark.key()));
        }
        try {
            BatchWrites.sendAll(dynamo, table, deletes, BACKOFF);
        } catch (RuntimeException e) {
            // The table's time to live removes what is left; the replicator must go on.
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
