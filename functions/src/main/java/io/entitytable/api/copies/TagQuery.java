package io.entitytable.api.copies;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.model.Entity;
import jakarta.ws.rs.QueryParam;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Several tags to match (pattern 13): exactly one of {@code any} and {@code all}, and an optional entity type. */
public record TagQuery(@QueryParam("any") String any, @QueryParam("all") String all, @QueryParam("type") String type) {
    /** How many tags one multi-tag query may name: each is one parallel Query per page. */
    public static final int MAX_QUERY_TAGS = 10;

    /**
     * The tags to match, checked (400 otherwise): normalised, each once, sorted so that one set of tags is one list
     * whatever their order.
     */
    public record Selection(List<String> tags, boolean requireAll, Optional<Entity> type) {}

    public Selection parse() {
        if ((any == null) == (all == null)) {
            throw ApiProblem.badParameter("any", "give either any=a,b or all=a,b");
        }
        boolean requireAll = all != null;
        String parameter = requireAll ? "all" : "any";
        Set<String> tags = new LinkedHashSet<>();
        for (String raw : (requireAll ? all : any).split(",", -1)) {
            tags.add(Inputs.tagParameter(parameter, raw));
        }
        if (tags.size() > MAX_QUERY_TAGS) {
            throw ApiProblem.badParameter(parameter, "at most " + MAX_QUERY_TAGS + " tags");
        }
        return new Selection(tags.stream().sorted().toList(), requireAll, entityType(type));
    }

    /** The {@code type} parameter: one entity's key name, or empty (every entity) when absent or blank. */
    static Optional<Entity> entityType(String type) {
        if (type == null || type.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(Entity.fromKeyName(type.trim())
                .orElseThrow(() -> ApiProblem.badParameter(
                        "type",
                        "must be one of "
                                + Entity.all().stream().map(Entity::keyName).toList())));
    }
}
