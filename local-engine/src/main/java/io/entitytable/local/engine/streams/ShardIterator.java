package io.entitytable.local.engine.streams;

import io.entitytable.local.engine.protocol.ApiException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A shard iterator: an opaque string naming a stream, its shard, the next sequence number to read and when it was
 * issued. It expires 15 minutes after it was issued.
 *
 * @param streamArn the stream
 * @param shardId the shard
 * @param position the lowest sequence number the next GetRecords returns
 * @param issuedMillis when the iterator was issued
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_GetShardIterator.html">
 *     GetShardIterator</a>
 */
public record ShardIterator(String streamArn, String shardId, long position, long issuedMillis) {
    public static final long LIFETIME_MILLIS = 15L * 60 * 1000;

    public String encode() {
        String plain = streamArn + "|" + shardId + "|" + position + "|" + issuedMillis;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }

    public static ShardIterator decode(String text) {
        try {
            String plain = new String(Base64.getUrlDecoder().decode(text), StandardCharsets.UTF_8);
            String[] parts = plain.split("\\|", -1);
            if (parts.length != 4) {
                throw invalid();
            }
            return new ShardIterator(parts[0], parts[1], Long.parseLong(parts[2]), Long.parseLong(parts[3]));
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
    }

    private static ApiException invalid() {
        return ApiException.validation("Invalid ShardIterator");
    }
}
