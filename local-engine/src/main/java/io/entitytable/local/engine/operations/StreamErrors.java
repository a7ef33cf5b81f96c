package io.entitytable.local.engine.operations;

import io.entitytable.local.engine.protocol.ApiException;

/**
 * DynamoDB Streams' errors.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_streams_GetRecords.html">GetRecords
 *     errors</a>
 */
final class StreamErrors {
    private StreamErrors() {}

    static ApiException streamNotFound(String arn) {
        return ApiException.resourceNotFound("Requested resource not found: Stream: " + arn + " not found");
    }

    static ApiException shardNotFound(String shardId) {
        return ApiException.resourceNotFound("Requested resource not found: Shard: " + shardId + " not found");
    }

    static ApiException trimmed() {
        return new ApiException(
                400,
                "TrimmedDataAccessException",
                "The operation attempted to read past the oldest stream record in a shard.");
    }

    static ApiException expired(long issuedMillis, long nowMillis) {
        return new ApiException(
                400,
                "ExpiredIteratorException",
                "Iterator expired. The iterator was created at time " + java.time.Instant.ofEpochMilli(issuedMillis)
                        + " while right now it is " + java.time.Instant.ofEpochMilli(nowMillis)
                        + " which is further in the future than the tolerated delay of 900000 milliseconds.");
    }
}
