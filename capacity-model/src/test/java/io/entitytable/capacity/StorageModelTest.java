package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.entitytable.capacity.StorageModel.Archiving;
import io.entitytable.capacity.StorageModel.Month;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class StorageModelTest {
    private static final Duration QUARTER = Duration.ofDays(90);
    private static StorageModel storage;

    @BeforeAll
    static void measureTheReferenceRates() {
        storage = new StorageModel(new CapacityModel(TestWorkloads.small(), ModelledLayout.CURRENT), Prices.usEast1());
    }

    @Test
    void everyOrderKept_shouldGrowTheTableByTheSameAmountEachMonth_andArchiveNothing() {
        Month one = storage.month(1, QUARTER, Archiving.NONE);
        Month twelve = storage.month(12, QUARTER, Archiving.NONE);

        assertThat(twelve.held().tableGb())
                .isCloseTo(
                        12 * one.held().tableGb(), within(1e-6 * twelve.held().tableGb()));
        assertThat(twelve.held().searchGb())
                .isCloseTo(
                        12 * one.held().searchGb(), within(1e-6 * twelve.held().searchGb()));
        assertThat(twelve.archiveGb()).isZero();
        assertThat(twelve.archiveRequests()).isZero();
        // About a petabyte a month at 100,000 orders a second: orders, lines and their index entries.
        assertThat(one.held().tableGb()).isBetween(500_000.0, 2_000_000.0);
    }

    @Test
    void archiving_shouldMoveNothing_beforeTheRetentionHasPassed() {
        Month kept = storage.month(2, QUARTER, Archiving.NONE);
        Month archived = storage.month(2, QUARTER, Archiving.BATCHED_WITH_TTL);

        assertThat(archived.held().tableGb()).isEqualTo(kept.held().tableGb());
        assertThat(archived.archiveGb()).isZero();
        assertThat(archived.total()).isEqualTo(kept.total());
    }

    @Test
    void archiving_shouldLeaveTheTableTheRetentionsOrders_andTheArchiveTheRest() {
        Month kept = storage.month(12, QUARTER, Archiving.NONE);
        Month archived = storage.month(12, QUARTER, Archiving.BATCHED_WITH_TTL);
        Month quarter = storage.month(3, QUARTER, Archiving.NONE);

        // The orders of the last quarter stay; what they take of the table is what three months of orders took
        assertThat(archived.held().tableGb()).isLessThan(kept.held().tableGb() / 2);
        assertThat(archived.held().tableGb()).isGreaterThan(quarter.held().tableGb());
        assertThat(archived.archiveGb())
                .isPositive()
                .isLessThan(kept.held().tableGb() - archived.held().tableGb());
        assertThat(archived.archiveRequests()).isPositive();
    }

    @Test
    void batchedObjectsLeftToTimeToLive_shouldCostLessThanHalfOfKeepingEveryOrder() {
        Month kept = storage.month(12, QUARTER, Archiving.NONE);
        Month batched = storage.month(12, QUARTER, Archiving.BATCHED_WITH_TTL);

        assertThat(batched.total()).isLessThan(kept.total() / 2);
    }
}
