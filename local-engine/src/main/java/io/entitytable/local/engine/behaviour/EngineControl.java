package io.entitytable.local.engine.behaviour;

/**
 * What tests reach in-process to steer and observe the engine's DynamoDB-like behaviours: hold a global secondary
 * index back, change its lag, count throttled requests, run the time-to-live sweeper now.
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

    /** Requests on {@code tableName} refused for its own partitions' throughput (ThrottledRequests). */
    long throttledRequests(String tableName);

    /** Requests on {@code tableName} refused for {@code indexName}'s partitions' throughput. */
    long throttledRequests(String tableName, String indexName);

    /** Deletes the expired items of every table with time to live enabled now; answers how many it deleted. */
    int sweepExpiredItems();
}
