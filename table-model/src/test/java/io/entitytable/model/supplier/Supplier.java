package io.entitytable.model.supplier;

import io.entitytable.model.CoreFields;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.EntityDeclarations;
import io.entitytable.model.Field;
import io.entitytable.model.Ids;
import io.entitytable.model.Shard;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A kind of subject that exists in test sources only: a supplier of a business, named in its sort key, with an email
 * unique within the business, a code that never changes, a depot (an object of its own fields) by whose city and zip its business lists it and
 * contacts by label, its deliveries as items of its own in its item collection (their hours made of their days), the regions it serves (a set), tagged and searchable. It is its declaration alone, with no record class: every
 * subsystem's tests run it through their code, which must handle it with no change to main code, the proof that an
 * entity is defined once, here, and nowhere else. The API's tests find it as a team's own declaration is found, named
 * to {@code EntityDeclarations}.
 */
public final class Supplier implements EntityDeclarations {
    /** The definition: all that the table model, the fan-out, search, verify and the capacity model know of it. */
    public static final Entity ENTITY = Entity.define(Entity.declared("supplier", "suppliers")
            .fields(
                    Field.text("name").required().example("Acme Beans"),
                    Field.text("email").between(3, 254).lowerCased().unique().example("orders@acme.example"),
                    Field.text("code")
                            .matching("[A-Z]{3}-[0-9]{3}", "must be three capitals, '-' and three digits, like ACM-001")
                            .immutable()
                            .example("ACM-001"),
                    Field.object(
                            "depot",
                            Field.text("city").required().example("Lyon"),
                            Field.text("zip").between(1, 10).example("69001"),
                            Field.wholeNumber("dock").between(1, 99).example(3L)),
                    Field.labelled(
                            "contacts",
                            Field.object(
                                    "contact",
                                    Field.text("name").required().example("Ann Lee"),
                                    Field.text("phone").between(3, 20).example("+33 1 23 45"))),
                    Field.items(
                                    "deliveries",
                                    "delivery",
                                    Field.text("sku").required().example("BEAN-1"),
                                    Field.wholeNumber("days").between(1, 30).example(2L),
                                    Field.wholeNumber("hours")
                                            .between(24, 720)
                                            .derived(
                                                    "days × 24",
                                                    List.of("days"),
                                                    delivery -> delivery.get("days") instanceof Long days
                                                            ? days * 24
                                                            : null))
                            .between(1, 10),
                    Field.textSet(
                            "regions",
                            Field.text("region")
                                    .upperCased()
                                    .matching("[A-Z]{2}", "must be two letters")
                                    .example("EU")))
            .listedBy("depot", "depot.city", "depot.zip")
            .sortedBy("name")
            .searchable());

    @Override
    public List<Entity> entities() {
        return List.of(ENTITY);
    }

    /** A new supplier of {@code businessId}, at version 1. */
    public static DeclaredItem of(String businessId, String name, Set<String> tags) {
        Instant now = Instant.parse("2026-03-04T05:06:07.089Z");
        return new DeclaredItem(
                ENTITY,
                Ids.newId(),
                businessId,
                Map.of(
                        "name",
                        name,
                        "email",
                        name.toLowerCase(Locale.ROOT).replace(' ', '.') + "@example.com",
                        "depot",
                        Map.of("city", "Lyon", "dock", 3L),
                        "contacts",
                        Map.of("orders", Map.of("name", "Ann Lee"), "billing", Map.of("name", "Bo", "phone", "123"))),
                CoreFields.created(Set.copyOf(tags), now),
                Shard.of(0));
    }

    /** The same supplier under another name: its sort key moves. */
    public static DeclaredItem renamed(DeclaredItem supplier, String newName) {
        return supplier.with(Map.of("name", newName));
    }
}
