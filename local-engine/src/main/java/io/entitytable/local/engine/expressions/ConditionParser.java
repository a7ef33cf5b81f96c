package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;
import io.entitytable.local.engine.values.ValueOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.BinaryOperator;
import java.util.function.Supplier;

/**
 * Parses a condition, filter or key condition expression. Precedence, from the strongest: comparators, {@code IN},
 * {@code BETWEEN}, functions, parentheses, {@code NOT}, {@code AND}, {@code OR}.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.OperatorsAndFunctions.html">
 *     Condition and filter expressions, operators, and functions</a>
 */
final class ConditionParser extends TokenCursor {
    static final int MAX_IN_OPERANDS = 100;
    private static final Set<String> CONDITION_FUNCTIONS =
            Set.of("attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains");
    private static final Set<String> UPDATE_FUNCTIONS = Set.of("if_not_exists", "list_append");
    private static final Set<String> TYPES = Set.of("S", "SS", "N", "NS", "B", "BS", "BOOL", "NULL", "L", "M");

    ConditionParser(String text, ExpressionKind kind, RequestAttributes attributes) {
        super(text, kind, attributes);
    }

    ConditionNode parse() {
        ConditionNode condition = or();
        expectEnd();
        return condition;
    }

    private ConditionNode or() {
        return leftAssociative("OR", this::and, ConditionNode.Or::new);
    }

    private ConditionNode and() {
        return leftAssociative("AND", this::not, ConditionNode.And::new);
    }

    /** {@code operand (keyword operand)*}, grouped from the left. */
    private ConditionNode leftAssociative(
            String keyword, Supplier<ConditionNode> operand, BinaryOperator<ConditionNode> combine) {
        ConditionNode left = operand.get();
        while (atKeyword(keyword)) {
            next();
            left = combine.apply(left, operand.get());
        }
        return left;
    }

    private ConditionNode not() {
        if (atKeyword("NOT")) {
            next();
            return new ConditionNode.Not(not());
        }
        return primary();
    }

    private ConditionNode primary() {
        if (at(Token.Type.LEFT_PAREN)) {
            next();
            ConditionNode inner = or();
            expect(Token.Type.RIGHT_PAREN);
            return inner;
        }
        if (atFunction() && CONDITION_FUNCTIONS.contains(peek().text())) {
            String name = next().text();
            ConditionNode function = function(name, arguments(this::operand));
            if (peek().isComparator() || atKeyword("BETWEEN") || atKeyword("IN")) {
                throw notAllowedThisWay(name);
            }
            return function;
        }
        Operand left = operand();
        if (peek().isComparator()) {
            ConditionNode.Comparator comparator = ConditionNode.Comparator.of(next());
            Operand right = operand();
            if (comparator != ConditionNode.Comparator.EQ && comparator != ConditionNode.Comparator.NE) {
                checkOrdered(comparator.symbol(), left);
                checkOrdered(comparator.symbol(), right);
            }
            return new ConditionNode.Comparison(comparator, left, right);
        }
        if (atKeyword("BETWEEN")) {
            next();
            Operand lower = operand();
            expectKeyword("AND");
            Operand upper = operand();
            return between(left, lower, upper);
        }
        if (atKeyword("IN")) {
            next();
            expect(Token.Type.LEFT_PAREN);
            List<Operand> candidates = new ArrayList<>();
            candidates.add(operand());
            while (at(Token.Type.COMMA)) {
                next();
                candidates.add(operand());
            }
            expect(Token.Type.RIGHT_PAREN);
            if (candidates.size() > MAX_IN_OPERANDS) {
                throw invalid(
                        "The IN operator is provided with too many operands; number of operands: " + candidates.size());
            }
            return new ConditionNode.In(left, candidates);
        }
        if (left instanceof Operand.Size) {
            throw notAllowedThisWay("size");
        }
        throw syntaxError();
    }

    /** A path, a {@code :value} or {@code size(...)}. */
    private Operand operand() {
        if (atFunction()) {
            String name = peek().text();
            if (name.equals("size")) {
                next();
                List<Operand> arguments = arguments(this::operand);
                if (arguments.size() != 1) {
                    throw incorrectOperandCount(name, arguments.size());
                }
                Operand argument = arguments.get(0);
                if (argument instanceof Operand.Literal literal && !Operand.Size.hasSize(literal.value())) {
                    throw incorrectOperandType(name, literal.value());
                }
                return new Operand.Size(argument);
            }
            if (CONDITION_FUNCTIONS.contains(name)) {
                throw notAllowedThisWay(name);
            }
            if (UPDATE_FUNCTIONS.contains(name)) {
                throw invalid("The function is not allowed in a " + phrase() + " expression; function: " + name);
            }
            throw invalid("Invalid function name; function: " + name);
        }
        return plainOperand();
    }

    private String phrase() {
        return switch (kind) {
            case FILTER -> "filter";
            case KEY_CONDITION -> "key condition";
            default -> "condition";
        };
    }

    private RuntimeException notAllowedThisWay(String function) {
        return invalid("The function is not allowed to be used this way in an expression; function: " + function);
    }

    private ConditionNode function(String name, List<Operand> arguments) {
        int expected = name.startsWith("attribute_") && !name.equals("attribute_type") ? 1 : 2;
        if (arguments.size() != expected) {
            throw incorrectOperandCount(name, arguments.size());
        }
        Operand first = arguments.get(0);
        switch (name) {
            case "attribute_exists":
                return new ConditionNode.AttributeExists(requirePath(name, first));
            case "attribute_not_exists":
                return new ConditionNode.AttributeNotExists(requirePath(name, first));
            case "attribute_type":
                return new ConditionNode.AttributeType(requirePath(name, first), typeName(arguments.get(1)));
            case "begins_with":
                checkStringOrBinary(name, first);
                checkStringOrBinary(name, arguments.get(1));
                return new ConditionNode.BeginsWith(first, arguments.get(1));
            default:
                return new ConditionNode.Contains(first, arguments.get(1));
        }
    }

    private DocumentPath requirePath(String function, Operand operand) {
        if (operand instanceof Operand.Path path) {
            return path.path();
        }
        throw requiresPath(function);
    }

    private String typeName(Operand operand) {
        if (!(operand instanceof Operand.Literal literal)) {
            throw invalid("Incorrect operand type for operator or function; operator or function: attribute_type,"
                    + " operand type: document path");
        }
        if (!(literal.value() instanceof Value.Str type)) {
            throw incorrectOperandType("attribute_type", literal.value());
        }
        if (!TYPES.contains(type.value())) {
            throw invalid("Invalid attribute type name found; type: " + type.value()
                    + ", valid types: { B,BOOL,BS,L,M,N,NS,NULL,S,SS }");
        }
        return type.value();
    }

    private void checkStringOrBinary(String function, Operand operand) {
        if (operand instanceof Operand.Literal literal
                && !(literal.value() instanceof Value.Str)
                && !(literal.value() instanceof Value.Bin)) {
            throw incorrectOperandType(function, literal.value());
        }
    }

    /** Only strings, numbers and binaries have an order. */
    private void checkOrdered(String operator, Operand operand) {
        if (operand instanceof Operand.Literal literal) {
            Value value = literal.value();
            if (!(value instanceof Value.Str || value instanceof Value.Num || value instanceof Value.Bin)) {
                throw incorrectOperandType(operator, value);
            }
        }
    }

    private ConditionNode between(Operand operand, Operand lower, Operand upper) {
        checkOrdered("BETWEEN", operand);
        checkOrdered("BETWEEN", lower);
        checkOrdered("BETWEEN", upper);
        if (lower instanceof Operand.Literal low && upper instanceof Operand.Literal high) {
            if (!ValueOrder.comparable(low.value(), high.value())) {
                throw invalid("The BETWEEN operator requires same data type for lower and upper bounds; lower bound"
                        + " operand: " + ValueText.of(low.value()) + ", upper bound operand: "
                        + ValueText.of(high.value()));
            }
            if (ValueOrder.compare(low.value(), high.value()) > 0) {
                throw invalid("The BETWEEN operator requires upper bound to be greater than or equal to lower bound;"
                        + " lower bound operand: " + ValueText.of(low.value()) + ", upper bound operand: "
                        + ValueText.of(high.value()));
            }
        }
        return new ConditionNode.Between(operand, lower, upper);
    }
}
