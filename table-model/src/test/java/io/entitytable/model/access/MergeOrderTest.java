package io.entitytable.model.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.entitytable.model.Attributes;
import org.junit.jupiter.api.Test;

class MergeOrderTest {

    @Test
    void ofBusinessShards_shouldMergeByTypeThenId_inThePatternsDirection() {
        // WHEN
        MergeOrder byName = MergeOrder.ofBusinessShards(AccessPattern.CUSTOMERS_BY_NAME);
        MergeOrder newestFirst = MergeOrder.ofBusinessShards(AccessPattern.BUSINESS_ORDERS);

        // THEN
        assertThat(byName).isEqualTo(MergeOrder.ascending(Attributes.TYPE).thenBy(Attributes.ID));
        assertThat(newestFirst).isEqualTo(MergeOrder.descending(Attributes.TYPE).thenBy(Attributes.ID));
    }

    @Test
    void ofBusinessShards_shouldRefuseAPatternOfAnotherIndex() {
        // WHEN / THEN
        assertThatThrownBy(() -> MergeOrder.ofBusinessShards(AccessPattern.DECLARED_BY_FIELDS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("DECLARED_BY_FIELDS");
    }
}
