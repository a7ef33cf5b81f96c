package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Values;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;

class KeyConditionsTest {

    @Test
    void partition_shouldMatchThePartitionKeyOnly() {
        // WHEN
        Expression condition = KeyConditions.partition("id", "01J");

        // THEN
        assertThat(condition.expression()).isEqualTo("#pk = :pk");
        assertThat(condition.expressionNames()).isEqualTo(Map.of("#pk", "id"));
        assertThat(condition.expressionValues()).isEqualTo(Map.of(":pk", Values.s("01J")));
    }

    @Test
    void sortBeginsWith_shouldNarrowTheSortKeyToThePrefix() {
        // WHEN
        Expression condition = KeyConditions.sortBeginsWith("businessId", "B1", "type", "customer#");

        // THEN
        assertThat(condition.expression()).isEqualTo("#pk = :pk AND begins_with(#sk, :prefix)");
        assertThat(condition.expressionNames()).isEqualTo(Map.of("#pk", "businessId", "#sk", "type"));
        assertThat(condition.expressionValues())
                .isEqualTo(Map.of(":pk", Values.s("B1"), ":prefix", Values.s("customer#")));
    }

    @Test
    void sortBeginsWith_shouldReadTheWholePartition_whenThePrefixIsEmpty() {
        // WHEN
        Expression condition = KeyConditions.sortBeginsWith("gsi1pk", "STORE#B1#US", "gsi1sk", "");

        // THEN DynamoDB refuses begins_with on an empty string, so there is no sort-key condition at all
        assertThat(condition).isEqualTo(KeyConditions.partition("gsi1pk", "STORE#B1#US"));
    }

    @Test
    void sortBetween_shouldIncludeBothEnds() {
        // WHEN
        Expression condition = KeyConditions.sortBetween("gsi1pk", "ORDERSTATUS#OPEN#3", "gsi1sk", "a", "z");

        // THEN
        assertThat(condition.expression()).isEqualTo("#pk = :pk AND #sk BETWEEN :from AND :to");
        assertThat(condition.expressionNames()).isEqualTo(Map.of("#pk", "gsi1pk", "#sk", "gsi1sk"));
        assertThat(condition.expressionValues())
                .isEqualTo(Map.of(":pk", Values.s("ORDERSTATUS#OPEN#3"), ":from", Values.s("a"), ":to", Values.s("z")));
    }
}
