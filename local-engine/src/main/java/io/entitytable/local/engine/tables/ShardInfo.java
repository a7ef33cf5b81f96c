package io.entitytable.local.engine.tables;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * One shard of a stream: a range of sequence numbers. A stream's open shard is closed (given its ending sequence
 * number) when the stream is disabled, or when it reaches the settings' rollover age, and then a child shard (whose
 * parent is the closed one) takes over from the next sequence number.
 *
 * @param shardId the shard's id
 * @param parentShardId the shard it took over from, or null
 * @param startingSequenceNumber the first sequence number it may hold
 * @param endingSequenceNumber the last one of a closed shard; -1 while open
 * @param createdMillis when it was opened
 * <p>A table's stored description keeps its streams' shards in this form, each component under its capitalised name
 * ({@code ShardId}, {@code ParentShardId} only when there is one), as DynamoDB names its members.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_Shard.html">Shard</a>
 */
@JsonNaming(PropertyNamingStrategies.UpperCamelCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ShardInfo(
        String shardId,
        String parentShardId,
        long startingSequenceNumber,
        long endingSequenceNumber,
        long createdMillis) {
    public boolean open() {
        return endingSequenceNumber < 0;
    }

    public ShardInfo closed(long lastSequenceNumber) {
        return new ShardInfo(shardId, parentShardId, startingSequenceNumber, lastSequenceNumber, createdMillis);
    }

    /** Whether {@code sequenceNumber} is in the shard's range. */
    public boolean holds(long sequenceNumber) {
        return sequenceNumber >= startingSequenceNumber && (open() || sequenceNumber <= endingSequenceNumber);
    }
}
