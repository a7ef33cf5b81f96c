package io.entitytable.faultrun;

import io.entitytable.model.Entity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Which kinds of subject a random client acts on, from the definitions ({@link Entity#all()}, in their order, so a
 * seed picks the same way on every run), and the one weight the run gives an entity: a new entity is tagged, changed
 * and deleted with no change here.
 */
final class EntityChoice {
    /**
     * A link target (a store) is picked this many times as often for a delete as any other entity: half its deletes
     * take its links with them ({@code ?unlink=true}), the other half meet 409 while a subject lists it, and both are
     * what the run means to exercise of links.
     */
    static final int LINK_TARGET_DELETE_WEIGHT = 2;

    private EntityChoice() {}

    /** Every kind of subject, each once: what a tag or untag picks from. */
    static List<Entity> any() {
        return Entity.all();
    }

    /** The kinds a change can be made of from their declarations ({@link DeclaredChanges}), each once. */
    static List<Entity> forChange() {
        return Entity.all().stream().filter(DeclaredChanges::changes).toList();
    }

    /** What a delete picks from: every kind, a link target {@link #LINK_TARGET_DELETE_WEIGHT} times. */
    static List<Entity> forDelete() {
        List<Entity> choices = new ArrayList<>();
        for (Entity entity : Entity.all()) {
            int weight = entity.linkedBy().isPresent() ? LINK_TARGET_DELETE_WEIGHT : 1;
            choices.addAll(Collections.nCopies(weight, entity));
        }
        return List.copyOf(choices);
    }
}
