package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;
import java.util.Map;
import java.util.Set;

/** A parsed condition or filter expression. */
public interface Condition {
    /**
     * Whether {@code item} satisfies the expression; an absent item is an empty map. May throw a ValidationException
     * that DynamoDB raises only at evaluation (for example {@code size} of an operand given as a placeholder of a type
     * without a size is found at parse time, but a list index past a path's end simply does not match).
     */
    boolean test(Map<String, Value> item);

    /** The top-level attribute names the expression reads. */
    Set<String> topLevelNames();
}
