package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;
import java.util.Map;
import java.util.Set;

/** A parsed update expression: SET, REMOVE, ADD and DELETE clauses. */
public interface Update {
    /**
     * The item after the update, from {@code item} (empty when the item does not exist yet). Throws a
     * ValidationException for what DynamoDB finds only at evaluation: an operand of the wrong type ({@code ADD} of a
     * number to a string, {@code +} on a non-number), a path whose parent does not exist or is not a map or list, a
     * {@code list_append} of a non-list, {@code if_not_exists} on ... and so on, each with DynamoDB's message.
     */
    Map<String, Value> apply(Map<String, Value> item);

    /** The top-level attribute names the update writes or removes (key attributes may not be among them). */
    Set<String> topLevelNames();

    /**
     * The updated parts of {@code item} (before or after the update), for {@code ReturnValues} {@code UPDATED_OLD} and
     * {@code UPDATED_NEW}: as a projection of the updated paths.
     */
    Map<String, Value> updatedParts(Map<String, Value> item);
}
