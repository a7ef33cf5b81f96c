package io.entitytable.model;

import java.time.Instant;
import java.util.LinkedHashMap;
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
 *     lacks is absent
 */
public record DeclaredItem(
        Entity entity, String id, String businessId, Map<String, Object> values, CoreFields common, Shard shard)
        implements CoreItem {

    public DeclaredItem {
        values = Map.copyOf(values);
    }

    /** Reads a core item of {@code entity}: every declared field it holds. */
    static DeclaredItem read(Entity entity, Map<String, AttributeValue> item) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Field field : entity.fields()) {
            AttributeValue value = item.get(field.name());
            if (value != null) {
                values.put(field.name(), field.fromAttribute(value));
            }
        }
        return new DeclaredItem(
                entity,
                Values.string(item, Attributes.ID),
                Values.string(item, Attributes.BUSINESS_ID),
                values,
                CoreFields.of(item),
                Shard.of(item));
    }

    /** The value of a text field, or empty when it has none. */
    public Optional<String> text(String field) {
        return Optional.ofNullable((String) values.get(field));
    }

    /** Its sort key: named by its entity's sort field, else by its id. */
    public String type() {
        return entity.sortField()
                .map(field -> Keys.namedType(entity, text(field.name()).orElse("")))
                .orElse(Keys.idType(entity, id));
    }

    @Override
    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = CoreItem.base(this, type(), businessId, shard);
        values.forEach(
                (name, value) -> item.put(name, entity.field(name).orElseThrow().toAttribute(value)));
        entity.fieldList().flatMap(list -> list.valuesIn(values)).ifPresent(levels -> {
            item.put(Attributes.GSI1_PK, Values.s(Keys.fieldListPk(entity, businessId, levels.get(0))));
            item.put(Attributes.GSI1_SK, Values.s(Keys.fieldListSk(levels.subList(1, levels.size()), id)));
        });
        return item;
    }

    /** The same subject with {@code changes} over its values (a rename, when the sort field changes). */
    public DeclaredItem with(Map<String, Object> changes) {
        Map<String, Object> next = new LinkedHashMap<>(values);
        next.putAll(changes);
        return new DeclaredItem(entity, id, businessId, next, common, shard);
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
        return new DeclaredItem(entity, id, businessId, values, next, shard);
    }
}
