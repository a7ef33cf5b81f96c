package io.entitytable.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class SourceVersionConditionTest {
    private static final Map<String, String> NAMES = Map.of("#sourceVersion", "sourceVersion");
    private static final Map<String, AttributeValue> VERSION_7 = Map.of(":version", AttributeValue.fromN("7"));

    @Test
    void createOrAdvance_shouldAllowAnAbsentOrOlderCopy() {
        // GIVEN
        SourceVersionCondition condition = SourceVersionCondition.CREATE_OR_ADVANCE;

        // WHEN
        Expression expression = condition.against(7);

        // THEN
        assertThat(expression.expression())
                .isEqualTo("attribute_not_exists(#sourceVersion) OR #sourceVersion < :version");
        assertThat(expression.expressionNames()).isEqualTo(NAMES);
        assertThat(expression.expressionValues()).isEqualTo(VERSION_7);
    }

    @Test
    void refresh_shouldAllowOnlyAnExistingOlderCopy() {
        // GIVEN
        SourceVersionCondition condition = SourceVersionCondition.REFRESH;

        // WHEN
        Expression expression = condition.against(7);

        // THEN
        assertThat(expression.expression()).isEqualTo("attribute_exists(#sourceVersion) AND #sourceVersion < :version");
        assertThat(expression.expressionNames()).isEqualTo(NAMES);
        assertThat(expression.expressionValues()).isEqualTo(VERSION_7);
    }

    @Test
    void notNewer_shouldAllowACopyUpToTheVersion() {
        // GIVEN
        SourceVersionCondition condition = SourceVersionCondition.NOT_NEWER;

        // WHEN
        Expression expression = condition.against(7);

        // THEN
        assertThat(expression.expression()).isEqualTo("#sourceVersion <= :version");
        assertThat(expression.expressionNames()).isEqualTo(NAMES);
        assertThat(expression.expressionValues()).isEqualTo(VERSION_7);
    }

    @Test
    void exactly_shouldAllowOnlyTheCopyAtTheVersion() {
        // GIVEN
        SourceVersionCondition condition = SourceVersionCondition.EXACTLY;

        // WHEN
        Expression expression = condition.against(7);

        // THEN
        assertThat(expression.expression()).isEqualTo("#sourceVersion = :version");
        assertThat(expression.expressionNames()).isEqualTo(NAMES);
        assertThat(expression.expressionValues()).isEqualTo(VERSION_7);
    }

    @Test
    void absent_shouldCarryNoValue_whenItComparesNothing() {
        // GIVEN
        SourceVersionCondition condition = SourceVersionCondition.ABSENT;

        // WHEN
        Expression expression = condition.against(7);

        // THEN
        assertThat(expression.expression()).isEqualTo("attribute_not_exists(#sourceVersion)");
        assertThat(expression.expressionNames()).isEqualTo(NAMES);
        assertThat(expression.expressionValues()).isNull();
    }

    @Test
    void any_shouldBeNoConditionAtAll() {
        // GIVEN
        SourceVersionCondition condition = SourceVersionCondition.ANY;

        // WHEN
        Expression expression = condition.against(7);

        // THEN
        assertThat(expression.expression()).isNull();
        assertThat(expression.expressionNames()).isNull();
        assertThat(expression.expressionValues()).isNull();
    }
}
