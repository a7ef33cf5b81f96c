package io.entitytable.local.engine.expressions;

import static io.entitytable.local.engine.expressions.ExpressionFixtures.item;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.none;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.refused;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.values;

import io.entitytable.local.engine.values.Value;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UpdateErrorsTest {
    private static final Map<String, Value> ITEM = item(
            "{'s': {'S': 'x'}, 'n': {'N': '5'}, 'tags': {'SS': ['a']}, 'arr': {'L': [{'S': 'a'}]}, 'doc': {'M': {}}}");
    private static final String INVALID_PATH =
            "The document path provided in the update expression is invalid for update";
    private static final String INCORRECT_TYPE = "An operand in the update expression has an incorrect data type";

    private static void apply(String expression, String values) {
        Expressions.update(expression, values(values)).apply(ITEM);
    }

    @Test
    void clauseUsedTwice_shouldBeRefused() {
        refused(
                () -> Expressions.update("SET a = :v SET b = :v", values("{':v': {'N': '1'}}")),
                "Invalid UpdateExpression: The \"SET\" section can only be used once in an update expression;");
        refused(
                () -> Expressions.update("REMOVE a remove b", none()),
                "Invalid UpdateExpression: The \"REMOVE\" section can only be used once in an update expression;");
    }

    @Test
    void syntaxErrors_shouldNameTheUpdateExpression() {
        refused(
                () -> Expressions.update("a = :v", values("{':v': {'N': '1'}}")),
                "Invalid UpdateExpression: Syntax error; token: \"a\", near: \"a =\"");
        refused(
                () -> Expressions.update("SET a = :v,", values("{':v': {'N': '1'}}")),
                "Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \",\"");
        refused(
                () -> Expressions.update("SET a = :v + :v + :v", values("{':v': {'N': '1'}}")),
                "Invalid UpdateExpression: Syntax error; token: \"+\", near: \":v + :v\"");
        refused(
                () -> Expressions.update("ADD a b", none()),
                "Invalid UpdateExpression: Syntax error; token: \"b\", near: \"a b\"");
        refused(
                () -> Expressions.update("SET a = :v, REMOVE b", values("{':v': {'N': '1'}}")),
                "Invalid UpdateExpression: Syntax error; token: \"REMOVE\", near: \", REMOVE b\"");
        refused(
                () -> Expressions.update("SET", none()),
                "Invalid UpdateExpression: Syntax error; token: \"<EOF>\", near: \"SET\"");
        refused(
                () -> Expressions.update("SET status = :v", values("{':v': {'N': '1'}}")),
                "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: status");
    }

    @Test
    void overlappingOrConflictingTargets_shouldBeRefused() {
        refused(
                () -> Expressions.update("SET a = :v REMOVE a.b", values("{':v': {'N': '1'}}")),
                "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of"
                        + " these paths; path one: [a], path two: [a, b]");
        refused(
                () -> Expressions.update("SET a = :v, a = :v", values("{':v': {'N': '1'}}")),
                "Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of"
                        + " these paths; path one: [a], path two: [a]");
        refused(
                () -> Expressions.update("SET a.b = :v REMOVE a[0]", values("{':v': {'N': '1'}}")),
                "Invalid UpdateExpression: Two document paths conflict with each other; must remove or rewrite one of"
                        + " these paths; path one: [a, b], path two: [a, [0]]");
    }

    @Test
    void operandTypesKnownAtParseTime_shouldBeRefused() {
        refused(
                () -> Expressions.update("ADD a :v", values("{':v': {'S': 'x'}}")),
                "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand"
                        + " type: STRING");
        refused(
                () -> Expressions.update("DELETE a :v", values("{':v': {'N': '1'}}")),
                "Invalid UpdateExpression: Incorrect operand type for operator or function; operator: DELETE, operand"
                        + " type: NUMBER");
        refused(
                () -> Expressions.update("SET a = a + :v", values("{':v': {'S': 'x'}}")),
                "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function: +,"
                        + " operand type: S");
        refused(
                () -> Expressions.update("SET a = list_append(a, :v)", values("{':v': {'S': 'x'}}")),
                "Invalid UpdateExpression: Incorrect operand type for operator or function; operator or function:"
                        + " list_append, operand type: S");
        refused(
                () -> Expressions.update("SET a = if_not_exists(:v, a)", values("{':v': {'S': 'x'}}")),
                "Invalid UpdateExpression: Operator or function requires a document path; operator or function:"
                        + " if_not_exists");
    }

    @Test
    void conditionFunctions_shouldBeRefused() {
        refused(
                () -> Expressions.update("SET a = size(b)", none()),
                "Invalid UpdateExpression: The function is not allowed in an update expression; function: size");
        refused(
                () -> Expressions.update("SET a = nope(b)", none()),
                "Invalid UpdateExpression: Invalid function name; function: nope");
    }

    @Test
    void pathWithMissingOrWrongParent_shouldBeInvalidForUpdate() {
        refused(() -> apply("SET absent.x = :v", "{':v': {'N': '1'}}"), INVALID_PATH);
        refused(() -> apply("SET s.x = :v", "{':v': {'N': '1'}}"), INVALID_PATH);
        refused(() -> apply("SET doc[0] = :v", "{':v': {'N': '1'}}"), INVALID_PATH);
        refused(() -> apply("SET arr.x = :v", "{':v': {'N': '1'}}"), INVALID_PATH);
        refused(() -> apply("SET arr[5].x = :v", "{':v': {'N': '1'}}"), INVALID_PATH);
        refused(() -> apply("SET doc.absent.x = :v", "{':v': {'N': '1'}}"), INVALID_PATH);
        refused(() -> apply("ADD absent.x :v", "{':v': {'N': '1'}}"), INVALID_PATH);
        refused(() -> apply("REMOVE absent.x", null), INVALID_PATH);
        refused(() -> apply("DELETE absent.x :v", "{':v': {'SS': ['a']}}"), INVALID_PATH);
    }

    @Test
    void operandsOfTheWrongTypeInTheItem_shouldBeRefused() {
        refused(() -> apply("SET s = s + :v", "{':v': {'N': '1'}}"), INCORRECT_TYPE);
        refused(() -> apply("SET a = list_append(s, :v)", "{':v': {'L': []}}"), INCORRECT_TYPE);
        refused(() -> apply("ADD s :v", "{':v': {'N': '1'}}"), INCORRECT_TYPE);
        refused(() -> apply("ADD tags :v", "{':v': {'NS': ['1']}}"), INCORRECT_TYPE);
        refused(() -> apply("ADD n :v", "{':v': {'SS': ['1']}}"), INCORRECT_TYPE);
        refused(() -> apply("DELETE n :v", "{':v': {'NS': ['1']}}"), INCORRECT_TYPE);
        refused(() -> apply("DELETE tags :v", "{':v': {'NS': ['1']}}"), INCORRECT_TYPE);
    }

    @Test
    void operandNamingAMissingAttribute_shouldBeRefused() {
        String message = "The provided expression refers to an attribute that does not exist in the item";
        refused(() -> apply("SET a = absent", null), message);
        refused(() -> apply("SET a = absent + :v", "{':v': {'N': '1'}}"), message);
        refused(() -> apply("SET a = list_append(absent, :v)", "{':v': {'L': []}}"), message);
    }

    @Test
    void numberOutOfRange_shouldBeRefusedWithTheNumbersMessage() {
        refused(
                () -> apply("SET n = :big + :big", "{':big': {'N': '9E+125'}}"),
                "Number overflow. Attempting to store a number with magnitude larger than supported range");
        refused(
                () -> apply("ADD n :v", "{':v': {'N': '1E-38'}}"),
                "Attempting to store more than 38 significant digits in a Number");
    }
}
