package io.entitytable.local.engine.conformance.behaviours;

import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.entitytable.local.engine.LocalEngine;
import io.entitytable.local.engine.behaviour.EngineControl;
import io.entitytable.local.engine.behaviour.EngineSettings;
import io.entitytable.local.engine.conformance.ConformanceEndpoint;
import io.entitytable.local.engine.conformance.streams.StreamReader;
import io.entitytable.local.engine.conformance.tables.ConformanceTables;
import java.time.Duration;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Where one behaviour check runs: DynamoDB itself (with {@code -Dconformance.endpoint}), or a local engine started for
 * the check with the settings it needs, which the check may also steer in-process (hold an index, sweep now). Its
 * clients never retry, so that a check sees each throttling or conflict answer; its tables are deleted on close.
 */
public final class BehaviourTarget implements AutoCloseable {
    /**
     * DynamoDB's behaviours, all on, as the engine imitates them; a transaction also keeps its items 20 ms before it
     * commits, as long as a DynamoDB transaction (two phases over several partitions) takes, so that concurrent ones
     * meet as they do on DynamoDB.
     */
    public static final EngineSettings DYNAMODB_LIKE =
            EngineSettings.asDynamoDb().withTransactionHold(Duration.ofMillis(20));

    /** The global secondary index of {@link #indexedTable}. */
    public static final String INDEX = "byGroup";

    private final LocalEngine engine;
    private final DynamoDbClient dynamo;
    private final DynamoDbStreamsClient streams;
    private final ConformanceTables tables;

    private BehaviourTarget(LocalEngine engine) {
        this.engine = engine;
        boolean remote = engine == null;
        var endpoint = remote ? ConformanceEndpoint.endpoint() : engine.endpoint();
        this.dynamo = ConformanceEndpoint.dynamo(endpoint, remote, false);
        this.streams = ConformanceEndpoint.streams(endpoint, remote);
        this.tables = new ConformanceTables(dynamo);
    }

    /** The suite's endpoint for {@code check}, or a local engine with its settings; skips what DynamoDB cannot run. */
    static BehaviourTarget withBehaviourOn(BehaviourCheck check) {
        if (ConformanceEndpoint.remote()) {
            assumeTrue(
                    check.apiOnly(),
                    "this case steers a local engine (" + check.localSteering()
                            + "), which -Dconformance.endpoint (DynamoDB itself) does not offer");
            return new BehaviourTarget(null);
        }
        return local(check.settings());
    }

    /** A local engine with {@code check}'s settings but its behaviour off; skipped against DynamoDB itself. */
    static BehaviourTarget withBehaviourOff(BehaviourCheck check) {
        assumeFalse(
                ConformanceEndpoint.remote(),
                "switching a behaviour off needs the local engine; -Dconformance.endpoint points at DynamoDB itself");
        return local(check.behaviour().switchedOff(check.settings()));
    }

    /** A local engine with {@code settings}, in memory. */
    public static BehaviourTarget local(EngineSettings settings) {
        return new BehaviourTarget(LocalEngine.start(0, null, settings));
    }

    public DynamoDbClient dynamo() {
        return dynamo;
    }

    public StreamReader streams() {
        return new StreamReader(streams);
    }

    /** Makes tables that {@link #close} deletes. */
    public ConformanceTables tables() {
        return tables;
    }

    /**
     * A table keyed by string {@code pk}, on demand, with a global secondary index {@value #INDEX} keyed by string
     * {@code gpk} projecting every attribute; made, ACTIVE, and deleted on close.
     */
    public String indexedTable(String purpose) {
        String name = ConformanceEndpoint.tableName(purpose);
        tables.create(ConformanceTables.hashKeyTable(name, "pk", ScalarAttributeType.S)
                .attributeDefinitions(
                        ConformanceTables.definition("pk", ScalarAttributeType.S),
                        ConformanceTables.definition("gpk", ScalarAttributeType.S))
                .globalSecondaryIndexes(ConformanceTables.gsi(INDEX, "gpk", null, ConformanceTables.projectAll()))
                .build());
        return name;
    }

    public boolean local() {
        return engine != null;
    }

    /**
     * How long an asynchronous effect (a GSI update, an expiry, a rollover) may take before a check gives up on it:
     * seconds locally (where the engine's figures are known), a minute against DynamoDB itself.
     */
    public Duration patience() {
        return local() ? Duration.ofSeconds(1) : Duration.ofMinutes(1);
    }

    /**
     * Holds {@code index} back. An engine whose index lag is off has nothing to hold (its control refuses): the check
     * then sees what such an engine does, every write in the index at once, and fails on that.
     */
    public void holdIndex(String table, String index) {
        try {
            control().holdIndex(table, index);
        } catch (IllegalStateException lagOff) {
            // see above
        }
    }

    public void releaseIndex(String table, String index) {
        control().releaseIndex(table, index);
    }

    /** Runs the time-to-live sweeper now (it deletes nothing when time to live is off in the engine's settings). */
    public int sweepExpiredItems() {
        return control().sweepExpiredItems();
    }

    /** CloudWatch's ThrottledRequests of {@code table}'s own partitions, as the local engine counts them. */
    public long throttledRequests(String table) {
        return control().throttledRequests(table);
    }

    public long throttledRequests(String table, String index) {
        return control().throttledRequests(table, index);
    }

    private EngineControl control() {
        if (engine == null) {
            throw new IllegalStateException("DynamoDB itself is not steered in-process; this check needs the API only");
        }
        return engine.control();
    }

    @Override
    public void close() {
        try {
            tables.close();
            streams.close();
        } finally {
            if (engine != null) {
                engine.close();
            }
        }
    }

    /**
     * Polls {@code probe} until it answers non-null, pausing 5 ms growing to 50 ms, and fails with an
     * {@link AssertionError} naming {@code what} after {@code deadline}.
     */
    public static <T> T within(Duration deadline, String what, Supplier<T> probe) {
        long end = System.nanoTime() + deadline.toNanos();
        long pause = 5;
        while (true) {
            T answer = probe.get();
            if (answer != null) {
                return answer;
            }
            if (System.nanoTime() - end > 0) {
                throw new AssertionError("gave up waiting for " + what + " after " + deadline.toMillis() + " ms");
            }
            pause(pause);
            pause = Math.min(50, pause * 2);
        }
    }

    /** A poll's pause between two probes (never a wait for a result: callers probe again after it). */
    static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
