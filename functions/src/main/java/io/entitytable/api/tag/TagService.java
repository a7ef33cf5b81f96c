package io.entitytable.api.tag;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;

/**
 * Tags and untags any subject. Both are idempotent and commute with each other, so they run without {@code If-Match}
 * and the write engine retries a lost race instead of failing it.
 */
@ApplicationScoped
public class TagService {
    @Inject
    OptimisticWrites writes;

    /** Adds the tag (normalised, see {@link Inputs#tag}); a subject carries at most {@link Inputs#MAX_TAGS}. */
    public CoreItem tag(Entity entity, String id, String rawTag) {
        return change(entity, id, Inputs.tag(rawTag), Set::add);
    }

    /** Removes the tag; removing a tag the subject does not carry changes nothing. */
    public CoreItem untag(Entity entity, String id, String rawTag) {
        return change(entity, id, Inputs.tag(rawTag), Set::remove);
    }

    private CoreItem change(Entity entity, String id, String tag, BiConsumer<Set<String>, String> edit) {
        return writes.modify(entity, id, null, (CoreItem item) -> {
            Set<String> tags = new TreeSet<>(item.tags());
            edit.accept(tags, tag);
            if (tags.size() > Inputs.MAX_TAGS) {
                throw ApiProblem.invalid("tags", "a subject carries at most " + Inputs.MAX_TAGS + " tags");
            }
            return item.withTags(tags);
        });
    }
}
