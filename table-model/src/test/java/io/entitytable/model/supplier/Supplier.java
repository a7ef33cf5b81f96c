package io.entitytable.model.supplier;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Ids;
import io.entitytable.model.Keys;
import io.entitytable.model.SearchFields;
import io.entitytable.model.SearchText;
import io.entitytable.model.Shard;
import io.entitytable.model.TableLayout;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A kind of subject that exists in test sources only: a supplier of a business, named in its sort key, tagged and
 * searchable. Every subsystem's tests run it through their code, which must handle it with no change to main code:
 * the proof that an entity is defined once, here, and nowhere else.
 */
public record Supplier(String id, String businessId, String name, String email, CoreFields common, Shard shard)
        implements CoreItem {

    /** The definition: all that the table model, the fan-out, search, verify and the capacity model know of it. */
    public static final Entity ENTITY = Entity.define(Entity.builder("supplier", "suppliers", Supplier::from)
            .sortKeyCarriesName()
            .indexedIn(TableLayout.BUSINESS_GSI)
            .searchable(Supplier::from, supplier -> SearchText.titled(supplier.name())
                    .add(SearchFields.NAME, supplier.name())
                    .add(SearchFields.EMAIL, supplier.email())
                    .add(SearchFields.TAGS, supplier.tags().stream().sorted())
                    .build()));

    /** A new supplier of {@code businessId}, at version 1. */
    public static Supplier of(String businessId, String name, Set<String> tags) {
        Instant now = Instant.parse("2026-03-04T05:06:07.089Z");
        return new Supplier(
                Ids.newId(),
                businessId,
                name,
                name.toLowerCase(Locale.ROOT).replace(' ', '.') + "@example.com",
                CoreFields.created(Set.copyOf(tags), now),
                Shard.of(0));
    }

    public static Supplier from(Map<String, AttributeValue> item) {
        return new Supplier(
                Values.string(item, Attributes.ID),
                Values.string(item, Attributes.BUSINESS_ID),
                Values.string(item, Attributes.NAME),
                Values.string(item, Attributes.EMAIL),
                CoreFields.of(item),
                Shard.of(item));
    }

    /** {@code supplier#<name>}, lower-cased: suppliers of a business sort by name in businessGsi. */
    public String type() {
        return Keys.typePrefix(ENTITY) + name.trim().toLowerCase(Locale.ROOT);
    }

    @Override
    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = CoreItem.base(this, type(), businessId, shard);
        item.put(Attributes.NAME, Values.s(name));
        Values.putString(item, Attributes.EMAIL, email);
        return item;
    }

    /** The same supplier under another name: its sort key moves. */
    public Supplier renamed(String newName) {
        return new Supplier(id, businessId, newName, email, common, shard);
    }

    @Override
    public Entity entity() {
        return ENTITY;
    }

    @Override
    public Supplier withTags(Set<String> newTags) {
        return new Supplier(id, businessId, name, email, common.withTags(newTags), shard);
    }

    @Override
    public Supplier withVersion(long newVersion, Instant changedAt) {
        return new Supplier(id, businessId, name, email, common.withVersion(newVersion, changedAt), shard);
    }
}
