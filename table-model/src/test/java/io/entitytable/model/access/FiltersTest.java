package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.entitytable.model.Attributes;
import io.entitytable.model.Values;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.enhanced.dynamodb.Expression;

class FiltersTest {

    @Test
    void equal_shouldNameEachPartOfANestedPath() {
        // WHEN
        Expression filter = Filters.equal(Values.s("Austin"), Attributes.SHIP_TO, Attributes.CITY);

        // THEN
        assertThat(filter.expression()).isEqualTo("#shipTo.#city = :city");
        assertThat(filter.expressionNames()).isEqualTo(Map.of("#shipTo", "shipTo", "#city", "city"));
        assertThat(filter.expressionValues()).isEqualTo(Map.of(":city", Values.s("Austin")));
    }

    @Test
    void atLeast_shouldCompareWithGreaterOrEqual() {
        // WHEN
        Expression filter = Filters.atLeast(Values.n(500), Attributes.TOTAL_CENTS);

        // THEN
        assertThat(filter.expression()).isEqualTo("#totalCents >= :totalCents");
        assertThat(filter.expressionValues()).isEqualTo(Map.of(":totalCents", Values.n(500)));
    }

    @Test
    void and_shouldCombineFiltersOnDifferentAttributes_withoutPlaceholderClashes() {
        // WHEN
        Expression filter = Expression.and(List.of(
                Filters.equal(Values.s("PAID"), Attributes.STATUS),
                Filters.equal(Values.s("4111"), Attributes.PAYMENT_CARD)));

        // THEN
        assertThat(filter.expression()).isEqualTo("(#status = :status) AND (#paymentCard = :paymentCard)");
        assertThat(filter.expressionValues()).containsOnlyKeys(":status", ":paymentCard");
    }
}
