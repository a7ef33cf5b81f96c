package io.entitytable.local.engine.expressions;

import io.entitytable.local.engine.values.Value;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Parses an update expression: up to one each of the {@code SET}, {@code REMOVE}, {@code ADD} and {@code DELETE}
 * clauses, in any order, whose target paths may not overlap.
 *
 * @see <a href="https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/Expressions.UpdateExpressions.html">
 *     Update expressions</a>
 */
final class UpdateParser extends TokenCursor {
    private static final Set<String> CONDITION_FUNCTIONS =
            Set.of("attribute_exists", "attribute_not_exists", "attribute_type", "begins_with", "contains", "size");

    private final List<ParsedUpdate.SetAction> sets = new ArrayList<>();
    private final List<DocumentPath> removes = new ArrayList<>();
    private final List<ParsedUpdate.ValueAction> adds = new ArrayList<>();
    private final List<ParsedUpdate.ValueAction> deletes = new ArrayList<>();
    private final List<DocumentPath> targets = new ArrayList<>();

    UpdateParser(String text, RequestAttributes attributes) {
        super(text, ExpressionKind.UPDATE, attributes);
    }

    Update parse() {
        Set<ParsedUpdate.Clause> seen = EnumSet.noneOf(ParsedUpdate.Clause.class);
        do {
            ParsedUpdate.Clause clause = clause();
            if (!seen.add(clause)) {
                throw invalid("The \"" + clause + "\" section can only be used once in an update expression;");
            }
            next();
            action(clause);
            while (at(Token.Type.COMMA)) {
                next();
                action(clause);
            }
        } while (!at(Token.Type.END));
        PathOverlaps.check(targets, kind);
        return new ParsedUpdate(sets, removes, adds, deletes, targets);
    }

    private ParsedUpdate.Clause clause() {
        Token token = peek();
        if (token.type() == Token.Type.NAME) {
            switch (token.text().toUpperCase(Locale.ROOT)) {
                case "SET":
                    return ParsedUpdate.Clause.SET;
                case "REMOVE":
                    return ParsedUpdate.Clause.REMOVE;
                case "ADD":
                    return ParsedUpdate.Clause.ADD;
                case "DELETE":
                    return ParsedUpdate.Clause.DELETE;
                default:
                    break;
            }
        }
        throw syntaxError();
    }

    private void action(ParsedUpdate.Clause clause) {
        DocumentPath path = target();
        switch (clause) {
            case SET -> {
                expect(Token.Type.EQ);
                sets.add(new ParsedUpdate.SetAction(path, setValue()));
            }
            case REMOVE -> removes.add(path);
            case ADD -> {
                Value value = literal().value();
                if (!(value instanceof Value.Num || isSet(value))) {
                    throw clauseOperandType("ADD", value);
                }
                adds.add(new ParsedUpdate.ValueAction(path, value));
            }
            case DELETE -> {
                Value value = literal().value();
                if (!isSet(value)) {
                    throw clauseOperandType("DELETE", value);
                }
                deletes.add(new ParsedUpdate.ValueAction(path, value));
            }
        }
        targets.add(path);
    }

    private DocumentPath target() {
        if (!at(Token.Type.NAME) && !at(Token.Type.NAME_PLACEHOLDER) || isClauseKeyword(peek())) {
            throw syntaxError();
        }
        return path();
    }

    private static boolean isClauseKeyword(Token token) {
        return token.isKeyword("SET")
                || token.isKeyword("REMOVE")
                || token.isKeyword("ADD")
                || token.isKeyword("DELETE");
    }

    private static boolean isSet(Value value) {
        return value instanceof Value.StrSet || value instanceof Value.NumSet || value instanceof Value.BinSet;
    }

    private RuntimeException clauseOperandType(String clause, Value value) {
        return invalid("Incorrect operand type for operator or function; operator: " + clause + ", operand type: "
                + typeName(value));
    }

    /** The type names DynamoDB's update clauses print. */
    private static String typeName(Value value) {
        return switch (value.type()) {
            case "S" -> "STRING";
            case "N" -> "NUMBER";
            case "B" -> "BINARY";
            case "BOOL" -> "BOOLEAN";
            case "L" -> "LIST";
            case "M" -> "MAP";
            default -> value.type();
        };
    }

    /** {@code operand}, {@code operand + operand} or {@code operand - operand}. */
    private Operand setValue() {
        Operand left = operand();
        if (at(Token.Type.PLUS) || at(Token.Type.MINUS)) {
            boolean plus = next().type() == Token.Type.PLUS;
            Operand right = operand();
            String operator = plus ? "+" : "-";
            checkNumber(operator, left);
            checkNumber(operator, right);
            return new Operand.Arithmetic(left, plus, right);
        }
        return left;
    }

    private void checkNumber(String operator, Operand operand) {
        if (operand instanceof Operand.Literal literal && !(literal.value() instanceof Value.Num)) {
            throw incorrectOperandType(operator, literal.value());
        }
    }

    /** A path, a {@code :value}, {@code if_not_exists(path, operand)} or {@code list_append(operand, operand)}. */
    private Operand operand() {
        if (atFunction()) {
            String name = next().text();
            switch (name) {
                case "if_not_exists" -> {
                    List<Operand> arguments = arguments(this::operand);
                    if (arguments.size() != 2) {
                        throw incorrectOperandCount(name, arguments.size());
                    }
                    if (!(arguments.get(0) instanceof Operand.Path path)) {
                        throw requiresPath(name);
                    }
                    return new Operand.IfNotExists(path.path(), arguments.get(1));
                }
                case "list_append" -> {
                    List<Operand> arguments = arguments(this::operand);
                    if (arguments.size() != 2) {
                        throw incorrectOperandCount(name, arguments.size());
                    }
                    for (Operand argument : arguments) {
                        if (argument instanceof Operand.Literal literal
                                && !(literal.value() instanceof Value.ListValue)) {
                            throw incorrectOperandType(name, literal.value());
                        }
                    }
                    return new Operand.ListAppend(arguments.get(0), arguments.get(1));
                }
                default -> {
                    if (CONDITION_FUNCTIONS.contains(name)) {
                        throw invalid("The function is not allowed in an update expression; function: " + name);
                    }
                    throw invalid("Invalid function name; function: " + name);
                }
            }
        }
        return plainOperand();
    }
}
