package io.entitytable.model.declared;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import io.entitytable.model.Field;
import io.entitytable.model.Ids;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A customer's note, declared in test sources only: it copies its recipient's name and email from its customer, and
 * the address it goes to, chosen by label from the customer's mailing addresses, as an order holds its customer's name
 * and ship-to. Shared through this module's test jar.
 */
public final class Note {
    public static final Entity ENTITY = Entity.define(Entity.declared("note", "notes")
            .fields(
                    Field.text("body").required(),
                    Field.object(
                                    "recipient",
                                    Field.text(Attributes.FIRST_NAME).example("Ada"),
                                    Field.text(Attributes.LAST_NAME).example("Lovelace"))
                            .copiedFromParent(),
                    Field.text(Attributes.EMAIL).copiedFromParent(),
                    Field.chosenFromParent(
                                    "to",
                                    Entity.CUSTOMER
                                            .field(Attributes.MAILING_ADDRESSES)
                                            .orElseThrow())
                            .required())
            .sortedByCreation()
            .childOf(Entity.CUSTOMER));

    private Note() {}

    /** A new note of {@code customer} to its address labelled {@code label}, as its create makes it, in its business. */
    public static DeclaredItem of(DeclaredItem customer, String body, String label, Instant createdAt) {
        Map<String, Object> values = new LinkedHashMap<>(DeclaredValues.withParentCopies(
                ENTITY, DeclaredValues.forNew(ENTITY, Map.of("body", body, "to", label)), customer.values()));
        values.put(ENTITY.parentAttribute().orElseThrow(), customer.id());
        String id = Ids.newId();
        return new DeclaredItem(
                ENTITY, id, customer.businessId(), values, CoreFields.created(Set.of(), createdAt), Shard.legacy(id));
    }
}
