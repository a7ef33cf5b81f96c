package io.entitytable.faultrun;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FaultPlanTest {
    private static final FaultRates NONE = new FaultRates(0, 0, 0, 0, 0, 0, 0, 0);

    @Test
    void withDuplicates_shouldFollowEachItemWithItsCopy_andCountEachCopy_whenTheRateIsOne() {
        // GIVEN
        FaultPlan plan = new FaultPlan(7, NONE);

        // WHEN
        List<String> delivered = plan.withDuplicates(List.of("a", "b", "c"), 1, FaultKind.DUPLICATED_MESSAGE);

        // THEN
        assertThat(delivered).containsExactly("a", "a", "b", "b", "c", "c");
        assertThat(plan.injected(FaultKind.DUPLICATED_MESSAGE)).isEqualTo(3);
        assertThat(plan.injected(FaultKind.DUPLICATED_RECORD)).isZero();
    }

    @Test
    void withDuplicates_shouldKeepTheItemsAsTheyAre_whenTheRateIsZero() {
        // GIVEN
        FaultPlan plan = new FaultPlan(7, NONE);

        // WHEN
        List<String> delivered = plan.withDuplicates(List.of("a", "b"), 0, FaultKind.DUPLICATED_RECORD);

        // THEN
        assertThat(delivered).containsExactly("a", "b");
        assertThat(plan.injected(FaultKind.DUPLICATED_RECORD)).isZero();
    }
}
