package io.entitytable.local.engine.operations;

import io.entitytable.local.engine.behaviour.EngineControl;
import io.entitytable.local.engine.behaviour.IndexLag;
import io.entitytable.local.engine.behaviour.IndexLagQueue;
import java.time.Duration;

/** The engine's {@link EngineControl}: each method reaches the behaviour it steers, and does nothing when it is off. */
final class Control implements EngineControl {
    private final Database database;

    Control(Database database) {
        this.database = database;
    }

    @Override
    public void holdIndex(String tableName, String indexName) {
        IndexLagQueue queue = database.indexLag();
        if (queue == null) {
            throw new IllegalStateException("index lag is switched off in the engine's settings");
        }
        queue.hold(tableName, indexName);
    }

    @Override
    public void releaseIndex(String tableName, String indexName) {
        IndexLagQueue queue = database.indexLag();
        if (queue != null) {
            queue.release(tableName, indexName);
        }
    }

    @Override
    public void indexLag(String tableName, String indexName, IndexLag lag) {
        IndexLagQueue queue = database.indexLag();
        if (queue == null) {
            throw new IllegalStateException("index lag is switched off in the engine's settings");
        }
        queue.lag(tableName, indexName, lag);
    }

    @Override
    public long pendingIndexUpdates() {
        IndexLagQueue queue = database.indexLag();
        return queue == null ? 0 : queue.pending();
    }

    @Override
    public long throttledRequests(String tableName) {
        var throughput = database.throughput();
        return throughput == null ? 0 : throughput.throttled(tableName, null);
    }

    @Override
    public long throttledRequests(String tableName, String indexName) {
        var throughput = database.throughput();
        return throughput == null ? 0 : throughput.throttled(tableName, indexName);
    }

    @Override
    public long itemChanges(String tableName) {
        return database.table(tableName).changes();
    }

    @Override
    public int sweepExpiredItems() {
        return database.settings().timeToLiveSweep() == null
                ? 0
                : database.sweeper().sweep();
    }

    @Override
    public void transactionApplyGap(Duration gap) {
        database.transactionApply().gap(gap);
    }

    @Override
    public void holdTransactionsMidApply() {
        database.transactionApply().hold();
    }

    @Override
    public void releaseTransactionsMidApply() {
        database.transactionApply().release();
    }

    @Override
    public int transactionsMidApply() {
        return database.transactionApply().midApply();
    }

    @Override
    public long queriesMidApply() {
        return database.transactionApply().queriesMidApply();
    }
}
