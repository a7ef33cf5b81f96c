package io.entitytable.local.engine.storage;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Where the engine keeps what it acknowledged. The engine serves from memory; a storage makes each change durable
 * before the engine answers the request that made it, and gives everything back at the next start. Tables, items and
 * stream records reach it as DynamoDB JSON ({@code ObjectNode}s), which it keeps without interpreting.
 *
 * <p>Calls come one at a time (the engine's commit order), so an implementation needs no locking of its own.
 */
public interface Storage extends AutoCloseable {
    /**
     * Gives back every table, item and stream record kept, in an order that rebuilds the state: each table before its
     * items and stream records, stream records of one shard in sequence order.
     */
    void load(Loader loader);

    /** A table was created or its description changed: {@code description} is the whole new description. */
    void tableDescribed(String tableName, ObjectNode description);

    /** A table was deleted, with its items and (after its stream's retention) its stream records. */
    void tableDeleted(String tableName);

    /** Items changed and stream records written together, atomically: after a crash all of it is back or none. */
    void committed(List<ItemWrite> items, List<StreamWrite> records);

    /** Stream records older than the retention are no longer needed; a storage may drop them. */
    default void trimmedBefore(long epochMillis) {}

    /**
     * Everything current, so that a storage that keeps a log can replace it by a snapshot; called from time to time by
     * the engine when {@link #wantsSnapshot()}, between commits.
     */
    default void snapshot(Snapshot state) {}

    default boolean wantsSnapshot() {
        return false;
    }

    @Override
    void close();

    /** An item put ({@code item} non-null) or deleted ({@code item} null) under {@code key} in {@code table}. */
    record ItemWrite(String table, ObjectNode key, ObjectNode item) {}

    /** A stream record of {@code streamArn}'s shard {@code shardId}, as GetRecords answers it. */
    record StreamWrite(String streamArn, String shardId, ObjectNode record) {}

    /** Receives the kept state at start. */
    interface Loader {
        void table(String tableName, ObjectNode description);

        void item(String tableName, ObjectNode item);

        void streamRecord(StreamWrite record);
    }

    /** The current state for a snapshot: the same calls a {@link Loader} receives. */
    interface Snapshot {
        void replay(Loader into);
    }
}
