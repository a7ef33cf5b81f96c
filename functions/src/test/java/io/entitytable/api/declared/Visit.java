package io.entitytable.api.declared;

import io.entitytable.model.Entity;
import io.entitytable.model.EntityDeclarations;
import io.entitytable.model.Field;
import java.util.List;

/**
 * A customer's visit to its business, declared in test sources only: a child of the customer and sorted by the time it
 * was recorded, as an order is, so its customer lists its visits newest first, and its business lists them newest
 * first and reads a range of times as one key condition, in one outcome as an order's business does in one status. Its topics are items of its own in its item
 * collection, as an order's lines are. Named to {@code
 * EntityDeclarations} beside {@link Article} and {@link Member} in the JVM of the tests of declared entities (the
 * functions pom).
 */
public final class Visit implements EntityDeclarations {
    public static final Entity ENTITY = Entity.define(Entity.declared("visit", "visits")
            .fields(
                    Field.text("purpose").required().between(1, 200).example("Quarterly review"),
                    Field.wholeNumber("minutes").between(1, 1440).example(45L),
                    Field.items(
                                    "topics",
                                    "topic",
                                    Field.text("title")
                                            .required()
                                            .between(1, 100)
                                            .example("Budget"),
                                    Field.wholeNumber("minutes").between(1, 600).example(15L))
                            .between(1, 5),
                    Field.text("outcome")
                            .upperCased()
                            .matching("PLANNED|HELD|MISSED", "must be PLANNED, HELD or MISSED")
                            .example("PLANNED"))
            .sortedByCreation()
            .groupedBy("outcome")
            .childOf(Entity.CUSTOMER));

    @Override
    public List<Entity> entities() {
        return List.of(ENTITY);
    }
}
