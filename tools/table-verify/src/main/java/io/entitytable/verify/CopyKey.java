package io.entitytable.verify;

import io.entitytable.model.Attributes;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Values;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The primary key of a duplicate item. */
record CopyKey(String id, String type) implements Comparable<CopyKey> {

    static CopyKey of(Map<String, AttributeValue> item) {
        return new CopyKey(Values.string(item, Attributes.ID), Values.string(item, Attributes.TYPE));
    }

    static CopyKey of(Duplicate duplicate) {
        return new CopyKey(duplicate.id(), duplicate.type());
    }

    /** The key as DynamoDB wants it in a Delete or ConditionCheck. */
    Map<String, AttributeValue> toKey() {
        return Map.of(Attributes.ID, Values.s(id), Attributes.TYPE, Values.s(type));
    }

    @Override
    public int compareTo(CopyKey other) {
        int byId = id.compareTo(other.id);
        return byId != 0 ? byId : type.compareTo(other.type);
    }

    @Override
    public String toString() {
        return id + " / " + type;
    }
}
