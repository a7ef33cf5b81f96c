package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;

class WriteConditionsTest {

    @Test
    void keyAbsent_shouldNeedNoValues() {
        // WHEN
        Expression condition = WriteConditions.keyAbsent();

        // THEN an empty value map would be refused by DynamoDB: there is none at all
        assertThat(condition.expression()).isEqualTo("attribute_not_exists(#id)");
        assertThat(condition.expressionNames()).isEqualTo(Map.of("#id", Attributes.ID));
        assertThat(condition.expressionValues()).isNull();
    }

    @Test
    void versionIs_shouldCompareTheVersionRead() {
        // WHEN
        Expression condition = WriteConditions.versionIs(7);

        // THEN
        assertThat(condition.expression()).isEqualTo("#version = :version");
        assertThat(condition.expressionNames()).isEqualTo(Map.of("#version", Attributes.VERSION));
        assertThat(condition.expressionValues()).isEqualTo(Map.of(":version", Values.n(7)));
    }

    @Test
    void counterAtZero_shouldAcceptAnAbsentCounter() {
        // WHEN
        Expression condition = WriteConditions.counterAtZero(Attributes.CHILD_COUNT);

        // THEN
        assertThat(condition.expression()).isEqualTo("attribute_not_exists(#counter) OR #counter = :zero");
        assertThat(condition.expressionNames()).isEqualTo(Map.of("#counter", Attributes.CHILD_COUNT));
        assertThat(condition.expressionValues()).isEqualTo(Map.of(":zero", Values.n(0)));
    }

    @Test
    void belongsTo_shouldNeedTheItemAndItsBusiness() {
        // WHEN
        Expression condition = WriteConditions.belongsTo("B1");

        // THEN
        assertThat(condition.expression()).isEqualTo("(attribute_exists(#id)) AND (#business = :business)");
        assertThat(condition.expressionNames())
                .isEqualTo(Map.of("#id", Attributes.ID, "#business", Attributes.BUSINESS_ID));
        assertThat(condition.expressionValues()).isEqualTo(Map.of(":business", Values.s("B1")));
    }

    @Test
    void versionIsAndCounterAtZero_shouldCombine_intoOneCondition() {
        // WHEN
        Expression condition = WriteConditions.versionIs(3).and(WriteConditions.counterAtZero(Attributes.LINK_COUNT));

        // THEN
        assertThat(condition.expression())
                .isEqualTo("(#version = :version) AND (attribute_not_exists(#counter) OR #counter = :zero)");
        assertThat(condition.expressionValues()).isEqualTo(Map.of(":version", Values.n(3), ":zero", Values.n(0)));
    }
}
