package io.entitytable.api.declared;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredValues;
import io.entitytable.model.Entity;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A request body for an entity declared by its fields, as JSON gives it: its fields' values and, for a new subject,
 * its tags. A name that is no field is refused as the typed bodies refuse one (400); the values themselves are judged
 * by the declaration ({@link DeclaredValues}).
 */
public record DeclaredBody(Map<String, Object> values, Set<String> tags) {

    /** The body of a create: fields and {@code tags}. */
    public static DeclaredBody ofNew(Entity entity, Map<String, Object> body) {
        return of(entity, body, true);
    }

    /** The body of a change: fields only (tags change through their own routes). */
    public static DeclaredBody ofChange(Entity entity, Map<String, Object> body) {
        return of(entity, body, false);
    }

    private static DeclaredBody of(Entity entity, Map<String, Object> body, boolean creating) {
        if (body == null) {
            throw ApiProblem.badRequest("the body must be a JSON object");
        }
        Map<String, Object> values = new HashMap<>(body);
        Object tags = creating ? values.remove(Attributes.TAGS) : null;
        List<String> unknown = DeclaredValues.unknown(entity, values.keySet());
        if (!unknown.isEmpty()) {
            throw ApiProblem.badRequest("unknown field '" + unknown.get(0) + "'");
        }
        return new DeclaredBody(values, tags(tags));
    }

    private static Set<String> tags(Object given) {
        if (given == null) {
            return Set.of();
        }
        if (!(given instanceof List<?> list) || !list.stream().allMatch(String.class::isInstance)) {
            throw ApiProblem.invalid(Attributes.TAGS, "must be a list of tags");
        }
        if (list.size() > Inputs.MAX_TAGS) {
            throw ApiProblem.invalid(Attributes.TAGS, "must hold at most " + Inputs.MAX_TAGS + " tags");
        }
        return Inputs.tags(list.stream().map(String.class::cast).collect(Collectors.toSet()));
    }
}
