package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A parsed condition or filter expression, as a tree. A comparison with an operand the item lacks, or with operands of
 * different types, is false rather than an error ({@code <>} is then true).
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.OperatorsAndFunctions.html">
 *     Condition and filter expressions, operators, and functions</a>
 */
sealed interface ConditionNode extends Condition {
    @Override
    default java.util.Set<String> topLevelNames() {
        return ConditionNames.of(this);
    }

    /** The conditions right inside this one: the operands of AND, OR and NOT. */
    default List<ConditionNode> children() {
        return List.of();
    }

    /** The document paths this condition reads itself, in order (its children's not included). */
    default List<DocumentPath> paths() {
        return List.of();
    }

    /** The document paths {@code operands} read, in order. */
    private static List<DocumentPath> pathsOf(Operand... operands) {
        List<DocumentPath> paths = new ArrayList<>();
        for (Operand operand : operands) {
            paths.addAll(operand.paths());
        }
        return paths;
    }

    /** AND and OR: two conditions joined. */
    sealed interface Junction extends ConditionNode {
        ConditionNode left();

        ConditionNode right();

        @Override
        default List<ConditionNode> children() {
            return List.of(left(), right());
        }
    }

    /** {@code attribute_exists}, {@code attribute_not_exists} and {@code attribute_type}: tests of one path's value. */
    sealed interface PathTest extends ConditionNode {
        DocumentPath path();

        @Override
        default List<DocumentPath> paths() {
            return List.of(path());
        }
    }

    record And(ConditionNode left, ConditionNode right) implements Junction {
        @Override
        public boolean test(Map<String, Value> item) {
            return left.test(item) && right.test(item);
        }
    }

    record Or(ConditionNode left, ConditionNode right) implements Junction {
        @Override
        public boolean test(Map<String, Value> item) {
            return left.test(item) || right.test(item);
        }
    }

    record Not(ConditionNode operand) implements ConditionNode {
        @Override
        public boolean test(Map<String, Value> item) {
            return !operand.test(item);
        }

        @Override
        public List<ConditionNode> children() {
            return List.of(operand);
        }
    }

    enum Comparator {
        EQ("="),
        NE("<>"),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">=");

        private final String symbol;

        Comparator(String symbol) {
            this.symbol = symbol;
        }

        String symbol() {
            return symbol;
        }

        static Comparator of(Token token) {
            return switch (token.type()) {
                case EQ -> EQ;
                case NE -> NE;
                case LT -> LT;
                case LE -> LE;
                case GT -> GT;
                case GE -> GE;
                default -> throw new IllegalArgumentException(token.text());
            };
        }

        /** The comparator that holds with the operands swapped: {@code a < b} is {@code b > a}. */
        Comparator mirrored() {
            return switch (this) {
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
                default -> this;
            };
        }
    }

    record Comparison(Comparator comparator, Operand left, Operand right) implements ConditionNode {
        @Override
        public boolean test(Map<String, Value> item) {
            Value a = left.resolve(item);
            Value b = right.resolve(item);
            if (comparator == Comparator.NE) {
                return a == null || b == null || !a.equals(b);
            }
            if (a == null || b == null) {
                return false;
            }
            if (comparator == Comparator.EQ) {
                return a.equals(b);
            }
            if (!ValueOrder.comparable(a, b)) {
                return false;
            }
            int order = ValueOrder.compare(a, b);
            return switch (comparator) {
                case LT -> order < 0;
                case LE -> order <= 0;
                case GT -> order > 0;
                default -> order >= 0;
            };
        }

        @Override
        public List<DocumentPath> paths() {
            return pathsOf(left, right);
        }
    }

    record Between(Operand operand, Operand lower, Operand upper) implements ConditionNode {
        @Override
        public boolean test(Map<String, Value> item) {
            Value value = operand.resolve(item);
            Value low = lower.resolve(item);
            Value high = upper.resolve(item);
            if (value == null || low == null || high == null) {
                return false;
            }
            return ValueOrder.comparable(value, low)
                    && ValueOrder.comparable(value, high)
                    && ValueOrder.compare(low, value) <= 0
                    && ValueOrder.compare(value, high) <= 0;
        }

        @Override
        public List<DocumentPath> paths() {
            return pathsOf(operand, lower, upper);
        }
    }

    record In(Operand operand, List<Operand> candidates) implements ConditionNode {
        public In {
            candidates = List.copyOf(candidates);
        }

        @Override
        public boolean test(Map<String, Value> item) {
            Value value = operand.resolve(item);
            if (value == null) {
                return false;
            }
            for (Operand candidate : candidates) {
                if (value.equals(candidate.resolve(item))) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public List<DocumentPath> paths() {
            List<DocumentPath> paths = new ArrayList<>(operand.paths());
            candidates.forEach(candidate -> paths.addAll(candidate.paths()));
            return paths;
        }
    }

    record AttributeExists(DocumentPath path) implements PathTest {
        @Override
        public boolean test(Map<String, Value> item) {
            return path.resolve(item) != null;
        }
    }

    record AttributeNotExists(DocumentPath path) implements PathTest {
        @Override
        public boolean test(Map<String, Value> item) {
            return path.resolve(item) == null;
        }
    }

    record AttributeType(DocumentPath path, String type) implements PathTest {
        @Override
        public boolean test(Map<String, Value> item) {
            Value value = path.resolve(item);
            return value != null && value.type().equals(type);
        }
    }

    /** {@code begins_with(a, b)}: a string prefix of a string, or a byte prefix of a binary. */
    record BeginsWith(Operand operand, Operand prefix) implements ConditionNode {
        @Override
        public boolean test(Map<String, Value> item) {
            return beginsWith(operand.resolve(item), prefix.resolve(item));
        }

        @Override
        public List<DocumentPath> paths() {
            return pathsOf(operand, prefix);
        }

        static boolean beginsWith(Value value, Value prefix) {
            if (value instanceof Value.Str s && prefix instanceof Value.Str p) {
                return s.value().startsWith(p.value());
            }
            if (value instanceof Value.Bin b && prefix instanceof Value.Bin p) {
                byte[] bytes = b.bytes();
                byte[] start = p.bytes();
                return start.length <= bytes.length && Arrays.equals(bytes, 0, start.length, start, 0, start.length);
            }
            return false;
        }
    }

    /** {@code contains(a, b)}: a substring of a string, a member of a set, or an element of a list. */
    record Contains(Operand operand, Operand member) implements ConditionNode {
        @Override
        public boolean test(Map<String, Value> item) {
            Value container = operand.resolve(item);
            Value value = member.resolve(item);
            if (container == null || value == null) {
                return false;
            }
            if (container instanceof Value.Str s) {
                return value instanceof Value.Str v && s.value().contains(v.value());
            }
            if (container instanceof Value.StrSet s) {
                return value instanceof Value.Str v && s.values().contains(v.value());
            }
            if (container instanceof Value.NumSet s) {
                return value instanceof Value.Num v && s.values().contains(v.value());
            }
            if (container instanceof Value.BinSet s) {
                return value instanceof Value.Bin v && s.values().contains(v);
            }
            if (container instanceof Value.ListValue l) {
                return l.values().contains(value);
            }
            return false;
        }

        @Override
        public List<DocumentPath> paths() {
            return pathsOf(operand, member);
        }
    }
}
