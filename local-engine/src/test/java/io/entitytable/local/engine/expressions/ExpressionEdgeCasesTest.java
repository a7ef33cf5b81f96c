package io.entitytable.local.engine.expressions;

import static io.entitytable.local.engine.expressions.ExpressionFixtures.attributes;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.item;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.none;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.refused;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.value;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.values;
import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.local.engine.values.Value;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExpressionEdgeCasesTest {
    @Test
    void functionNames_shouldBeCaseSensitive() {
        refused(
                () -> Expressions.condition("Attribute_Exists(a)", none()),
                "Invalid ConditionExpression: Invalid function name; function: Attribute_Exists");
    }

    @Test
    void not_shouldApplyToFunctions() {
        Map<String, Value> item = item("{'a': {'S': 'x'}}");
        assertThat(Expressions.condition("NOT attribute_exists(a)", none()).test(item))
                .isFalse();
        assertThat(Expressions.condition("NOT attribute_exists(b) AND attribute_exists(a)", none())
                        .test(item))
                .isTrue();
    }

    @Test
    void beginsWith_onABinarySortKey_shouldMatchBytePrefixes() {
        KeyCondition condition = Expressions.keyCondition(
                "pk = :p AND begins_with(sk, :b)", values("{':p': {'S': 'p'}, ':b': {'B': 'AQ=='}}"), "pk", "sk");
        assertThat(condition.sort().matches(value("{'B': 'AQID'}"))).isTrue();
        assertThat(condition.sort().matches(value("{'B': 'AgID'}"))).isFalse();
    }

    @Test
    void stringsOrder_shouldBeByUtf8Bytes() {
        KeyCondition condition = Expressions.keyCondition(
                "pk = :p AND sk > :s", values("{':p': {'S': 'p'}, ':s': {'S': 'z'}}"), "pk", "sk");
        assertThat(condition.sort().matches(value("{'S': 'é'}"))).isTrue();
    }

    @Test
    void remove_insideANestedList_shouldShiftItsElements() {
        Map<String, Value> item = item("{'a': {'M': {'l': {'L': [{'N': '1'}, {'N': '2'}, {'N': '3'}]}}}}");
        Map<String, Value> after = Expressions.update("REMOVE a.l[1]", none()).apply(item);
        assertThat(after).isEqualTo(item("{'a': {'M': {'l': {'L': [{'N': '1'}, {'N': '3'}]}}}}"));
    }

    @Test
    void update_shouldLeaveTheGivenItemUntouched() {
        Map<String, Value> item = item("{'a': {'L': [{'N': '1'}]}, 'n': {'N': '1'}}");
        Expressions.update("SET a[0] = :v REMOVE n", values("{':v': {'N': '9'}}"))
                .apply(item);
        assertThat(item).isEqualTo(item("{'a': {'L': [{'N': '1'}]}, 'n': {'N': '1'}}"));
    }

    @Test
    void placeholders_shouldBeMarkedUsedByUpdatesAndKeyConditions() {
        ExpressionAttributes attributes =
                attributes("{'#p': 'pk', '#x': 'x'}", "{':p': {'S': 'p'}, ':one': {'N': '1'}}");
        Expressions.keyCondition("#p = :p", attributes, "pk", null);
        Expressions.update("ADD #x :one", attributes);
        attributes.checkAllUsed();
    }

    @Test
    void expressionSize_shouldCountUtf8Bytes() {
        String text = "é".repeat(2100);
        refused(
                () -> Expressions.condition(text, none()),
                "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression"
                        + " size: 4200");
    }

    @Test
    void expressionOfExactlyTheLimit_shouldBeAccepted() {
        String base = "a = :v";
        String text = base + " ".repeat(ExpressionKind.MAX_SIZE - base.length());
        assertThat(Expressions.condition(text, values("{':v': {'N': '1'}}"))).isNotNull();
        refused(
                () -> Expressions.condition(text + " ", values("{':v': {'N': '1'}}")),
                "Invalid ConditionExpression: Expression size has exceeded the maximum allowed size; expression"
                        + " size: 4097");
    }

    @Test
    void projection_ofTheWholeList_andAnotherAttribute_shouldKeepBoth() {
        Map<String, Value> item = item("{'l': {'L': [{'N': '1'}]}, 'm': {'M': {'k': {'S': 'v'}}}}");
        assertThat(Expressions.projection("l, m.k", none()).apply(item)).isEqualTo(item);
    }
}
