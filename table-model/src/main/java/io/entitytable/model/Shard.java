package io.entitytable.model;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The write shard of one subject among its business's partitions, fixed when the subject is created and stored on its
 * core item ({@link Attributes#SHARD}), so every rewrite of the subject and of its copies lands where the first write
 * did and never leaves a second copy behind when the business's shard count grows.
 *
 * <p>A subject written before businesses had their own counts carries no stored shard: it sits where the old fixed
 * layout put it (businessGsi and status shard {@code hash(id) mod} {@link ShardCount#LEGACY}, one tag partition per
 * tag), so nothing written then ever moves.
 *
 * @param number {@code 0 <= number < } the business's count when the subject was created
 * @param stored false for a subject placed by the old fixed layout
 */
public record Shard(int number, boolean stored) {

    public Shard {
        if (number < 0 || number >= ShardCount.MAX) {
            throw new IllegalArgumentException("no shard " + number);
        }
    }

    /** A shard stored on the subject. */
    public static Shard of(int number) {
        return new Shard(number, true);
    }

    /** Where the old fixed layout placed subject {@code id}. */
    public static Shard legacy(String id) {
        return new Shard(Keys.shardOf(id, ShardCount.LEGACY), false);
    }

    /** The shard of a core item as stored, or the old layout's for an item that stores none. */
    public static Shard of(Map<String, AttributeValue> coreItem) {
        AttributeValue stored = coreItem.get(Attributes.SHARD);
        return stored == null ? legacy(Values.string(coreItem, Attributes.ID)) : of(Integer.parseInt(stored.n()));
    }

    /** Writes the shard on a core item (nothing for one the old layout placed: it is derived from the id). */
    public void putOn(Map<String, AttributeValue> item) {
        if (stored) {
            item.put(Attributes.SHARD, Values.n(number));
        }
    }

    /** The subject's partition key in businessGsi. */
    public String businessPartition(String businessId) {
        return Keys.businessShard(businessId, number);
    }

    /**
     * A subject's partition key in gsi1 while its {@code field} holds {@code value} (an order's, in its status): the same
     * shard number through every value.
     */
    public String groupPartition(Entity entity, String field, String businessId, String value) {
        return Keys.groupPk(entity, field, businessId, value, number);
    }

    /** The tag partition that holds the subject's copy under {@code tag}: the old layout had one per tag. */
    public String tagPartition(String businessId, String tag) {
        return Keys.tagPartition(businessId, tag, stored ? number : 0);
    }

    /** The SKU partition that holds an order's copy under {@code sku}, in the order's shard as its tag copies are. */
    public String skuPartition(String businessId, String sku) {
        return Keys.skuPartition(businessId, sku, stored ? number : 0);
    }
}
