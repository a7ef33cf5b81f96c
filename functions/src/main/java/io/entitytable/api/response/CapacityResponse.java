package io.entitytable.api.response;

import io.entitytable.model.ShardCount;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A business's write shards as the API returns them (docs/design.md, "Shards of a business"). */
@Schema(
        name = "Capacity",
        description = "How many write shards a business's items are spread over: a new business has 1, and the count"
                + " only grows, by an operator or by itself when the business's write rate stays high")
public record CapacityResponse(
        String businessId,
        @Schema(description = "The shard count: every list of the business reads this many partitions") int shards,
        @Schema(description = "The count new customers, stores and orders are placed under now") int writeShards,
        @Schema(
                        description = "When new subjects start being placed under `shards` after a growth (every"
                                + " instance of the API has learnt the new count by then); absent when they are")
                Instant writeShardsFrom,
        @Schema(description = "The largest count a business can have") int maxShards) {

    public static CapacityResponse from(String businessId, ShardCount count, Instant now) {
        int writing = count.writeCount(now);
        return new CapacityResponse(
                businessId, count.count(), writing, writing < count.count() ? count.from() : null, ShardCount.MAX);
    }
}
