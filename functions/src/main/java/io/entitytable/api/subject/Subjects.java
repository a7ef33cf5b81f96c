package io.entitytable.api.subject;

import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * What the four resources' tag and untag endpoints still call; everything else moved to {@link OptimisticWrites}.
 * Goes away with those endpoints.
 */
@ApplicationScoped
public class Subjects {
    private final OptimisticWrites writes;

    public Subjects(OptimisticWrites writes) {
        this.writes = writes;
    }

    /** Adds or removes one tag; idempotent. */
    public CoreItem tag(Entity entity, String id, String rawTag, boolean present) {
        return writes.tag(entity, id, rawTag, present);
    }
}
