package io.entitytable.transfer;

import com.amazonaws.services.lambda.runtime.events.SQSEvent.SQSMessage;
import io.entitytable.archive.OrderArchive;
import io.entitytable.deployment.metrics.MetricsRecorder;
import io.entitytable.fanout.erase.EraseWorker;
import io.entitytable.fanout.refresh.RefreshQueue;
import io.entitytable.fanout.refresh.RefreshWork;
import io.entitytable.fanout.refresh.WorkPace;
import io.entitytable.fanout.table.FanoutConfig;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.queue.RefreshMessage;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * TEST ONLY: a table's stream consumers and its refresh queue, played in turns in this JVM: the fan-out over the stream
 * records since the last turn (as the trigger goes on from its checkpoint), then the refresh worker over every message
 * the queue holds, one a time (the trigger's batch size), until a turn finds no message. A message the worker reports
 * failed fails the run, unless {@link #redelivering} allows it to be delivered again, as SQS does once its visibility
 * timeout passes.
 */
final class StreamAndQueue implements RefreshQueue {
    private static final int MAX_TURNS = 20;
    /** More worker invocations than any erase here takes: a job that never ends fails the test rather than hang it. */
    private static final int MAX_INVOCATIONS = 5_000;

    private final LocalDynamoDb engine;
    private final DynamoDbClient dynamo;
    private final DynamoDbClient workerDynamo;
    private final String table;
    private final Deque<RefreshMessage> waiting = new ArrayDeque<>();
    private int seen;
    private int sequence;
    private long workerNanos;
    private int failures;
    private int maxFailures;
    private Clock clock = Clock.systemUTC();
    private Optional<OrderArchive> archive = Optional.empty();
    private int childrenPerSecond = EraseWorker.CHILDREN_PER_SECOND;
    private final List<Duration> delays = new ArrayList<>();

    StreamAndQueue(DynamoDbClient dynamo, String table) {
        this(dynamo, dynamo, table);
    }

    /** The worker's calls go through {@code workerDynamo}, e.g. a client that times them. */
    StreamAndQueue(DynamoDbClient dynamo, DynamoDbClient workerDynamo, String table) {
        this(SharedLocalDynamoDb.engine(), dynamo, workerDynamo, table);
    }

    /** A table of {@code engine}, an engine of the test's own rather than the shared one. */
    StreamAndQueue(LocalDynamoDb engine, DynamoDbClient dynamo, DynamoDbClient workerDynamo, String table) {
        this.engine = engine;
        this.dynamo = dynamo;
        this.workerDynamo = workerDynamo;
        this.table = table;
    }

    @Override
    public synchronized void sendAll(List<RefreshMessage> messages) {
        waiting.addAll(messages);
    }

    /** Queued at once, as every other message: the delay is recorded ({@link #delays}), not waited for. */
    @Override
    public synchronized void sendAllAfter(Duration delay, List<RefreshMessage> messages) {
        if (!delay.isZero()) {
            delays.add(delay);
        }
        sendAll(messages);
    }

    /** The delays the worker asked for its messages, one a send that asked for one. */
    synchronized List<Duration> delays() {
        return List.copyOf(delays);
    }

    /** The worker's erases delete the business's archived orders from {@code archive}. */
    StreamAndQueue withArchive(OrderArchive archive) {
        this.archive = Optional.of(archive);
        return this;
    }

    /** The worker's jobs read the time from {@code clock}. */
    StreamAndQueue withClock(Clock clock) {
        this.clock = clock;
        return this;
    }

    /** A benchmark's: the worker's erase deletes {@code perSecond} children a second per segment, not its pace's. */
    StreamAndQueue erasingAt(int perSecond) {
        this.childrenPerSecond = perSecond;
        return this;
    }

    /**
     * Works turns until the stream and the queue are quiet: an erase's deletes make records whose fan-out deletes
     * copies, and a job's last phase waits for none of it. Returns the worker's invocations.
     */
    int settle() {
        int invocations = 0;
        try (RefreshWork work = new RefreshWork(
                workerDynamo,
                FanoutConfig.forTable(table),
                this,
                Duration.ofSeconds(30),
                WorkPace.DEPLOYED.withChildrenPerSecond(childrenPerSecond),
                MetricsRecorder.ofThisProcess(),
                clock,
                archive)) {
            for (int turn = 0; turn < MAX_TURNS; turn++) {
                seen = StreamDrain.fanOut(engine, dynamo, table, this, seen);
                if (isEmpty()) {
                    return invocations;
                }
                while (!isEmpty()) {
                    SQSMessage message = take();
                    long started = System.nanoTime();
                    var response = work.process(List.of(message), 60_000);
                    workerNanos += System.nanoTime() - started;
                    if (!response.getBatchItemFailures().isEmpty()) {
                        if (++failures > maxFailures) {
                            throw new AssertionError("refresh-queue messages failed " + failures + " times");
                        }
                        sendAll(List.of(RefreshMessage.fromJson(message.getBody())));
                    }
                    if (++invocations > MAX_INVOCATIONS) {
                        throw new AssertionError("the queue was still not empty after " + MAX_INVOCATIONS
                                + " invocations: a job that does not end");
                    }
                }
            }
        }
        throw new AssertionError("the stream and the queue did not settle in " + MAX_TURNS + " turns");
    }

    /** Delivers again up to {@code times} messages the worker reports failed, rather than failing the run at the first. */
    StreamAndQueue redelivering(int times) {
        this.maxFailures = times;
        return this;
    }

    /** The messages the worker reported failed, each delivered again. */
    int failures() {
        return failures;
    }

    /** The time the worker's invocations took, in all. */
    Duration workerTime() {
        return Duration.ofNanos(workerNanos);
    }

    private synchronized boolean isEmpty() {
        return waiting.isEmpty();
    }

    private synchronized SQSMessage take() {
        SQSMessage message = new SQSMessage();
        message.setMessageId("m-" + ++sequence);
        message.setBody(waiting.removeFirst().toJson());
        return message;
    }
}
