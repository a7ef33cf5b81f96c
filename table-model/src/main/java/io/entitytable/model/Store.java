package io.entitytable.model;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A store of a business, findable by its location hierarchy through gsi1. */
public record Store(String id, String businessId, String name, Address address, CoreFields common, Shard shard)
        implements CoreItem {

    public static Store from(Map<String, AttributeValue> item) {
        return new Store(
                Values.string(item, Attributes.ID),
                Values.string(item, Attributes.BUSINESS_ID),
                Values.string(item, Attributes.NAME),
                Address.from(Values.map(item, Attributes.ADDRESS)),
                CoreFields.of(item),
                Shard.of(item));
    }

    public String type() {
        return Keys.storeType(name);
    }

    @Override
    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = CoreItem.base(this, type(), businessId, shard);
        item.put(Attributes.NAME, Values.s(name));
        item.put(Attributes.ADDRESS, address.toAttributeValue());
        item.put(Attributes.GSI1_PK, Values.s(Keys.storeLocationPk(businessId, address.country())));
        item.put(
                Attributes.GSI1_SK, Values.s(Keys.storeLocationSk(address.state(), address.city(), address.zip(), id)));
        return item;
    }

    public Store withDetails(String newName, Address newAddress) {
        return new Store(id, businessId, newName, newAddress, common, shard);
    }

    @Override
    public Entity entity() {
        return Entity.STORE;
    }

    @Override
    public Store withTags(Set<String> newTags) {
        return new Store(id, businessId, name, address, common.withTags(newTags), shard);
    }

    @Override
    public Store withVersion(long newVersion, Instant changedAt) {
        return new Store(id, businessId, name, address, common.withVersion(newVersion, changedAt), shard);
    }
}
