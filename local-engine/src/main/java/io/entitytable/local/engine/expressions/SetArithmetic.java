package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Numbers;
import io.entitytable.local.engine.values.Value;
import java.math.BigDecimal;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * What the {@code ADD} and {@code DELETE} update clauses compute: a number's sum, a set's union or difference.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.UpdateExpressions.html#Expressions.UpdateExpressions.ADD">
 *     Update expressions: ADD</a>
 */
final class SetArithmetic {
    private SetArithmetic() {}

    /** {@code current + added}: the added value itself when there is no current value. */
    static Value add(Value current, Value added) {
        if (current == null) {
            return added;
        }
        if (current instanceof Value.Num a && added instanceof Value.Num b) {
            return new Value.Num(Numbers.checked(a.value().add(b.value())));
        }
        if (current instanceof Value.StrSet a && added instanceof Value.StrSet b) {
            return new Value.StrSet(union(a.values(), b.values()));
        }
        if (current instanceof Value.NumSet a && added instanceof Value.NumSet b) {
            return new Value.NumSet(union(a.values(), b.values()));
        }
        if (current instanceof Value.BinSet a && added instanceof Value.BinSet b) {
            return new Value.BinSet(union(a.values(), b.values()));
        }
        throw UpdateErrors.incorrectType();
    }

    /** {@code current} without the members of {@code removed}; null when nothing is left (no empty sets). */
    static Value delete(Value current, Value removed) {
        if (current instanceof Value.StrSet a && removed instanceof Value.StrSet b) {
            Set<String> left = difference(a.values(), b.values());
            return left.isEmpty() ? null : new Value.StrSet(left);
        }
        if (current instanceof Value.NumSet a && removed instanceof Value.NumSet b) {
            Set<BigDecimal> left = difference(a.values(), b.values());
            return left.isEmpty() ? null : new Value.NumSet(left);
        }
        if (current instanceof Value.BinSet a && removed instanceof Value.BinSet b) {
            Set<Value.Bin> left = difference(a.values(), b.values());
            return left.isEmpty() ? null : new Value.BinSet(left);
        }
        throw UpdateErrors.incorrectType();
    }

    private static <T> Set<T> union(Set<T> a, Set<T> b) {
        Set<T> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return all;
    }

    private static <T> Set<T> difference(Set<T> a, Set<T> b) {
        Set<T> left = new LinkedHashSet<>(a);
        left.removeAll(b);
        return left;
    }
}
