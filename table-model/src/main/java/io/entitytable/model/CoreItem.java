package io.entitytable.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** What every core item carries, whatever its entity. */
public interface CoreItem {
    String id();

    /** Its tags, version and times, which every entity carries alike. */
    CoreFields common();

    default Set<String> tags() {
        return common().tags();
    }

    default long version() {
        return common().version();
    }

    default Instant createdAt() {
        return common().createdAt();
    }

    default Instant updatedAt() {
        return common().updatedAt();
    }

    Entity entity();

    /** The full item as stored: keys, index attributes and public attributes (never the internal counters). */
    Map<String, AttributeValue> toItem();

    /**
     * The attributes every core item shares, written in one place: its keys and common fields, the business it belongs
     * to, its shard, and its partition of the business in businessGsi, so that every entity is indexed the same way.
     */
    static Map<String, AttributeValue> base(CoreItem core, String type, String businessId, Shard shard) {
        Map<String, AttributeValue> item = Values.newItem();
        item.put(Attributes.ID, Values.s(core.id()));
        item.put(Attributes.TYPE, Values.s(type));
        item.put(Attributes.KIND, Values.s(ItemKind.CORE.value()));
        item.put(Attributes.VERSION, Values.n(core.version()));
        item.put(Attributes.CREATED_AT, Values.instant(core.createdAt()));
        item.put(Attributes.UPDATED_AT, Values.instant(core.updatedAt()));
        Values.putSet(item, Attributes.TAGS, core.tags());
        item.put(Attributes.BUSINESS_ID, Values.s(businessId));
        shard.putOn(item);
        item.put(Attributes.BUSINESS_SHARD, Values.s(shard.businessPartition(businessId)));
        return item;
    }

    /** Reads any core item into its entity's subject. */
    static DeclaredItem from(Map<String, AttributeValue> item) {
        return entityOf(item).read(item);
    }

    /** The entity of a core item, from its sort key. */
    static Entity entityOf(Map<String, AttributeValue> item) {
        String type = Values.string(item, Attributes.TYPE);
        String name = type.contains(Keys.SEPARATOR) ? type.substring(0, type.indexOf(Keys.SEPARATOR)) : type;
        return Entity.fromKeyName(name).orElseThrow(() -> new IllegalArgumentException("not a core item: " + type));
    }

    /**
     * {@code next} with every attribute of {@code stored} that this code does not know: what its own record of the
     * stored item would not write back (the internal counters aside, which move by themselves). An attribute a newer
     * version of the API wrote survives a change made by this one, so rolling back never drops data; a newer version
     * must therefore treat what it derives (index attributes, for one) as recomputable, as verify does.
     */
    static Map<String, AttributeValue> keepingUnknown(
            Map<String, AttributeValue> stored, Map<String, AttributeValue> next) {
        Map<String, AttributeValue> known = from(stored).toItem();
        Map<String, AttributeValue> kept = new java.util.HashMap<>(next);
        stored.forEach((name, value) -> {
            if (!known.containsKey(name) && !Attributes.INTERNAL_COUNTERS.contains(name)) {
                kept.putIfAbsent(name, value);
            }
        });
        return kept;
    }

    static boolean isCore(Map<String, AttributeValue> item) {
        return ItemKind.CORE.value().equals(Values.string(item, Attributes.KIND));
    }

    /** The other items of its item collection that this record holds (an order's lines); none by default. */
    default List<Map<String, AttributeValue>> collectionItems() {
        return List.of();
    }

    /**
     * The keys of every other item of its item collection, which follow from its core item alone (an order's lines,
     * from its {@code lineCount}): what its delete and its erase delete, and what an export reads with it.
     */
    default List<ItemKey> collectionKeys() {
        return List.of();
    }

    /** The same subject holding {@code items}, the other items of its item collection as read ({@link #collectionKeys}). */
    default CoreItem withCollection(List<Map<String, AttributeValue>> items) {
        return this;
    }

    /**
     * The same subject placed in {@code shard} (a tenant import keeps the shard its file names): read back from its
     * item with that shard on it, so every attribute that follows from the shard is the model's. A business is placed
     * by its count, not by a shard: for one, this changes nothing.
     */
    default CoreItem withShard(Shard shard) {
        Map<String, AttributeValue> item = new java.util.HashMap<>(toItem());
        item.remove(Attributes.SHARD);
        shard.putOn(item);
        return from(item);
    }

    /** The same subject with other tags (the caller bumps the version). */
    CoreItem withTags(Set<String> tags);

    /** The same subject at another version, changed at {@code updatedAt}. */
    CoreItem withVersion(long version, Instant updatedAt);
}
