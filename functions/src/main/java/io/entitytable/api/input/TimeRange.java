package io.entitytable.api.input;

import io.entitytable.api.error.ApiProblem;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import java.time.Instant;

/**
 * The creation times a list asks for, both ends included: what a sort key of creation time ({@link Keys#createdType})
 * can hold, from 1970 to {@link Keys#LATEST_CREATED}, so the range is one key condition.
 */
public record TimeRange(Instant from, Instant to) {
    public static final String FROM = "from";
    public static final String TO = "to";

    /**
     * The range the query parameters {@code from} and {@code to} give, each an ISO-8601 instant or absent (the earliest
     * or the latest time); a malformed one, one outside the years a key holds, or {@code from} after {@code to} is a 400.
     */
    public static TimeRange parse(String from, String to) {
        Instant first = Inputs.instant(FROM, from, Instant.EPOCH);
        Instant last = Inputs.instant(TO, to, Keys.LATEST_CREATED);
        if (first.isBefore(Instant.EPOCH)) {
            throw ApiProblem.badParameter(FROM, "must lie between 1970 and 2286");
        }
        if (last.isAfter(Keys.LATEST_CREATED)) {
            throw ApiProblem.badParameter(TO, "must lie between 1970 and 2286");
        }
        if (first.isAfter(last)) {
            throw ApiProblem.badParameter(FROM, "must not be after 'to'");
        }
        return new TimeRange(first, last);
    }

    /** The sort key of {@code entity} the range starts at. */
    public String firstKey(Entity entity) {
        return Keys.createdType(entity, from);
    }

    /** The sort key of {@code entity} the range ends at. */
    public String lastKey(Entity entity) {
        return Keys.createdType(entity, to);
    }
}
