package io.entitytable.local.pump;

import io.entitytable.deployment.StreamTrigger;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamResponse;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Plays the Lambda event source mapping of a DynamoDB stream on a local stream: finds the table's stream and its
 * shards, reads every shard with a {@link ShardReader} once its parent shard is fully processed (so the records of an
 * item are delivered in order across shard generations), with the filters, batching and error handling of a {@link
 * StreamTrigger}.
 *
 * @see <a href="https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html">Using Lambda with DynamoDB</a>
 */
public final class StreamPump implements AutoCloseable {
    private final DynamoDbClient dynamo;
    private final String tableName;
    private final PumpParts parts;
    private final Set<String> started = ConcurrentHashMap.newKeySet();
    private final Map<String, ShardReader> running = new ConcurrentHashMap<>();
    private volatile List<Shard> discovered;
    private final ExecutorService readers = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "stream-pump-shard");
        thread.setDaemon(true);
        return thread;
    });
    private Thread coordinator;
    private volatile String streamArn;
    private volatile boolean closed;

    public StreamPump(
            DynamoDbClient dynamo,
            DynamoDbStreamsClient streams,
            String tableName,
            StreamTrigger trigger,
            FunctionInvoker function,
            FailureDestination failureDestination,
            Checkpoints checkpoints,
            PumpOptions options,
            Clock clock,
            Consumer<String> log) {
        this.dynamo = dynamo;
        this.tableName = tableName;
        this.parts = new PumpParts(
                streams,
                trigger,
                new StreamFilter(trigger.filterPatterns()),
                new BatchDelivery(trigger, function, failureDestination, clock, options.retryDelay(), log),
                checkpoints,
                options,
                clock,
                log,
                new AtomicBoolean(),
                new Backlog(clock.instant()));
    }

    /** Finds the table's stream and starts reading it in the background. */
    public StreamPump start() {
        streamArn = dynamo.describeTable(request -> request.tableName(tableName))
                .table()
                .latestStreamArn();
        if (streamArn == null) {
            throw new IllegalStateException("Table " + tableName + " has no stream");
        }
        parts.checkpoints().useStream(streamArn);
        coordinator = new Thread(this::discoverShards, "stream-pump");
        coordinator.setDaemon(true);
        coordinator.start();
        return this;
    }

    public String streamArn() {
        return streamArn;
    }

    private void discoverShards() {
        long started = System.nanoTime();
        boolean backlogReported = false;
        while (!Thread.currentThread().isInterrupted()) {
            try {
                List<Shard> shards = shards();
                startReadyShards(shards);
                discovered = shards;
                if (!backlogReported && (caughtUp() || parts.backlog().readPastStart())) {
                    reportBacklog(Duration.ofNanos(System.nanoTime() - started));
                    backlogReported = true;
                }
                Thread.sleep(parts.options().discoveryInterval().toMillis());
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (Thread.currentThread().isInterrupted()) {
                    return;
                }
                parts.log().accept("cannot describe stream " + streamArn + ": " + e);
                try {
                    Thread.sleep(parts.options().discoveryInterval().toMillis());
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    /**
     * Says, once, how many records the pump found after its checkpoints that were written before it started: what the
     * previous run left when it stopped or was killed. Said when it has read them all: caught up, or past the first
     * record written since the start (under a steady load it may not be caught up for a while).
     */
    private void reportBacklog(Duration took) {
        Backlog backlog = parts.backlog();
        parts.log()
                .accept(String.format(
                        Locale.ROOT,
                        "resumed: re-read %,d stream records that the previous run left after its checkpoints (%,d"
                                + " of them for the function), %.1f s after its start",
                        backlog.read(),
                        backlog.forTheFunction(),
                        took.toMillis() / 1000.0));
    }

    private List<Shard> shards() {
        List<Shard> shards = new ArrayList<>();
        String exclusiveStart = null;
        do {
            String start = exclusiveStart;
            DescribeStreamResponse response = parts.streams()
                    .describeStream(request -> request.streamArn(streamArn).exclusiveStartShardId(start));
            shards.addAll(response.streamDescription().shards());
            exclusiveStart = response.streamDescription().lastEvaluatedShardId();
        } while (exclusiveStart != null);
        return shards;
    }

    /** A shard starts when its parent is done, or gone from the stream (trimmed), or it has none. */
    private void startReadyShards(List<Shard> shards) {
        Map<String, Shard> byId = new HashMap<>();
        shards.forEach(shard -> byId.put(shard.shardId(), shard));
        for (Shard shard : shards) {
            String id = shard.shardId();
            String parent = shard.parentShardId();
            boolean parentDone = parent == null
                    || !byId.containsKey(parent)
                    || parts.checkpoints().finished(parent);
            if (parentDone && !parts.checkpoints().finished(id) && started.add(id)) {
                ShardReader reader = new ShardReader(parts, streamArn, id);
                running.put(id, reader);
                readers.execute(() -> {
                    try {
                        reader.run();
                    } finally {
                        running.remove(id, reader);
                        // A reader that stopped before the shard's end (the DynamoDB engine unreachable, say) is
                        // started
                        // again by the next discovery, from the checkpoint.
                        if (!closed && !parts.checkpoints().finished(id)) {
                            started.remove(id);
                        }
                    }
                });
            }
        }
    }

    /**
     * Whether every shard of the last discovery is fully processed, or is being read by a reader that found nothing
     * new on its last poll with nothing in flight. Records written after that poll are not seen yet: see {@link
     * #awaitCaughtUp}.
     */
    public boolean caughtUp() {
        List<Shard> shards = discovered;
        if (shards == null) {
            return false;
        }
        for (Shard shard : shards) {
            String id = shard.shardId();
            ShardReader reader = running.get(id);
            if (!parts.checkpoints().finished(id) && (reader == null || !reader.caughtUp())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Waits until the pump has delivered everything written to the table before this call: {@link #caughtUp()} must
     * hold without a break for longer than a shard discovery and a poll take, so a record written just before the call
     * (or a shard opened meanwhile) has been seen. Returns false when the timeout passes first.
     */
    public boolean awaitCaughtUp(Duration timeout) throws InterruptedException {
        long quietNanos = parts.options()
                .discoveryInterval()
                .plus(parts.options().pollInterval())
                .multipliedBy(2)
                .toNanos();
        long deadline = System.nanoTime() + timeout.toNanos();
        long quietSince = -1;
        while (System.nanoTime() < deadline) {
            if (!caughtUp()) {
                quietSince = -1;
            } else if (quietSince < 0) {
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince >= quietNanos) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    /**
     * Stops reading the stream until {@link #resume()}: each shard's reader delivers the batch it holds at once (its
     * batching window is not waited for) and reads nothing more. Records written meanwhile wait in the stream, as they do behind a disabled event source mapping.
     * For benchmarks that compare the other consumer with and without this one, and tests that stop a system with
     * records certainly unread.
     */
    public void pause() {
        parts.paused().set(true);
    }

    public void resume() {
        parts.paused().set(false);
    }

    /** Shards being read, or read to their end in this run. */
    public Set<String> startedShards() {
        return started.stream().collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public void close() {
        closed = true;
        if (coordinator != null) {
            coordinator.interrupt();
        }
        readers.shutdownNow();
        try {
            readers.awaitTermination(10, TimeUnit.SECONDS);
            if (coordinator != null) {
                coordinator.join(10_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
