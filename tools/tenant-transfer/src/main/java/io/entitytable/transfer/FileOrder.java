package io.entitytable.transfer;

import io.entitytable.model.Entity;
import java.util.ArrayList;
import java.util.List;

/**
 * The order of the kinds of subject in a file, from the entities' definitions ({@link Entity#all()}): the tenant first
 * (its children count on its counters), then every entity that a link can name (stores), then the others (customers,
 * whose links count on the stores they name, orders, and every entity declared by its fields, a business's child), each
 * group in the order of definition. Every defined entity takes part, carried or not: an export refuses a business that
 * holds a subject of an entity the file has no representation for ({@link SubjectCodec#carries}) rather than leave it
 * out.
 */
final class FileOrder {
    private FileOrder() {}

    /** The entities in file order, the tenant first. */
    static List<Entity> entities() {
        List<Entity> all = Entity.all();
        List<Entity> order = new ArrayList<>();
        all.stream().filter(Entity::isTenant).forEach(order::add);
        all.stream()
                .filter(entity -> !entity.isTenant() && entity.linkedBy().isPresent())
                .forEach(order::add);
        all.stream()
                .filter(entity -> !entity.isTenant() && entity.linkedBy().isEmpty())
                .forEach(order::add);
        return List.copyOf(order);
    }

    /** The entities of a business's children, in file order. */
    static List<Entity> children() {
        return entities().stream().filter(entity -> !entity.isTenant()).toList();
    }

    /** The place of {@code entity}'s lines in a file: a line may follow only lines of the same or a lower rank. */
    static int rank(Entity entity) {
        return entities().indexOf(entity);
    }
}
