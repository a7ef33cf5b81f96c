package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;

/**
 * A parsed key condition: the partition key's value, and the sort key's condition or null.
 *
 * @param partitionValue the value the partition key equals
 * @param sort the condition on the sort key, or null when the expression names only the partition key
 */
public record KeyCondition(Value partitionValue, SortCondition sort) {
    /** One of {@code =}, {@code <}, {@code <=}, {@code >}, {@code >=}, {@code BETWEEN} and {@code begins_with}. */
    public record SortCondition(Operator operator, Value value, Value upper) {
        public enum Operator {
            EQ,
            LT,
            LE,
            GT,
            GE,
            BETWEEN,
            BEGINS_WITH
        }

        /** Whether a sort key value (of the key's own type) satisfies the condition. */
        public boolean matches(Value sortKeyValue) {
            return KeyConditions.matches(this, sortKeyValue);
        }
    }
}
