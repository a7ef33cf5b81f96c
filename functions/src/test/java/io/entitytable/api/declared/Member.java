package io.entitytable.api.declared;

import io.entitytable.model.Entity;
import io.entitytable.model.EntityDeclarations;
import io.entitytable.model.Field;
import java.util.List;

/**
 * A member of a business's club, declared in test sources only: named in its sort key by two fields, last name first,
 * found by its email in any letter case, and linking the articles it stocks, as a customer is named, found and links
 * its stores. Named to {@code EntityDeclarations} beside {@link
 * Article} in the JVM of the tests of declared entities (the functions pom).
 */
public final class Member implements EntityDeclarations {
    public static final Entity ENTITY = Entity.define(Entity.declared("member", "members")
            .fields(
                    Field.text("firstName").required().between(1, 100).example("Ada"),
                    Field.text("lastName").required().between(1, 100).example("Lovelace"),
                    Field.text("email").between(3, 254).example("ada@example.com"))
            .sortedBy("lastName", "firstName")
            .findableBy("email")
            .links("articleIds", "article")
            .searchable());

    @Override
    public List<Entity> entities() {
        return List.of(ENTITY);
    }
}
