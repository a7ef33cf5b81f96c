package io.entitytable.faultrun;

import io.entitytable.model.Entity;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * What the clients know exists, shared by all of them so that they step on each other's items. Deliberately loose: an
 * item another client deleted a moment ago may still be picked, which is one of the races the run is after (the API
 * answers 404).
 */
final class World {
    /** An item the clients created, with the business it belongs to (itself for a business). */
    record Known(Entity entity, String id, String businessId) {}

    private final Map<Entity, List<Known>> items = Entity.all().stream()
            .collect(Collectors.toUnmodifiableMap(entity -> entity, entity -> new CopyOnWriteArrayList<>()));

    void add(Known item) {
        items.get(item.entity()).add(item);
    }

    void remove(Known item) {
        items.get(item.entity()).remove(item);
    }

    Optional<Known> any(Entity entity, Random random) {
        Object[] known = items.get(entity).toArray();
        return known.length == 0 ? Optional.empty() : Optional.of((Known) known[random.nextInt(known.length)]);
    }

    /** An item of the entity in the given business, if the clients know one. */
    Optional<Known> anyIn(Entity entity, String businessId, Random random) {
        List<Known> same = items.get(entity).stream()
                .filter(item -> item.businessId().equals(businessId))
                .toList();
        return same.isEmpty() ? Optional.empty() : Optional.of(same.get(random.nextInt(same.size())));
    }

    /** Every item of the entity the clients know now. */
    List<Known> all(Entity entity) {
        return List.copyOf(items.get(entity));
    }

    int size(Entity entity) {
        return items.get(entity).size();
    }
}
