package io.entitytable.model;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A business: the tenant that owns customers, stores and orders. */
public record Business(String id, String name, CoreFields common, ShardCount shards) implements CoreItem {

    /** A business of the old fixed layout (see {@link ShardCount#legacy}). */
    public Business(String id, String name, CoreFields common) {
        this(id, name, common, ShardCount.legacy());
    }

    public static Business from(Map<String, AttributeValue> item) {
        return new Business(
                Values.string(item, Attributes.ID),
                Values.string(item, Attributes.NAME),
                CoreFields.of(item),
                ShardCount.of(item));
    }

    @Override
    public Map<String, AttributeValue> toItem() {
        // A business belongs to itself, so a list of the business returns it first among everything it owns.
        Map<String, AttributeValue> item = CoreItem.base(this, Keys.BUSINESS_TYPE, id, shards.businessShard(id));
        shards.putOn(item);
        item.put(Attributes.NAME, Values.s(name));
        return item;
    }

    public Business withName(String newName) {
        return new Business(id, newName, common, shards);
    }

    @Override
    public Entity entity() {
        return Entity.BUSINESS;
    }

    @Override
    public Business withTags(Set<String> newTags) {
        return new Business(id, name, common.withTags(newTags), shards);
    }

    @Override
    public Business withVersion(long newVersion, Instant changedAt) {
        return new Business(id, name, common.withVersion(newVersion, changedAt), shards);
    }
}
