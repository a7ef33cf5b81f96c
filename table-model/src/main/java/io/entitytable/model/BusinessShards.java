package io.entitytable.model;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The write shards of a business in {@code businessGsi} and in gsi1's order-status keys. Every core item of a business
 * (the business itself, its customers, stores and orders) is indexed under {@code <businessId>#<n>}, and every order
 * under {@code ORDERSTATUS#<businessId>#<STATUS>#<n>} too, {@code n = hash(item id) mod COUNT}, so the index writes of
 * one busy business are spread over {@code COUNT} partitions; a list of the business reads the shards in parallel and
 * merges them.
 *
 * <p>{@code COUNT} is derived from the busiest business the layout is sized for: 500 orders a second, each written
 * three times in its life (placed, two status changes), each write an index write of about 1 KB: 1,500 write units
 * a second. A partition takes 1,000; at 80 % of that, {@code ceil(1,500 / 800) = 2} shards, doubled for headroom: 4.
 * One business then takes up to about 3,200 index writes a second (about 1,000 orders a second with two status
 * changes each) before its shards are at 80 %.
 *
 * <p>COUNT may only grow: an item keeps the shard it was written with, and every shard below COUNT is read.
 */
public final class BusinessShards {
    public static final int COUNT = 4;

    private BusinessShards() {}

    /** The partition key in {@code businessGsi} of the core item {@code itemId} of business {@code businessId}. */
    public static String partitionOf(String businessId, String itemId) {
        return Keys.businessShard(businessId, Keys.shardOf(itemId, COUNT));
    }

    /** Every partition key of the business in {@code businessGsi}, in shard order. */
    public static List<String> partitions(String businessId) {
        return IntStream.range(0, COUNT)
                .mapToObj(shard -> Keys.businessShard(businessId, shard))
                .toList();
    }

    /**
     * The partition key in gsi1 of order {@code orderId} of business {@code businessId} while it is in {@code status}:
     * the order's own shard, so an order stays in the same shard number through every status.
     */
    public static String statusPartitionOf(String businessId, String status, String orderId) {
        return Keys.orderStatusPk(businessId, status, Keys.shardOf(orderId, COUNT));
    }

    /** Every partition key in gsi1 of the business's orders in {@code status}, in shard order. */
    public static List<String> statusPartitions(String businessId, String status) {
        return IntStream.range(0, COUNT)
                .mapToObj(shard -> Keys.orderStatusPk(businessId, status, shard))
                .toList();
    }
}
