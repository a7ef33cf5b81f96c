package io.entitytable.api.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class UpdateExpressionsTest {

    @Test
    void replacing_shouldSetWhatNextHas_removeWhatItDropped_andLeaveKeysAndCountersAlone() {
        // GIVEN
        Map<String, AttributeValue> current = new LinkedHashMap<>();
        current.put(Attributes.ID, Values.s("S1"));
        current.put(Attributes.TYPE, Values.s("store#main"));
        current.put(Attributes.LINK_COUNT, Values.n(2));
        current.put("name", Values.s("Main"));
        current.put("tags", Values.ss(java.util.Set.of("a")));
        Map<String, AttributeValue> next = new LinkedHashMap<>();
        next.put(Attributes.ID, Values.s("S1"));
        next.put(Attributes.TYPE, Values.s("store#main"));
        next.put("name", Values.s("Main Street"));

        // WHEN
        Expression update = UpdateExpressions.replacing(current, next);

        // THEN
        assertThat(update.expression()).isEqualTo("SET #a0 = :a0 REMOVE #a1");
        assertThat(update.expressionNames()).isEqualTo(Map.of("#a0", "name", "#a1", "tags"));
        assertThat(update.expressionValues()).isEqualTo(Map.of(":a0", Values.s("Main Street")));
    }

    @Test
    void adding_shouldAddTheDeltaToTheCounter() {
        // WHEN
        Expression update = UpdateExpressions.adding(Attributes.CHILD_COUNT, -1);

        // THEN
        assertThat(update.expression()).isEqualTo("ADD #count :delta");
        assertThat(update.expressionNames()).isEqualTo(Map.of("#count", Attributes.CHILD_COUNT));
        assertThat(update.expressionValues()).isEqualTo(Map.of(":delta", Values.n(-1)));
    }
}
