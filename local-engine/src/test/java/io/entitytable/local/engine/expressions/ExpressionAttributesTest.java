package io.entitytable.local.engine.expressions;

import static io.entitytable.local.engine.expressions.ExpressionFixtures.attributes;
import static io.entitytable.local.engine.expressions.ExpressionFixtures.refused;
import static org.assertj.core.api.Assertions.assertThatCode;

import org.junit.jupiter.api.Test;

class ExpressionAttributesTest {
    @Test
    void emptyMaps_shouldBeRefused() {
        refused(() -> attributes("{}", null), "ExpressionAttributeNames must not be empty");
        refused(() -> attributes(null, "{}"), "ExpressionAttributeValues must not be empty");
    }

    @Test
    void keysWithoutTheirPrefix_shouldBeRefused() {
        refused(
                () -> attributes("{'x': 'a'}", null),
                "ExpressionAttributeNames contains invalid key: Syntax error; key: \"x\"");
        refused(
                () -> attributes("{'#': 'a'}", null),
                "ExpressionAttributeNames contains invalid key: Syntax error; key: \"#\"");
        refused(
                () -> attributes("{'#a-b': 'a'}", null),
                "ExpressionAttributeNames contains invalid key: Syntax error; key: \"#a-b\"");
        refused(
                () -> attributes(null, "{'v': {'S': 'x'}}"),
                "ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\"");
        refused(
                () -> attributes(null, "{'#v': {'S': 'x'}}"),
                "ExpressionAttributeValues contains invalid key: Syntax error; key: \"#v\"");
    }

    @Test
    void invalidValues_shouldBeRefusedWithTheirKey() {
        refused(
                () -> attributes(null, "{':v': {'SS': []}}"),
                "ExpressionAttributeValues contains invalid value: One or more parameter values were invalid: An"
                        + " string set  may not be empty for key :v");
        refused(
                () -> attributes(null, "{':v': {}}"),
                "ExpressionAttributeValues contains invalid value: Supplied AttributeValue is empty, must contain"
                        + " exactly one of the supported datatypes for key :v");
    }

    @Test
    void checkAllUsed_shouldRefuseUnusedNamesBeforeValues() {
        ExpressionAttributes attributes =
                attributes("{'#a': 'a', '#b': 'b', '#c': 'c'}", "{':v': {'N': '1'}, ':w': {'N': '2'}}");
        Expressions.condition("#b = :w", attributes);
        refused(
                attributes::checkAllUsed,
                "Value provided in ExpressionAttributeNames unused in expressions: keys: {#a, #c}");
    }

    @Test
    void checkAllUsed_shouldRefuseUnusedValues() {
        ExpressionAttributes attributes = attributes("{'#a': 'a'}", "{':v': {'N': '1'}, ':w': {'N': '2'}}");
        Expressions.condition("#a = :w", attributes);
        refused(
                attributes::checkAllUsed,
                "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}");
    }

    @Test
    void checkAllUsed_shouldCountEveryExpressionOfTheRequest() {
        ExpressionAttributes attributes = attributes("{'#a': 'a'}", "{':v': {'N': '1'}}");
        Expressions.projection("#a", attributes);
        Expressions.filter("a = :v", attributes);
        assertThatCode(attributes::checkAllUsed).doesNotThrowAnyException();
    }

    @Test
    void absentMaps_shouldDefineNothing() {
        ExpressionAttributes attributes = attributes(null, null);
        assertThatCode(attributes::checkAllUsed).doesNotThrowAnyException();
        refused(
                () -> attributes.value(":v"),
                "Invalid ConditionExpression: An expression attribute value used in expression is not defined;"
                        + " attribute value: :v");
    }
}
