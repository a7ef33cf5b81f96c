package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Numbers;
import io.entitytable.local.engine.values.Value;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What an expression compares, tests or writes: a document path, a value placeholder, or a function of those. {@link
 * #resolve} gives null where the item has no such attribute.
 */
sealed interface Operand {
    Value resolve(Map<String, Value> item);

    /** The document paths this operand reads: a path's own, the one inside {@code size()}; none for a value. */
    default List<DocumentPath> paths() {
        return List.of();
    }

    /** A document path: the item's value there. */
    record Path(DocumentPath path) implements Operand {
        @Override
        public Value resolve(Map<String, Value> item) {
            return path.resolve(item);
        }

        @Override
        public List<DocumentPath> paths() {
            return List.of(path);
        }
    }

    /** An expression attribute value: the same value for every item. */
    record Literal(String placeholder, Value value) implements Operand {
        @Override
        public Value resolve(Map<String, Value> item) {
            return value;
        }
    }

    /**
     * {@code size(operand)}: a string's length in UTF-8 bytes, a binary's length, the number of members of a set,
     * elements of a list or entries of a map; nothing for other types.
     *
     * @see <a
     *     href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.OperatorsAndFunctions.html">
     *     Condition and filter expressions, operators, and functions</a>
     */
    record Size(Operand operand) implements Operand {
        @Override
        public Value resolve(Map<String, Value> item) {
            Integer size = sizeOf(operand.resolve(item));
            return size == null ? null : new Value.Num(BigDecimal.valueOf(size));
        }

        @Override
        public List<DocumentPath> paths() {
            return operand.paths();
        }

        static boolean hasSize(Value value) {
            return sizeOf(value) != null;
        }

        private static Integer sizeOf(Value value) {
            if (value instanceof Value.Str s) {
                return s.value().getBytes(StandardCharsets.UTF_8).length;
            }
            if (value instanceof Value.Bin b) {
                return b.length();
            }
            if (value instanceof Value.StrSet s) {
                return s.values().size();
            }
            if (value instanceof Value.NumSet s) {
                return s.values().size();
            }
            if (value instanceof Value.BinSet s) {
                return s.values().size();
            }
            if (value instanceof Value.ListValue l) {
                return l.values().size();
            }
            if (value instanceof Value.MapValue m) {
                return m.values().size();
            }
            return null;
        }
    }

    /** {@code if_not_exists(path, operand)} in an update: the path's value, or the operand's when it has none. */
    record IfNotExists(DocumentPath path, Operand fallback) implements Operand {
        @Override
        public Value resolve(Map<String, Value> item) {
            Value value = path.resolve(item);
            return value != null ? value : UpdateErrors.required(fallback.resolve(item));
        }
    }

    /** {@code list_append(a, b)} in an update: the elements of list a, then those of list b. */
    record ListAppend(Operand first, Operand second) implements Operand {
        @Override
        public Value resolve(Map<String, Value> item) {
            Both<Value.ListValue> lists = Both.resolve(first, second, item, Value.ListValue.class);
            List<Value> joined = new ArrayList<>(
                    lists.first().values().size() + lists.second().values().size());
            joined.addAll(lists.first().values());
            joined.addAll(lists.second().values());
            return new Value.ListValue(joined);
        }
    }

    /** {@code a + b} or {@code a - b} in an update, on numbers only. */
    record Arithmetic(Operand left, boolean plus, Operand right) implements Operand {
        @Override
        public Value resolve(Map<String, Value> item) {
            Both<Value.Num> numbers = Both.resolve(left, right, item, Value.Num.class);
            BigDecimal a = numbers.first().value();
            BigDecimal b = numbers.second().value();
            return new Value.Num(Numbers.checked(plus ? a.add(b) : a.subtract(b)));
        }
    }

    /** The values of the two operands of an update function that takes two of one type. */
    record Both<T extends Value>(T first, T second) {
        /**
         * Both operands resolved, each required (an attribute the item lacks is an error) and then both of {@code type}
         * (an incorrect data type otherwise).
         */
        static <T extends Value> Both<T> resolve(
                Operand first, Operand second, Map<String, Value> item, Class<T> type) {
            Value a = UpdateErrors.required(first.resolve(item));
            Value b = UpdateErrors.required(second.resolve(item));
            if (!type.isInstance(a) || !type.isInstance(b)) {
                throw UpdateErrors.incorrectType();
            }
            return new Both<>(type.cast(a), type.cast(b));
        }
    }
}
