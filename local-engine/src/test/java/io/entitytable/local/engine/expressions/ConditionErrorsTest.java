package io.entitytable.local.engine.expressions;

import static io.entitytable.local.engine.expressions.ExpressionFixtures.attributes;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.none;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.refused;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConditionErrorsTest {
    private static final String ONE = "{':v': {'N': '1'}}";

    @Test
    void reservedWord_asName_shouldBeRefusedInAnyCase() {
        refused(
                () -> Expressions.condition("status = :v", values(ONE)),
                "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: status");
        refused(
                () -> Expressions.condition("a.Size = :v", values(ONE)),
                "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: Size");
        refused(
                () -> Expressions.condition("attribute_exists(DATA)", none()),
                "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved keyword: DATA");
    }

    @Test
    void reservedWords_shouldBeTheDocumentedList() {
        assertThat(ReservedWords.count()).isEqualTo(573);
        assertThat(ReservedWords.isReserved("abort")).isTrue();
        assertThat(ReservedWords.isReserved("ZONE")).isTrue();
        assertThat(ReservedWords.isReserved("Flattern")).isTrue();
        assertThat(ReservedWords.isReserved("ttl")).isTrue();
        assertThat(ReservedWords.isReserved("id")).isFalse();
        assertThat(ReservedWords.isReserved("contains")).isFalse();
    }

    @Test
    void reservedWord_behindAPlaceholder_shouldBeAccepted() {
        assertThat(Expressions.condition("#s = :v", attributes("{'#s': 'status'}", ONE))
                        .test(ExpressionFixtures.item("{'status': {'N': '1'}}")))
                .isTrue();
    }

    @Test
    void filter_shouldNameTheFilterInItsErrors() {
        refused(
                () -> Expressions.filter("status = :v", values(ONE)),
                "Invalid FilterExpression: Attribute name is a reserved keyword; reserved keyword: status");
        refused(
                () -> Expressions.filter("a = :x", values(ONE)),
                "Invalid FilterExpression: An expression attribute value used in expression is not defined;"
                        + " attribute value: :x");
    }

    @Test
    void nameWithADash_shouldBeASyntaxError() {
        refused(
                () -> Expressions.condition("customer-id = :v", values(ONE)),
                "Invalid ConditionExpression: Syntax error; token: \"-\", near: \"customer-id\"");
    }

    @Test
    void syntaxErrors_shouldNameTheTokenAndItsNeighbours() {
        refused(
                () -> Expressions.condition("a = :v AND", values(ONE)),
                "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"AND\"");
        refused(
                () -> Expressions.condition("a = = :v", values(ONE)),
                "Invalid ConditionExpression: Syntax error; token: \"=\", near: \"= = :v\"");
        refused(
                () -> Expressions.condition("a :v", values(ONE)),
                "Invalid ConditionExpression: Syntax error; token: \":v\", near: \"a :v\"");
        refused(
                () -> Expressions.condition("(a = :v", values(ONE)),
                "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \":v\"");
        refused(
                () -> Expressions.condition("a = :v)", values(ONE)),
                "Invalid ConditionExpression: Syntax error; token: \")\", near: \":v)\"");
        refused(
                () -> Expressions.condition("a", none()),
                "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"a\"");
        refused(
                () -> Expressions.condition("a = $", none()),
                "Invalid ConditionExpression: Syntax error; token: \"$\", near: \"= $\"");
        refused(
                () -> Expressions.condition("a[x] = :v", values(ONE)),
                "Invalid ConditionExpression: Syntax error; token: \"x\", near: \"[x]\"");
        refused(
                () -> Expressions.condition("a = AND", none()),
                "Invalid ConditionExpression: Syntax error; token: \"AND\", near: \"= AND\"");
        refused(
                () -> Expressions.condition("a BETWEEN :v OR :v", values(ONE)),
                "Invalid ConditionExpression: Syntax error; token: \"OR\", near: \":v OR :v\"");
    }

    @Test
    void emptyOrOversizedExpression_shouldBeRefused() {
        refused(
                () -> Expressions.condition("", none()),
                "Invalid ConditionExpression: The expression can not be empty;");
        String big = "a = :v" + " OR a = :v".repeat(410);
        refused(
                () -> Expressions.condition(big, values(ONE)),
                "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression"
                        + " size: " + big.length());
    }

    @Test
    void undefinedPlaceholders_shouldBeNamed() {
        refused(
                () -> Expressions.condition("#n = :v", values(ONE)),
                "Invalid ConditionExpression: An expression attribute name used in the document path is not"
                        + " defined; attribute name: #n");
        refused(
                () -> Expressions.condition("a = :w", values(ONE)),
                "Invalid ConditionExpression: An expression attribute value used in expression is not defined;"
                        + " attribute value: :w");
        refused(
                () -> Expressions.condition("a = :w", none()),
                "Invalid ConditionExpression: An expression attribute value used in expression is not defined;"
                        + " attribute value: :w");
    }

    @Test
    void between_withBoundsInTheWrongOrder_shouldBeRefused() {
        refused(
                () -> Expressions.condition("a BETWEEN :hi AND :lo", values("{':lo': {'N': '1'}, ':hi': {'N': '5'}}")),
                "Invalid ConditionExpression: The BETWEEN operator requires upper bound to be greater than or equal"
                        + " to lower bound; lower bound operand: AttributeValue: {N:5}, upper bound operand:"
                        + " AttributeValue: {N:1}");
        refused(
                () -> Expressions.condition("a BETWEEN :lo AND :hi", values("{':lo': {'N': '1'}, ':hi': {'S': 'x'}}")),
                "Invalid ConditionExpression: The BETWEEN operator requires same data type for lower and upper"
                        + " bounds; lower bound operand: AttributeValue: {N:1}, upper bound operand: AttributeValue:"
                        + " {S:x}");
    }

    @Test
    void in_withMoreThanAHundredOperands_shouldBeRefused() {
        String hundred = "a IN (" + ":v, ".repeat(99) + ":v)";
        assertThat(Expressions.condition(hundred, values(ONE))).isNotNull();
        String tooMany = "a IN (" + ":v, ".repeat(100) + ":v)";
        refused(
                () -> Expressions.condition(tooMany, values(ONE)),
                "Invalid ConditionExpression: The IN operator is provided with too many operands; number of"
                        + " operands: 101");
        refused(
                () -> Expressions.condition("a IN ()", none()),
                "Invalid ConditionExpression: Syntax error; token: \")\", near: \"()\"");
    }

    @Test
    void operandTypesKnownAtParseTime_shouldBeRefused() {
        refused(
                () -> Expressions.condition("begins_with(a, :v)", values(ONE)),
                "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function:"
                        + " begins_with, operand type: N");
        refused(
                () -> Expressions.condition("size(:v) = :v", values(ONE)),
                "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function:"
                        + " size, operand type: N");
        refused(
                () -> Expressions.condition("a < :v", values("{':v': {'BOOL': true}}")),
                "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function:"
                        + " <, operand type: BOOL");
        refused(
                () -> Expressions.condition("a BETWEEN :v AND :v", values("{':v': {'SS': ['x']}}")),
                "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function:"
                        + " BETWEEN, operand type: SS");
        refused(
                () -> Expressions.condition("attribute_type(a, :v)", values(ONE)),
                "Invalid ConditionExpression: Incorrect operand type for operator or function; operator or function:"
                        + " attribute_type, operand type: N");
    }

    @Test
    void attributeType_withAnUnknownType_shouldBeRefused() {
        refused(
                () -> Expressions.condition("attribute_type(a, :t)", values("{':t': {'S': 'STRING'}}")),
                "Invalid ConditionExpression: Invalid attribute type name found; type: STRING, valid types: {"
                        + " B,BOOL,BS,L,M,N,NS,NULL,S,SS }");
    }

    @Test
    void functions_inTheWrongPlace_shouldBeRefused() {
        refused(
                () -> Expressions.condition("attribute_exists(a) = :v", values(ONE)),
                "Invalid ConditionExpression: The function is not allowed to be used this way in an expression;"
                        + " function: attribute_exists");
        refused(
                () -> Expressions.condition("a = attribute_exists(b)", none()),
                "Invalid ConditionExpression: The function is not allowed to be used this way in an expression;"
                        + " function: attribute_exists");
        refused(
                () -> Expressions.condition("size(a)", none()),
                "Invalid ConditionExpression: The function is not allowed to be used this way in an expression;"
                        + " function: size");
        refused(
                () -> Expressions.condition("a = if_not_exists(a, :v)", values(ONE)),
                "Invalid ConditionExpression: The function is not allowed in a condition expression; function:"
                        + " if_not_exists");
        refused(
                () -> Expressions.condition("frobnicate(a)", none()),
                "Invalid ConditionExpression: Invalid function name; function: frobnicate");
    }

    @Test
    void functions_withTheWrongOperands_shouldBeRefused() {
        refused(
                () -> Expressions.condition("attribute_exists(a, b)", none()),
                "Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or"
                        + " function: attribute_exists, number of operands: 2");
        refused(
                () -> Expressions.condition("begins_with(a)", none()),
                "Invalid ConditionExpression: Incorrect number of operands for operator or function; operator or"
                        + " function: begins_with, number of operands: 1");
        refused(
                () -> Expressions.condition("attribute_exists(:v)", values(ONE)),
                "Invalid ConditionExpression: Operator or function requires a document path; operator or function:"
                        + " attribute_exists");
    }

    @Test
    void pathTooDeep_shouldBeRefused() {
        String deep = "a" + ".b".repeat(32) + " = :v";
        refused(
                () -> Expressions.condition(deep, values(ONE)),
                "Invalid ConditionExpression: The document path has too many nesting levels; nesting levels: 33");
    }
}
