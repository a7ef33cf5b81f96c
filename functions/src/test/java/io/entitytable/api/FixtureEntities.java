package io.entitytable.api;

import io.entitytable.model.Entity;
import java.util.Optional;
import java.util.Set;

/**
 * The entities the hand-made fixtures of the API's tests hold a subject of: a business with a customer, a store and an
 * order ({@code HostileInputTest}'s, {@code ApiEventsReplayTest}'s seed). A route of any other entity, one a team
 * declares beside the shipped ones, is left to the tests that make their requests from its declaration ({@code
 * api/declared}), so that adding an entity asks for no fixture written by hand.
 */
public final class FixtureEntities {
    private static final Set<Entity> HELD = Set.of(Entity.BUSINESS, Entity.CUSTOMER, Entity.STORE, Entity.ORDER);

    private FixtureEntities() {}

    /**
     * The entity whose collection a path template names ({@code /stores/{id}}, {@code /businesses/{id}/stores}); none
     * for the API's own routes and a business's lists of every kind ({@code /businesses/{id}/items}).
     */
    public static Optional<Entity> of(String template) {
        String[] segments = template.substring(1).split("/");
        String collection = segments[0].equals("businesses") && segments.length > 2 ? segments[2] : segments[0];
        return Entity.fromCollection(collection);
    }

    /** Whether a path template belongs to no entity, or to one the fixtures hold. */
    public static boolean hold(String template) {
        return of(template).map(FixtureEntities::hold).orElse(true);
    }

    /** Whether the fixtures hold a subject of {@code entity}. */
    public static boolean hold(Entity entity) {
        return HELD.contains(entity);
    }
}
