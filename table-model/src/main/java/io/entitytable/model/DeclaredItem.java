package io.entitytable.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A subject of an entity declared by its fields ({@link Entity#declared}): the values of its declared fields by name,
 * each stored as an attribute of that name, beside what every core item carries. No record is written per entity: the
 * declaration says what the item holds, and this reads and writes it.
 *
 * @param values the declared fields it has, normalised as {@link Field#normalised} makes them; an optional field it
 *     lacks is absent. For an entity that links another ({@link Entity#link}), also the ids it links, a set under the
 *     link's attribute, absent when it links none: changed by its link routes, never by a request's body. For a
 *     child of a subject other than its business ({@link Entity#parent}), also its parent's id under {@link
 *     Entity#parentAttribute}: set when it is made, never changed
 * @param shards the tenant's shard count ({@link Entity#isTenant}: a business's), which its item carries; null for a
 *     business's child, which a {@code shard} places
 */
public record DeclaredItem(
        Entity entity,
        String id,
        String businessId,
        Map<String, Object> values,
        CoreFields common,
        Shard shard,
        ShardCount shards)
        implements CoreItem {

    /** A business's child, placed by its shard. */
    public DeclaredItem(
            Entity entity, String id, String businessId, Map<String, Object> values, CoreFields common, Shard shard) {
        this(entity, id, businessId, values, common, shard, null);
    }

    public DeclaredItem {
        if (shards != null && !entity.isTenant()) {
            throw new IllegalArgumentException(entity.keyName() + " is placed by its shard, not by a count");
        }
        // Items given or read count themselves; without them, the count read from the core item stands (none: 0).
        Map<String, Object> counted = new LinkedHashMap<>(values);
        for (Field field : entity.itemFields()) {
            counted.put(
                    field.countAttribute(),
                    values.get(field.name()) instanceof List<?> items
                            ? (Object) (long) items.size()
                            : values.getOrDefault(field.countAttribute(), 0L));
        }
        values = counted;
        // A tenant that stores no count is of the old fixed layout.
        shards = shards == null && entity.isTenant() ? ShardCount.legacy() : shards;
        // An empty object by label, or no ids linked, is none: left out, as the item leaves it out.
        Map<String, Object> present = new LinkedHashMap<>(values);
        present.values()
                .removeIf(value -> value instanceof Map<?, ?> map && map.isEmpty()
                        || value instanceof java.util.Collection<?> collection && collection.isEmpty());
        values = Map.copyOf(present);
    }

    /** Reads a core item of {@code entity}: every declared field it holds. */
    static DeclaredItem read(Entity entity, Map<String, AttributeValue> item) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Field field : entity.fields()) {
            if (field.kind() == Field.Kind.ITEMS) {
                values.put(field.countAttribute(), Values.number(item, field.countAttribute()));
                continue;
            }
            AttributeValue value = item.get(field.name());
            if (value != null) {
                values.put(field.name(), field.fromAttribute(value));
            }
        }
        entity.link().map(Entity.Link::attribute).ifPresent(attribute -> {
            Set<String> linked = Values.set(item, attribute);
            if (!linked.isEmpty()) {
                values.put(attribute, linked);
            }
        });
        // A core item names its parent; a copy (a tag's, a SKU's) carries no index attribute, the parent's id among
        // them, and is answered without it.
        entity.parentAttribute().ifPresent(attribute -> {
            String parentId = Values.string(item, attribute);
            if (parentId != null) {
                values.put(attribute, parentId);
            } else if (CoreItem.isCore(item)) {
                throw new IllegalArgumentException(entity.keyName() + " " + Values.string(item, Attributes.ID)
                        + " names no " + entity.parent().orElseThrow().keyName() + " under " + attribute);
            }
        });
        return new DeclaredItem(
                entity,
                Values.string(item, Attributes.ID),
                Values.string(item, Attributes.BUSINESS_ID),
                values,
                CoreFields.of(item),
                Shard.of(item),
                entity.isTenant() ? ShardCount.of(item) : null);
    }

    /**
     * A subject of {@code entity} holding {@code values} as they are stored: each declared one as its field normalises
     * it, and the derived ones made of them ({@link Field#derived}: an order's total and SKUs, of its lines). Not judged
     * as a request's body is, so a sample or a seed may hold what a request could not.
     */
    public static DeclaredItem of(
            Entity entity, String id, String businessId, Map<String, ?> values, CoreFields common, Shard shard) {
        Map<String, Object> stored = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            if (value != null) {
                stored.put(
                        name,
                        entity.field(name).map(field -> field.normalised(value)).orElse(value));
            }
        });
        return new DeclaredItem(entity, id, businessId, Field.withDerived(entity.fields(), stored), common, shard);
    }

    /** The value of a text field, or empty when it has none. */
    public Optional<String> text(String field) {
        return Optional.ofNullable((String) values.get(field));
    }

    /** The values of a field of texts ({@link Field#textSet}: an order's SKUs), or none. */
    @SuppressWarnings("unchecked")
    public Set<String> texts(String field) {
        return (Set<String>) values.getOrDefault(field, Set.of());
    }

    /**
     * The items of a field of items ({@link Field#items}: an order's lines), each its members' values by name, when it
     * holds them (given on create, or read with its collection); else none.
     */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> items(String field) {
        return (List<Map<String, Object>>) values.getOrDefault(field, List.of());
    }

    /** Its parent's id ({@link Entity#parent}: an order's customer's); empty for a business's own child. */
    public Optional<String> parentId() {
        return entity.parentAttribute().map(attribute -> (String) values.get(attribute));
    }

    /** The value under {@code label} of a field of values by label (a customer's address labelled home), or empty. */
    public Optional<Object> labelled(String field, String label) {
        return values.get(field) instanceof Map<?, ?> byLabel
                ? Optional.ofNullable(byLabel.get(label))
                : Optional.empty();
    }

    /**
     * A tenant ({@link Entity#isTenant}: a business) of {@code shards}: its own business, in the shard every count of
     * it has.
     */
    public static DeclaredItem tenant(
            Entity entity, String id, Map<String, ?> values, CoreFields common, ShardCount shards) {
        if (!entity.isTenant()) {
            throw new IllegalArgumentException(entity.keyName() + " is not the tenant");
        }
        return new DeclaredItem(entity, id, id, new LinkedHashMap<>(values), common, shards.businessShard(id), shards);
    }

    /** The same tenant at another shard count (an import keeps the one its file names). */
    public DeclaredItem withShards(ShardCount count) {
        return tenant(entity, id, values, common, count);
    }

    /**
     * The same subject placed in {@code shard} ({@link CoreItem#withShard}), keeping the items of its collection, which
     * its core item alone, read back, would not give.
     */
    @Override
    public DeclaredItem withShard(Shard newShard) {
        if (entity.isTenant()) {
            return this;
        }
        return new DeclaredItem(entity, id, businessId, values, common, newShard, null);
    }

    /** Its sort key: fixed for its entity, else named by its entity's sort fields, else by its id. */
    public String type() {
        if (entity.hasFixedSortKey()) {
            return entity.keyName();
        }
        if (entity.isSortedByCreation()) {
            return Keys.createdType(entity, createdAt());
        }
        if (entity.sortFields().isEmpty()) {
            return Keys.idType(entity, id);
        }
        return Keys.namedType(
                entity,
                entity.sortFields().stream()
                        .map(field -> text(field.name()).orElse(""))
                        .toList());
    }

    @Override
    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = CoreItem.base(this, type(), businessId, shard);
        if (shards != null) {
            shards.putOn(item);
        }
        for (Field field : entity.fields()) {
            Object value = values.get(field.name());
            if (field.kind() == Field.Kind.ITEMS) {
                // A subject without items carries no count: absent is none.
                if (count(field) > 0) {
                    item.put(field.countAttribute(), Values.n(count(field)));
                }
            } else if (value != null) {
                item.put(field.name(), field.toAttribute(value));
            }
        }
        entity.link().ifPresent(link -> Values.putSet(item, link.attribute(), linked()));
        entity.parentAttribute()
                .ifPresent(attribute -> item.put(attribute, Values.s(parentId().orElseThrow())));
        entity.headedIndexes()
                .forEach(index -> item.put(TableLayout.ENTITY.index(index).partitionKey(), Values.s(id)));
        entity.fieldList().flatMap(list -> list.valuesIn(values)).ifPresent(levels -> {
            item.put(Attributes.GSI1_PK, Values.s(Keys.fieldListPk(entity, businessId, levels.get(0))));
            item.put(Attributes.GSI1_SK, Values.s(Keys.fieldListSk(levels.subList(1, levels.size()), id)));
        });
        entity.groupField().ifPresent(field -> text(field.name()).ifPresent(value -> {
            item.put(Attributes.GSI1_PK, Values.s(shard.groupPartition(entity, field.name(), businessId, value)));
            item.put(Attributes.GSI1_SK, Values.s(Keys.createdSk(createdAt(), id)));
        }));
        entity.lookupField().ifPresent(field -> text(field.name()).ifPresent(value -> {
            item.put(Attributes.GSI1_PK, Values.s(Keys.lookupPk(entity, field.name(), businessId, value)));
            item.put(Attributes.GSI1_SK, Values.s(id));
        }));
        return item;
    }

    /** How many items it has of a field of items ({@link Field#items}), as its core item counts them. */
    private long count(Field items) {
        return values.get(items.countAttribute()) instanceof Long count ? count : 0;
    }

    /**
     * The items of its fields of items, each an item of the table, {@code id = <id>, type = <itemName>#<n>}, numbered
     * n in {@code <itemName>No} as an order's lines are, of each
     * field whose items it holds (given on create, or read with it by id).
     */
    @Override
    public List<Map<String, AttributeValue>> collectionItems() {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (Field field : entity.itemFields()) {
            if (values.get(field.name()) instanceof List<?> held) {
                for (int n = 1; n <= held.size(); n++) {
                    Map<String, AttributeValue> item = Values.newItem();
                    item.put(Attributes.ID, Values.s(id));
                    item.put(Attributes.TYPE, Values.s(Keys.collectionItemType(field.itemName(), n)));
                    item.put(Attributes.KIND, Values.s(ItemKind.LINE.value()));
                    item.put(field.numberAttribute(), Values.n(n));
                    item.putAll(field.itemAttributes(held.get(n - 1)));
                    items.add(item);
                }
            }
        }
        return items;
    }

    /** The keys of its items, as its core item counts them. */
    @Override
    public List<ItemKey> collectionKeys() {
        List<ItemKey> keys = new ArrayList<>();
        for (Field field : entity.itemFields()) {
            for (int n = 1; n <= count(field); n++) {
                keys.add(new ItemKey(id, Keys.collectionItemType(field.itemName(), n)));
            }
        }
        return keys;
    }

    /** The same subject holding its items among {@code items}, each field's in the order of their keys. */
    @Override
    public DeclaredItem withCollection(List<Map<String, AttributeValue>> items) {
        Map<String, Object> changes = new LinkedHashMap<>();
        for (Field field : entity.itemFields()) {
            String prefix = Keys.collectionItemPrefix(field.itemName());
            changes.put(
                    field.name(),
                    items.stream()
                            .filter(item -> Values.string(item, Attributes.TYPE).startsWith(prefix))
                            .sorted(Comparator.comparing(item -> Values.string(item, Attributes.TYPE)))
                            .map(field::itemFrom)
                            .toList());
        }
        return with(changes);
    }

    /**
     * The same subject with its derived values made again of the values it holds ({@link Field#derived}): an order's
     * SKUs of the lines read with it, when its core item was written without them.
     */
    public DeclaredItem withDerived() {
        return new DeclaredItem(
                entity, id, businessId, Field.withDerived(entity.fields(), values), common, shard, shards);
    }

    /** The ids of the subjects it links ({@link Entity#link}); none when it links none. */
    @SuppressWarnings("unchecked")
    public Set<String> linked() {
        return entity.link()
                .map(link -> (Set<String>) values.getOrDefault(link.attribute(), Set.of()))
                .orElse(Set.of());
    }

    /** The same subject linking exactly {@code ids}. */
    public DeclaredItem withLinked(Set<String> ids) {
        if (entity.link().isEmpty() && ids.isEmpty()) {
            return this;
        }
        String attribute = entity.link().orElseThrow().attribute();
        Map<String, Object> next = new LinkedHashMap<>(values);
        next.remove(attribute);
        if (!ids.isEmpty()) {
            next.put(attribute, Set.copyOf(ids));
        }
        return new DeclaredItem(entity, id, businessId, next, common, shard, shards);
    }

    /** The same subject with {@code changes} over its values (a rename, when the sort field changes). */
    public DeclaredItem with(Map<String, Object> changes) {
        Map<String, Object> next = new LinkedHashMap<>(values);
        next.putAll(changes);
        return new DeclaredItem(entity, id, businessId, next, common, shard, shards);
    }

    @Override
    public DeclaredItem withTags(Set<String> newTags) {
        return withCommon(common.withTags(newTags));
    }

    @Override
    public DeclaredItem withVersion(long newVersion, Instant changedAt) {
        return withCommon(common.withVersion(newVersion, changedAt));
    }

    private DeclaredItem withCommon(CoreFields next) {
        return new DeclaredItem(entity, id, businessId, values, next, shard, shards);
    }
}
