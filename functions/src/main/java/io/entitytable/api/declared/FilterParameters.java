package io.entitytable.api.declared;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ListFilter;
import io.entitytable.model.Values;
import io.entitytable.model.access.Filters;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
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
        List<Expression> conditions = entity.filters().stream()
                .filter(filter -> parameters.containsKey(filter.parameter()))
                .map(filter -> condition(filter, parameters))
                .toList();
        return conditions.isEmpty() ? null : Expression.and(conditions);
    }

    /**
     * The same conditions as {@link #asked}, as a test of a subject read from elsewhere than a Query (the archive): its
     * value at each filter's path equal to the one given, or at least it.
     */
    static Predicate<DeclaredItem> test(Entity entity, MultivaluedMap<String, String> parameters) {
        Predicate<DeclaredItem> all = item -> true;
        for (ListFilter filter : entity.filters()) {
            if (!parameters.containsKey(filter.parameter())) {
                continue;
            }
            Predicate<Object> holds;
            if (filter.isAtLeast()) {
                long least = least(filter, parameters);
                holds = value -> value instanceof Number number && number.longValue() >= least;
            } else {
                holds = wanted(filter, parameters)::equals;
            }
            all = all.and(item -> holds.test(valueAt(item.values(), filter.attributePath())));
        }
        return all;
    }

    private static Object valueAt(Map<String, ?> values, List<String> path) {
        Object value = values;
        for (String name : path) {
            if (!(value instanceof Map<?, ?> map)) {
                return null;
            }
            value = map.get(name);
        }
        return value;
    }

    private static Expression condition(ListFilter filter, MultivaluedMap<String, String> parameters) {
        String[] path = filter.attributePath().toArray(String[]::new);
        if (filter.isAtLeast()) {
            return Filters.atLeast(Values.n(least(filter, parameters)), path);
        }
        return Filters.equal(Values.s((String) wanted(filter, parameters)), path);
    }

    /** A text filter is given under its field's name, judged as a lookup's value is, and stored as its field does. */
    private static Object wanted(ListFilter filter, MultivaluedMap<String, String> parameters) {
        return filter.field()
                .normalised(DeclaredCollection.valueAsked(filter.field(), parameters)
                        .orElseThrow());
    }

    private static long least(ListFilter filter, MultivaluedMap<String, String> parameters) {
        String given = Objects.requireNonNullElse(parameters.getFirst(filter.parameter()), "")
                .trim();
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
