package io.entitytable.transfer;

import io.entitytable.model.Entity;
import java.util.ArrayList;
import java.util.List;

/**
 * The order of the kinds of subject in a file, from the entities' definitions: the tenant first (its children count on
 * its counters), then every entity that a link can name (stores), then the others (customers, whose links count on the
 * stores they name, and orders). Only the entities the file has a representation for take part.
 */
final class FileOrder {
    private static final List<Entity> ORDER = order();

    private FileOrder() {}

    /** The entities in file order, the tenant first. */
    static List<Entity> entities() {
        return ORDER;
    }

    /** The entities of a business's children, in file order. */
    static List<Entity> children() {
        return ORDER.stream().filter(entity -> !entity.isTenant()).toList();
    }

    /** The place of {@code entity}'s lines in a file: a line may follow only lines of the same or a lower rank. */
    static int rank(Entity entity) {
        return ORDER.indexOf(entity);
    }

    private static List<Entity> order() {
        List<Entity> transferred = Entity.all().stream()
                .filter(entity -> SubjectCodec.responseOf(entity.keyName()).isPresent())
                .toList();
        List<Entity> order = new ArrayList<>();
        transferred.stream().filter(Entity::isTenant).forEach(order::add);
        transferred.stream()
                .filter(entity -> !entity.isTenant() && entity.linkedBy().isPresent())
                .forEach(order::add);
        transferred.stream()
                .filter(entity -> !entity.isTenant() && entity.linkedBy().isEmpty())
                .forEach(order::add);
        return List.copyOf(order);
    }
}
