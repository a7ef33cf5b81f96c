package io.entitytable.api.business;

import com.fasterxml.jackson.databind.JsonNode;
import io.entitytable.api.config.ApiConfig;
import io.entitytable.api.error.ApiProblem;
import io.entitytable.api.input.Inputs;
import io.entitytable.api.table.CoreWrites;
import io.entitytable.api.write.OptimisticWrites;
import io.entitytable.model.Entity;
import io.entitytable.model.Lifecycle;
import io.entitytable.model.Retention;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A business's retention of finished subjects (docs/design.md §2, "Lifecycle"): how long its finished orders stay in
 * the table before they move to the archive. Read by the business's members and operators; set by operators only,
 * validated whole before anything is written.
 */
@Singleton
public class RetentionService {
    @Inject
    OptimisticWrites optimistic;

    @Inject
    CoreWrites writes;

    @Inject
    ApiConfig config;

    /** The business's retention: one strongly consistent GetItem of the business. 404 to a caller of another. */
    public Retention get(String id) {
        Inputs.id("id", id);
        optimistic.access().requireBusiness(id);
        return Retention.of(optimistic.require(Entity.BUSINESS, id));
    }

    /**
     * Sets what {@code body} names ({@code {"orders": "P30D"}}), each an ISO-8601 duration from the minimum to {@link
     * Lifecycle#MAXIMUM_RETENTION}; what it does not name stays. Operators only: 404 to a caller of another business,
     * 403 to a member of this one. A retention equal to the one in force writes nothing.
     */
    public Retention set(String id, JsonNode body) {
        Inputs.id("id", id);
        optimistic.access().requireBusiness(id);
        optimistic.access().requireOperator("set a business's retention");
        Map<Entity, Duration> wanted = parse(body);
        return optimistic.withCurrent(Entity.BUSINESS, id, null, current -> {
            Retention before = Retention.of(current);
            Retention after = before;
            for (Map.Entry<Entity, Duration> entry : wanted.entrySet()) {
                after = after.with(entry.getKey(), entry.getValue());
            }
            if (after.byCollection().equals(before.byCollection())) {
                return before;
            }
            writes.setRetention(current, after);
            return after;
        });
    }

    /**
     * The retentions {@code body} asks for. A body that is not an object, or names a field that is no kind with a
     * lifecycle, is malformed (400, as any body of the wrong shape or with an unknown field); an object that names none
     * is a 422.
     */
    private Map<Entity, Duration> parse(JsonNode body) {
        String kinds = Entity.withLifecycle().stream().map(Entity::collection).collect(Collectors.joining(", "));
        if (body == null || !body.isObject()) {
            throw ApiProblem.badRequest("the body must be a JSON object naming at least one of: " + kinds);
        }
        if (body.isEmpty()) {
            throw ApiProblem.invalid("body", "must name at least one of: " + kinds);
        }
        Map<Entity, Duration> wanted = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> field : body.properties()) {
            Entity entity = Entity.fromCollection(field.getKey())
                    .filter(candidate -> candidate.lifecycle().isPresent())
                    .orElseThrow(() -> ApiProblem.badRequest(
                            "unknown field " + field.getKey() + ": the kinds with a retention are " + kinds));
            wanted.put(entity, duration(field.getKey(), field.getValue()));
        }
        return wanted;
    }

    private Duration duration(String field, JsonNode value) {
        Duration minimum = config.minimumRetention().orElse(Lifecycle.DEPLOYED_MINIMUM_RETENTION);
        String rule = "must be an ISO-8601 duration in days, hours, minutes or seconds (such as P400D or PT10S), from "
                + Retention.format(minimum) + " to " + Retention.format(Lifecycle.MAXIMUM_RETENTION);
        if (value != null && value.isTextual()) {
            try {
                Duration duration = Duration.parse(value.textValue());
                if (duration.compareTo(minimum) >= 0 && duration.compareTo(Lifecycle.MAXIMUM_RETENTION) <= 0) {
                    return duration;
                }
            } catch (DateTimeParseException malformed) {
                // Answered as any other value outside the rule.
            }
        }
        throw ApiProblem.invalid(field, rule);
    }
}
