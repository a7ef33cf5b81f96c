package io.entitytable.faultrun;

import io.entitytable.deployment.StreamTrigger;
import io.entitytable.local.dynamodb.LocalDynamoDb;
import io.entitytable.local.pump.Checkpoints;
import io.entitytable.local.pump.DiscardedBatch;
import io.entitytable.local.pump.FunctionInvoker;
import io.entitytable.local.pump.PumpOptions;
import io.entitytable.local.pump.StreamPump;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The local stream pump, stopped abruptly and started again on demand. Checkpoints live in a file, and a restarted pump
 * reads them back like a new process would: whatever was in flight when it stopped was not checkpointed and is
 * delivered again. Records the pump gives up on (retries or record age exhausted) are counted, never dropped silently.
 */
final class RestartingPump implements AutoCloseable {
    private final LocalDynamoDb dynamoDb;
    private final DynamoDbClient dynamo;
    private final DynamoDbStreamsClient streams;
    private final String tableName;
    private final StreamTrigger trigger;
    private final FunctionInvoker function;
    private final Path checkpointFile;
    private final PrintStream console;
    private final AtomicLong discardedRecords = new AtomicLong();

    private StreamPump pump;

    RestartingPump(
            LocalDynamoDb dynamoDb,
            String tableName,
            StreamTrigger trigger,
            FunctionInvoker function,
            Path checkpointFile,
            PrintStream console) {
        this.dynamoDb = dynamoDb;
        this.trigger = trigger;
        this.dynamo = dynamoDb.client();
        this.streams = dynamoDb.streamsClient();
        this.tableName = tableName;
        this.function = function;
        this.checkpointFile = checkpointFile;
        this.console = console;
    }

    synchronized RestartingPump start() {
        pump = new StreamPump(
                        dynamo,
                        streams,
                        tableName,
                        trigger,
                        function,
                        this::discarded,
                        Checkpoints.inFile(checkpointFile),
                        PumpOptions.DEFAULT,
                        Clock.systemUTC(),
                        this::log)
                .start();
        return this;
    }

    /** Stops the pump mid-whatever (its readers are interrupted) and starts a new one from the checkpoint file. */
    synchronized void restart() {
        pump.close();
        start();
    }

    /** Waits until every record written so far went through the function; false on timeout. */
    boolean awaitDrained(Duration timeout) throws InterruptedException {
        StreamPump current;
        synchronized (this) {
            current = pump;
        }
        return current.awaitCaughtUp(timeout);
    }

    long discardedRecords() {
        return discardedRecords.get();
    }

    private void discarded(DiscardedBatch batch) {
        discardedRecords.addAndGet(batch.records().size());
    }

    /** The pump narrates every batch; only what loses records is worth the console here. */
    private void log(String line) {
        if (line.startsWith("discarding")) {
            console.println("[stream-pump] " + line);
        }
    }

    @Override
    public synchronized void close() {
        if (pump != null) {
            pump.close();
        }
        streams.close();
        dynamo.close();
    }

    @Override
    public String toString() {
        return "pump of " + tableName + " on " + dynamoDb.endpoint();
    }
}
