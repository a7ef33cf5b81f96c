package io.entitytable.local.engine.tables;

import java.util.ArrayList;
import java.util.List;

/**
 * One stream a table has had (a new one each time its stream is enabled) and its shards, oldest first, kept in the
 * table's stored description so that ARNs, labels, shard ids and the shards' lineage survive a restart.
 *
 * @param arn the stream's ARN
 * @param label the stream's label, an ISO timestamp
 * @param viewType the stream's view type
 * @param shards its shards, oldest first; only the last may be open
 * @param createdMillis when the stream was enabled
 * @param disabledMillis when it was disabled; -1 while enabled
 */
public record StreamInfo(
        String arn, String label, String viewType, List<ShardInfo> shards, long createdMillis, long disabledMillis) {

    public StreamInfo {
        shards = List.copyOf(shards);
    }

    public boolean enabled() {
        return disabledMillis < 0;
    }

    /** The latest shard: the open one while the stream is enabled. */
    public ShardInfo latestShard() {
        return shards.get(shards.size() - 1);
    }

    /** The latest shard's id, where new records go. */
    public String shardId() {
        return latestShard().shardId();
    }

    /** Where the oldest shard kept starts. */
    public long startingSequenceNumber() {
        return shards.get(0).startingSequenceNumber();
    }

    /** Where the latest shard ends; -1 while it is open. */
    public long endingSequenceNumber() {
        return latestShard().endingSequenceNumber();
    }

    /** The shard {@code shardId}, or null. */
    public ShardInfo shard(String shardId) {
        for (ShardInfo shard : shards) {
            if (shard.shardId().equals(shardId)) {
                return shard;
            }
        }
        return null;
    }

    /** The shard holding {@code sequenceNumber} (the latest when none does). */
    public ShardInfo shardOf(long sequenceNumber) {
        for (ShardInfo shard : shards) {
            if (shard.holds(sequenceNumber)) {
                return shard;
            }
        }
        return latestShard();
    }

    public StreamInfo disabled(long lastSequenceNumber, long atMillis) {
        return new StreamInfo(arn, label, viewType, closeLatest(lastSequenceNumber), createdMillis, atMillis);
    }

    /** The latest shard closed after {@code lastSequenceNumber}, and a child shard opened after it. */
    public StreamInfo rolledOver(long lastSequenceNumber, String childShardId, long atMillis) {
        List<ShardInfo> rolled = closeLatest(lastSequenceNumber);
        rolled.add(new ShardInfo(childShardId, shardId(), lastSequenceNumber + 1, -1, atMillis));
        return new StreamInfo(arn, label, viewType, rolled, createdMillis, disabledMillis);
    }

    /** Without the closed shards {@code keep} refuses (those past the retention); the latest shard always stays. */
    public StreamInfo keeping(java.util.function.Predicate<ShardInfo> keep) {
        List<ShardInfo> kept = new ArrayList<>();
        for (int i = 0; i < shards.size(); i++) {
            if (i == shards.size() - 1 || keep.test(shards.get(i))) {
                kept.add(shards.get(i));
            }
        }
        return new StreamInfo(arn, label, viewType, kept, createdMillis, disabledMillis);
    }

    private List<ShardInfo> closeLatest(long lastSequenceNumber) {
        List<ShardInfo> closed = new ArrayList<>(shards);
        ShardInfo latest = latestShard();
        closed.set(closed.size() - 1, latest.closed(Math.max(lastSequenceNumber, latest.startingSequenceNumber() - 1)));
        return closed;
    }
}
