package io.entitytable.fanout;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Keys;
import io.entitytable.model.RelationshipCatalogue.Duplicate;
import io.entitytable.model.Values;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The primary key of one duplicate item. */
record CopyKey(String id, String type) {

    static CopyKey of(Duplicate duplicate) {
        return new CopyKey(duplicate.id(), duplicate.type());
    }

    static CopyKey of(Map<String, AttributeValue> item) {
        return new CopyKey(Values.string(item, Attributes.ID), Values.string(item, Attributes.TYPE));
    }

    /** The duplicate at this key: a tag copy when it lives in a {@code tag#<t>} partition, an edge otherwise. */
    Duplicate duplicate() {
        ItemKind kind = Keys.parseTagPartition(id).isPresent() ? ItemKind.TAG : ItemKind.EDGE;
        return new Duplicate(id, type, kind);
    }

    /** The same relationship seen from the other side: {@code customer#C / store#S} for {@code store#S / customer#C}. */
    CopyKey mirror() {
        return new CopyKey(type, id);
    }

    Map<String, AttributeValue> asKey() {
        return Map.of(Attributes.ID, Values.s(id), Attributes.TYPE, Values.s(type));
    }
}
