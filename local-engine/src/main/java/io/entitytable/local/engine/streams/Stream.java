package io.entitytable.local.engine.streams;

import io.entitytable.local.engine.tables.KeySchema;
import io.entitytable.local.engine.tables.StreamInfo;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * One stream of a table and its one shard: the records in sequence order, open while the stream is enabled and closed
 * (with an ending sequence number) once it is disabled. Records are appended under the engine's commit lock and read
 * without one; records older than the retention are trimmed, after which an iterator before the trim horizon is refused.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Streams.html">Change data capture for
 *     DynamoDB Streams</a>
 */
public final class Stream {
    /** How long a record stays readable. */
    public static final long RETENTION_MILLIS = 24L * 60 * 60 * 1000;

    private final String tableName;
    private final KeySchema key;
    private volatile StreamInfo info;
    private final ConcurrentSkipListMap<Long, StreamRecord> records = new ConcurrentSkipListMap<>();
    private volatile long trimHorizon;

    public Stream(String tableName, KeySchema key, StreamInfo info) {
        this.tableName = tableName;
        this.key = key;
        this.info = info;
        this.trimHorizon = info.startingSequenceNumber();
    }

    public String tableName() {
        return tableName;
    }

    /** The table's key, which DescribeStream answers. */
    public KeySchema key() {
        return key;
    }

    public StreamInfo info() {
        return info;
    }

    public void updateInfo(StreamInfo newInfo) {
        this.info = newInfo;
    }

    public boolean open() {
        return info.endingSequenceNumber() < 0;
    }

    /** Appends a record; under the commit lock. */
    public void append(StreamRecord record) {
        records.put(record.sequenceNumber(), record);
    }

    /** The lowest sequence number still readable: positions below it were trimmed. */
    public long trimHorizon() {
        return trimHorizon;
    }

    /** Records at or after {@code position}, in order. */
    public Map<Long, StreamRecord> from(long position) {
        return records.tailMap(position, true);
    }

    public Long lastSequenceNumber() {
        return records.isEmpty() ? null : records.lastKey();
    }

    /** Drops records written before {@code cutoffMillis}; returns whether any was dropped. */
    public boolean trimBefore(long cutoffMillis) {
        boolean trimmed = false;
        while (!records.isEmpty()) {
            Map.Entry<Long, StreamRecord> first = records.firstEntry();
            if (first == null || first.getValue().createdMillis() >= cutoffMillis) {
                break;
            }
            records.remove(first.getKey());
            trimHorizon = Math.max(trimHorizon, first.getKey() + 1);
            trimmed = true;
        }
        return trimmed;
    }

    /** Whether every record is gone and the stream is closed and past its retention. */
    public boolean expired(long nowMillis) {
        return !open() && records.isEmpty() && info.disabledMillis() + RETENTION_MILLIS < nowMillis;
    }
}
