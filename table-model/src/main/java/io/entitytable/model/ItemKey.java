package io.entitytable.model;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The primary key of any item of the table: partition key {@code id} and sort key {@code type} (both strings). The one
 * key type of the project: the API, the fan-out and the verify tool all address items through it.
 */
public record ItemKey(String id, String type) implements Comparable<ItemKey> {

    public ItemKey {
        if (id == null || type == null) {
            throw new IllegalArgumentException("an item key needs both id and type, got " + id + " / " + type);
        }
    }

    /** The key of {@code item}, which must carry both key attributes. */
    public static ItemKey of(Map<String, AttributeValue> item) {
        return new ItemKey(Values.string(item, Attributes.ID), Values.string(item, Attributes.TYPE));
    }

    /** The same relationship seen from the other side: {@code customer#C / store#S} for {@code store#S / customer#C}. */
    public ItemKey mirror() {
        return new ItemKey(type, id);
    }

    /** The key as DynamoDB takes it in a GetItem, Delete, Update or ConditionCheck. */
    public Map<String, AttributeValue> toAttributes() {
        return Map.of(Attributes.ID, Values.s(id), Attributes.TYPE, Values.s(type));
    }

    /** A new item at this key, of {@code kind}, for its writer to add its other attributes to. */
    public Map<String, AttributeValue> newItem(ItemKind kind) {
        Map<String, AttributeValue> item = Values.newItem();
        item.putAll(toAttributes());
        item.put(Attributes.KIND, Values.s(kind.value()));
        return item;
    }

    @Override
    public int compareTo(ItemKey other) {
        int byId = id.compareTo(other.id);
        return byId != 0 ? byId : type.compareTo(other.type);
    }

    @Override
    public String toString() {
        return id + " / " + type;
    }
}
