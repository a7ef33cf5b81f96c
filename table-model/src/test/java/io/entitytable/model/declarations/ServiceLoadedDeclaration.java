package io.entitytable.model.declarations;

import io.entitytable.model.Entity;
import io.entitytable.model.EntityDeclarations;
import io.entitytable.model.Field;
import java.util.List;

/**
 * A declaration as a team ships one: found through {@code META-INF/services}, which only {@link
 * EntityDeclarationsTest} writes (in a class loader of its own), so no other test sees it.
 */
public final class ServiceLoadedDeclaration implements EntityDeclarations {
    public static final Entity GADGET = Entity.define(Entity.declared("gadget", "gadgets")
            .fields(Field.text("name").required().example("Widget")));

    @Override
    public List<Entity> entities() {
        return List.of(GADGET);
    }
}
