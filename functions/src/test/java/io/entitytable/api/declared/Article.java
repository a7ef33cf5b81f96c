package io.entitytable.api.declared;

import io.entitytable.model.Entity;
import io.entitytable.model.EntityDeclarations;
import io.entitytable.model.Field;
import java.util.List;

/**
 * A catalogue item of a business, declared in test sources only: its declaration is all there is of it. The API serves
 * it through the routes every declared entity has, and the contract documents it, with no main code written for it.
 * Named to {@code EntityDeclarations} by a system property in the JVM of the tests of declared entities only (the
 * functions pom).
 */
public final class Article implements EntityDeclarations {
    public static final Entity ENTITY = Entity.define(Entity.declared("article", "articles")
            .fields(
                    Field.text("sku")
                            .required()
                            .between(1, 64)
                            .matching("[a-z0-9._-]+", "must be letters, digits, '.', '_' or '-'")
                            .lowerCased()
                            .immutable()
                            .unique()
                            .example("beans-1kg"),
                    Field.text("name").required().example("Espresso beans, 1 kg"),
                    Field.wholeNumber("priceCents")
                            .required()
                            .between(0, 100_000_000)
                            .example(1890L),
                    Field.text("description").between(0, 2000).example("A dark roast"),
                    Field.text("barcode")
                            .between(8, 14)
                            .matching("[0-9]+", "must be 8 to 14 digits")
                            .unique()
                            .example("40012345"),
                    Field.object(
                            "shelf",
                            Field.text("aisle")
                                    .required()
                                    .between(1, 8)
                                    .matching("[A-Z0-9]+", "must be capitals and digits")
                                    .example("B7"),
                            Field.text("bay").between(1, 8).example("2"),
                            Field.wholeNumber("level").between(1, 12).example(3L)),
                    Field.labelled(
                            "prices",
                            Field.wholeNumber("cents").between(0, 100_000_000).example(990L)))
            .listedBy("shelf", "shelf.aisle", "shelf.bay")
            .sortedBy("name")
            .searchable());

    @Override
    public List<Entity> entities() {
        return List.of(ENTITY);
    }
}
