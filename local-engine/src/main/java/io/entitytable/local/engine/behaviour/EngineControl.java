package io.entitytable.local.engine.behaviour;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;

/**
 * What tests reach in-process to steer and observe the engine's DynamoDB-like behaviours: hold a global secondary
 * index back, change its lag, count throttled requests, run the time-to-live sweeper now, stop transactions half
 * applied.
 */
public interface EngineControl {
    /** Holds back {@code indexName} of {@code tableName}: table writes queue up for it until {@link #releaseIndex}. */
    void holdIndex(String tableName, String indexName);

    /** Lets a held index catch up (in the order the writes committed). */
    void releaseIndex(String tableName, String indexName);

    /** The lag of one index from now on (the settings' lag otherwise). */
    void indexLag(String tableName, String indexName, IndexLag lag);

    /** Index updates queued and not yet applied, over every index. */
    long pendingIndexUpdates();

    /**
     * Waits until every queued index update is applied: for a test whose GIVEN is "these items are in the index", since
     * an index lags its table as DynamoDB's do.
     *
     * @throws IllegalStateException when they are not within {@code within} (an index held back, for one)
     */
    default void awaitIndexesCaughtUp(Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (pendingIndexUpdates() > 0) {
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("the indexes did not catch up within " + within);
            }
            LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
        }
    }

    /** Requests on {@code tableName} refused for its own partitions' throughput (ThrottledRequests). */
    long throttledRequests(String tableName);

    /** Requests on {@code tableName} refused for {@code indexName}'s partitions' throughput. */
    long throttledRequests(String tableName, String indexName);

    /**
     * Changes of {@code tableName}'s items the engine has applied since it loaded the table: each a put, update or
     * delete that changed an item, as a stream record would describe it; a write that left its item as it was counts
     * none. Read before and after a request, it tells whether the request wrote, without reading the table.
     */
    long itemChanges(String tableName);

    /** Deletes the expired items of every table with time to live enabled now; answers how many it deleted. */
    int sweepExpiredItems();

    /**
     * The gap between a transaction's changes from now on (the settings' {@code transactionApplyGap} otherwise): a Query
     * of a partition it writes meets it half applied for that long, as DynamoDB's read-committed Query can.
     */
    void transactionApplyGap(Duration gap);

    /**
     * Transactions from now on stop after their first change, with their items kept, until {@link
     * #releaseTransactionsMidApply}: a Query meets them half applied for as long as a test needs, a GetItem of their
     * items waits.
     */
    void holdTransactionsMidApply();

    /** Lets held transactions apply the rest of their changes. */
    void releaseTransactionsMidApply();

    /** Transactions with some, not all, of their changes visible now. */
    int transactionsMidApply();

    /** Queries of a table that began while a transaction had applied part of its changes to the queried partition. */
    long queriesMidApply();
}
