package io.entitytable.model;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A business: the tenant that owns customers, stores and orders. */
public record Business(
        String id, String name, Set<String> tags, long version, Instant createdAt, Instant updatedAt, ShardCount shards)
        implements CoreItem {

    /** A business of the old fixed layout (see {@link ShardCount#legacy}). */
    public Business(String id, String name, Set<String> tags, long version, Instant createdAt, Instant updatedAt) {
        this(id, name, tags, version, createdAt, updatedAt, ShardCount.legacy());
    }

    public static Business from(Map<String, AttributeValue> item) {
        CommonAttributes common = CommonAttributes.of(item);
        return new Business(
                common.id(),
                Values.string(item, Attributes.NAME),
                common.tags(),
                common.version(),
                common.createdAt(),
                common.updatedAt(),
                ShardCount.of(item));
    }

    @Override
    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = CoreItem.base(this, Keys.BUSINESS_TYPE);
        // A business belongs to itself, so a list of the business returns it first among everything it owns.
        CoreItem.putBusiness(item, id, shards.businessShard(id));
        shards.putOn(item);
        item.put(Attributes.NAME, Values.s(name));
        return item;
    }

    public Business withName(String newName) {
        return new Business(id, newName, tags, version, createdAt, updatedAt, shards);
    }

    @Override
    public Entity entity() {
        return Entity.BUSINESS;
    }

    @Override
    public Business withTags(Set<String> newTags) {
        return new Business(id, name, Set.copyOf(newTags), version, createdAt, updatedAt, shards);
    }

    @Override
    public Business withVersion(long newVersion, Instant changedAt) {
        return new Business(id, name, tags, newVersion, createdAt, changedAt, shards);
    }
}
