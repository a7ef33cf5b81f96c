package io.entitytable.model;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The partitions a business's items are spread over, for a business with {@link ShardCount count} shards. Every core
 * item of the business (the business itself, its customers, stores and orders) is indexed in businessGsi under
 * {@code <businessId>#<n>}, every order under {@code ORDERSTATUS#<businessId>#<STATUS>#<n>} too, and every tagged
 * subject's copy in {@code tag#<businessId>#<t>} (shard 0) or {@code tag#<businessId>#<t>#<n>}, {@code n} being the
 * subject's {@link Shard}; a list of the business reads the shards in parallel and merges them.
 *
 * <p>A business of the old fixed layout ({@link ShardCount#legacy}) has 4 businessGsi and status shards and one
 * partition per tag, as it always had.
 *
 * <p>What one shard takes (see {@link ShardGrowth}): a busy business places 500 orders a second, each written three
 * times in its life (placed, two status changes), each write an index write of about 1 KB: 1,500 write units a
 * second in businessGsi, which 4 shards take at under 50 % each. A partition takes 1,000; 64 shards take a flash sale
 * of 10,000 orders a second.
 */
public record BusinessShards(String businessId, ShardCount count) {
    /** The businessGsi and status shard count of a business of the old fixed layout. */
    public static final int COUNT = ShardCount.LEGACY;

    /** Every partition key of the business in {@code businessGsi}, in shard order. */
    public List<String> partitions() {
        return shards().mapToObj(shard -> Keys.businessShard(businessId, shard)).toList();
    }

    /** Every partition key in gsi1 of the business's orders in {@code status}, in shard order. */
    public List<String> statusPartitions(String status) {
        return groupPartitions(Entity.ORDER, Attributes.STATUS, status);
    }

    /**
     * Every partition key in gsi1 of the business's subjects of {@code entity} whose {@code field} holds {@code value}
     * ({@link Keys#groupPk}), in shard order.
     */
    public List<String> groupPartitions(Entity entity, String field, String value) {
        return shards().mapToObj(shard -> Keys.groupPk(entity, field, businessId, value, shard))
                .toList();
    }

    /** Every partition holding the business's copies under {@code tag}, in shard order. */
    public List<String> tagPartitions(String tag) {
        return count.stored()
                ? shards().mapToObj(shard -> Keys.tagPartition(businessId, tag, shard))
                        .toList()
                : List.of(Keys.tagPartition(businessId, tag, 0));
    }

    /** Every partition holding the business's order copies under {@code sku}, in shard order. */
    public List<String> skuPartitions(String sku) {
        return count.stored()
                ? shards().mapToObj(shard -> Keys.skuPartition(businessId, sku, shard))
                        .toList()
                : List.of(Keys.skuPartition(businessId, sku, 0));
    }

    /** Every child counter of the business (see {@link ChildCounters}). */
    public List<ItemKey> counters() {
        return ChildCounters.all(businessId, count);
    }

    private IntStream shards() {
        return IntStream.range(0, count.count());
    }

    // ---- the old fixed layout, for a business that stores no count --------------------------------------------

    /** The partition key in {@code businessGsi} of {@code itemId} under the old fixed layout. */
    public static String partitionOf(String businessId, String itemId) {
        return Shard.legacy(itemId).businessPartition(businessId);
    }

    /** Every partition key of a business of the old fixed layout in {@code businessGsi}. */
    public static List<String> partitions(String businessId) {
        return new BusinessShards(businessId, ShardCount.legacy()).partitions();
    }

    /** The partition key in gsi1 of order {@code orderId} in {@code status} under the old fixed layout. */
    public static String statusPartitionOf(String businessId, String status, String orderId) {
        return Shard.legacy(orderId).groupPartition(Entity.ORDER, Attributes.STATUS, businessId, status);
    }

    /** Every partition key in gsi1 of a business of the old fixed layout's orders in {@code status}. */
    public static List<String> statusPartitions(String businessId, String status) {
        return new BusinessShards(businessId, ShardCount.legacy()).statusPartitions(status);
    }
}
