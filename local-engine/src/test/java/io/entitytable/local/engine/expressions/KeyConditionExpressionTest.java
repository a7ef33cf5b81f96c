package io.entitytable.local.engine.expressions;

import static io.entitytable.local.engine.expressions.ExpressionFixtures.attributes;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.refused;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.value;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.expressions.KeyCondition.SortCondition.Operator;
import org.junit.jupiter.api.Test;

class KeyConditionExpressionTest {
    private static final String VALUES = "{':p': {'S': 'P'}, ':a': {'N': '1'}, ':b': {'N': '9'}, ':s': {'S': 'ab'}}";

    private static KeyCondition key(String expression) {
        return Expressions.keyCondition(expression, values(VALUES), "pk", "sk");
    }

    @Test
    void partitionKeyAlone_shouldGiveItsValueAndNoSortCondition() {
        KeyCondition condition = Expressions.keyCondition("pk = :p", values("{':p': {'S': 'P'}}"), "pk", null);
        assertThat(condition.partitionValue()).isEqualTo(value("{'S': 'P'}"));
        assertThat(condition.sort()).isNull();
    }

    @Test
    void sortKeyConditions_shouldBeRead() {
        assertThat(key("pk = :p AND sk = :a").sort().operator()).isEqualTo(Operator.EQ);
        assertThat(key("pk = :p AND sk < :a").sort().operator()).isEqualTo(Operator.LT);
        assertThat(key("pk = :p AND sk <= :a").sort().operator()).isEqualTo(Operator.LE);
        assertThat(key("pk = :p AND sk > :a").sort().operator()).isEqualTo(Operator.GT);
        assertThat(key("pk = :p AND sk >= :a").sort().operator()).isEqualTo(Operator.GE);
        KeyCondition between = key("pk = :p AND sk BETWEEN :a AND :b");
        assertThat(between.sort().operator()).isEqualTo(Operator.BETWEEN);
        assertThat(between.sort().value()).isEqualTo(value("{'N': '1'}"));
        assertThat(between.sort().upper()).isEqualTo(value("{'N': '9'}"));
        assertThat(key("pk = :p AND begins_with(sk, :s)").sort().operator()).isEqualTo(Operator.BEGINS_WITH);
    }

    @Test
    void conditions_shouldBeAcceptedInEitherOrderAndInParentheses() {
        assertThat(key("sk > :a AND pk = :p").sort().operator()).isEqualTo(Operator.GT);
        assertThat(key("(pk = :p) AND (sk > :a)").partitionValue()).isEqualTo(value("{'S': 'P'}"));
        assertThat(key("(pk = :p AND sk > :a)").sort().operator()).isEqualTo(Operator.GT);
        assertThat(key(":a < sk AND :p = pk").sort().operator()).isEqualTo(Operator.GT);
    }

    @Test
    void namePlaceholders_shouldNameKeys() {
        KeyCondition condition = Expressions.keyCondition(
                "#p = :p AND #s > :a", attributes("{'#p': 'pk', '#s': 'sk'}", VALUES), "pk", "sk");
        assertThat(condition.sort().value()).isEqualTo(value("{'N': '1'}"));
    }

    @Test
    void sortConditionMatches_shouldCompareWithKeyOrder() {
        assertThat(key("pk = :p AND sk = :a").sort().matches(value("{'N': '1.0'}")))
                .isTrue();
        assertThat(key("pk = :p AND sk < :a").sort().matches(value("{'N': '0'}")))
                .isTrue();
        assertThat(key("pk = :p AND sk < :a").sort().matches(value("{'N': '1'}")))
                .isFalse();
        assertThat(key("pk = :p AND sk <= :a").sort().matches(value("{'N': '1'}")))
                .isTrue();
        assertThat(key("pk = :p AND sk > :a").sort().matches(value("{'N': '1'}")))
                .isFalse();
        assertThat(key("pk = :p AND sk >= :a").sort().matches(value("{'N': '1'}")))
                .isTrue();
        KeyCondition.SortCondition between =
                key("pk = :p AND sk BETWEEN :a AND :b").sort();
        assertThat(between.matches(value("{'N': '1'}"))).isTrue();
        assertThat(between.matches(value("{'N': '9'}"))).isTrue();
        assertThat(between.matches(value("{'N': '10'}"))).isFalse();
        KeyCondition.SortCondition prefix =
                key("pk = :p AND begins_with(sk, :s)").sort();
        assertThat(prefix.matches(value("{'S': 'abc'}"))).isTrue();
        assertThat(prefix.matches(value("{'S': 'b'}"))).isFalse();
        assertThat(key("pk = :p AND sk < :a").sort().matches(value("{'S': '0'}")))
                .isFalse();
    }

    @Test
    void operatorsOtherThanTheKeyOnes_shouldBeRefused() {
        refused(() -> key("pk = :p OR sk = :a"), "Invalid operator used in KeyConditionExpression: OR");
        refused(() -> key("NOT pk = :p"), "Invalid operator used in KeyConditionExpression: NOT");
        refused(() -> key("pk IN (:p)"), "Invalid operator used in KeyConditionExpression: IN");
        refused(() -> key("pk = :p AND sk <> :a"), "Invalid operator used in KeyConditionExpression: <>");
        refused(
                () -> key("pk = :p AND attribute_exists(sk)"),
                "Invalid operator used in KeyConditionExpression: attribute_exists");
        refused(() -> key("pk = :p AND contains(sk, :a)"), "Invalid operator used in KeyConditionExpression: contains");
    }

    @Test
    void partitionKey_withoutEquality_shouldBeRefused() {
        refused(() -> key("pk > :p"), "Query key condition not supported");
        refused(() -> key("begins_with(pk, :s)"), "Query key condition not supported");
    }

    @Test
    void missingPartitionKey_shouldBeRefused() {
        refused(() -> key("sk = :a"), "Query condition missed key schema element: pk");
    }

    @Test
    void nonKeyAttribute_shouldBeRefused() {
        refused(() -> key("pk = :p AND extra = :a"), "Query condition missed key schema element: sk");
        refused(
                () -> Expressions.keyCondition("pk = :p AND extra = :a", values(VALUES), "pk", null),
                "Query key condition not supported");
    }

    @Test
    void twoConditionsOnOneKey_shouldBeRefused() {
        refused(
                () -> key("pk = :p AND sk > :a AND sk < :b"),
                "KeyConditionExpressions must only contain one condition per key");
        refused(() -> key("pk = :p AND pk = :p"), "KeyConditionExpressions must only contain one condition per key");
    }

    @Test
    void beginsWith_onANumber_shouldBeRefused() {
        refused(
                () -> key("pk = :p AND begins_with(sk, :a)"),
                "Invalid KeyConditionExpression: Incorrect operand type for operator or function; operator or"
                        + " function: begins_with, operand type: N");
    }

    @Test
    void parseErrors_shouldNameTheKeyConditionExpression() {
        refused(
                () -> key("pk = :p AND"),
                "Invalid KeyConditionExpression: Syntax error; token: \"<EOF>\", near: \"AND\"");
        refused(
                () -> key("pk = :x"),
                "Invalid KeyConditionExpression: An expression attribute value used in expression is not defined;"
                        + " attribute value: :x");
        refused(
                () -> key("pk = :p AND sk BETWEEN :b AND :a"),
                "Invalid KeyConditionExpression: The BETWEEN operator requires upper bound to be greater than or"
                        + " equal to lower bound; lower bound operand: AttributeValue: {N:9}, upper bound operand:"
                        + " AttributeValue: {N:1}");
    }

    @Test
    void nestedOrComputedKeys_shouldBeRefused() {
        refused(() -> key("pk.x = :p"), "KeyConditionExpressions cannot have conditions on nested attributes");
        refused(() -> key("pk = :p AND size(sk) > :a"), "Invalid operator used in KeyConditionExpression: size");
        refused(() -> key("pk = sk"), "Query key condition not supported");
    }
}
