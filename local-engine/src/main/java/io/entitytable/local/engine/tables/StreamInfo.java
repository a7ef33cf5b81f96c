package io.entitytable.local.engine.tables;

/**
 * One stream a table has had (a new one each time its stream is enabled) and its one shard, kept in the table's stored
 * description so that ARNs, labels and shard ids survive a restart.
 *
 * @param arn the stream's ARN
 * @param label the stream's label, an ISO timestamp
 * @param viewType the stream's view type
 * @param shardId its shard's id
 * @param startingSequenceNumber the first sequence number the shard may hold
 * @param endingSequenceNumber the last sequence number of a closed shard; -1 while open
 * @param createdMillis when the stream was enabled
 * @param disabledMillis when it was disabled; -1 while enabled
 */
public record StreamInfo(
        String arn,
        String label,
        String viewType,
        String shardId,
        long startingSequenceNumber,
        long endingSequenceNumber,
        long createdMillis,
        long disabledMillis) {

    public boolean enabled() {
        return disabledMillis < 0;
    }

    public StreamInfo disabled(long lastSequenceNumber, long atMillis) {
        return new StreamInfo(
                arn, label, viewType, shardId, startingSequenceNumber, lastSequenceNumber, createdMillis, atMillis);
    }
}
