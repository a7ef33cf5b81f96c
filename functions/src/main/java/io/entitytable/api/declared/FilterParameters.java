package io.entitytable.api.declared;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.Entity;
import io.entitytable.model.ListFilter;
import io.entitytable.model.Values;
import io.entitytable.model.access.Filters;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import software.amazon.awssdk.enhanced.dynamodb.Expression;

/**
 * The filters a list request asks of a declared entity ({@link Entity#filters}), as the FilterExpression of its
 * Queries: a text equal to the value given as its field stores it (trimmed, in its letter case), a number at least the
 * one given. A value its field would refuse is a 400, since no subject holds it.
 */
final class FilterParameters {
    private FilterParameters() {}

    /** The condition every subject listed must meet; null when the request asks no filter. */
    static Expression asked(Entity entity, MultivaluedMap<String, String> parameters) {
        List<Expression> conditions = new ArrayList<>();
        for (ListFilter filter : entity.filters()) {
            if (parameters.containsKey(filter.parameter())) {
                conditions.add(condition(filter, parameters));
            }
        }
        return conditions.isEmpty() ? null : Expression.and(conditions);
    }

    private static Expression condition(ListFilter filter, MultivaluedMap<String, String> parameters) {
        String[] path = filter.attributePath().toArray(String[]::new);
        if (filter.isAtLeast()) {
            String given = Objects.requireNonNullElse(parameters.getFirst(filter.parameter()), "");
            return Filters.atLeast(Values.n(least(filter, given.trim())), path);
        }
        // A text filter is given under its field's name, judged as a lookup's value is.
        String value = DeclaredCollection.valueAsked(filter.field(), parameters).orElseThrow();
        return Filters.equal(Values.s((String) filter.field().normalised(value)), path);
    }

    private static long least(ListFilter filter, String given) {
        try {
            long value = Long.parseLong(given);
            Optional<String> problem = filter.field().problem(value);
            if (problem.isEmpty()) {
                return value;
            }
            throw ApiProblem.badParameter(filter.parameter(), problem.get());
        } catch (NumberFormatException e) {
            throw ApiProblem.badParameter(filter.parameter(), "must be a whole number");
        }
    }
}
