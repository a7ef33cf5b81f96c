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

        assertThat(twelve.tableGb()).isCloseTo(12 * one.tableGb(), within(1e-6 * twelve.tableGb()));
        assertThat(twelve.searchGb()).isCloseTo(12 * one.searchGb(), within(1e-6 * twelve.searchGb()));
        assertThat(twelve.archiveGb()).isZero();
        assertThat(twelve.archiveRequests() + twelve.tableDeletes()).isZero();
        // About a petabyte a month at 100,000 orders a second: orders, lines and their index entries.
        assertThat(one.tableGb()).isBetween(500_000.0, 2_000_000.0);
    }

    @Test
    void archiving_shouldMoveNothing_beforeTheRetentionHasPassed() {
        Month kept = storage.month(2, QUARTER, Archiving.NONE);
        Month archived = storage.month(2, QUARTER, Archiving.OBJECT_PER_ORDER);

        assertThat(archived.tableGb()).isEqualTo(kept.tableGb());
        assertThat(archived.archiveGb()).isZero();
        assertThat(archived.total()).isEqualTo(kept.total());
    }

    @Test
    void archiving_shouldLeaveTheTableTheRetentionsOrders_andTheArchiveTheRest() {
        Month kept = storage.month(12, QUARTER, Archiving.NONE);
        Month archived = storage.month(12, QUARTER, Archiving.OBJECT_PER_ORDER);
        Month quarter = storage.month(3, QUARTER, Archiving.NONE);

        // The orders of the last quarter stay; what they take of the table is what three months of orders took
        assertThat(archived.tableGb()).isLessThan(kept.tableGb() / 2);
        assertThat(archived.tableGb()).isGreaterThan(quarter.tableGb());
        assertThat(archived.archiveGb()).isPositive().isLessThan(kept.tableGb() - archived.tableGb());
        assertThat(archived.tableDeletes()).isPositive();
    }

    @Test
    void batchedObjectsLeftToTimeToLive_shouldCostLessThanKeepingEveryOrder_andObjectPerOrderMore() {
        Month kept = storage.month(12, QUARTER, Archiving.NONE);
        Month perOrder = storage.month(12, QUARTER, Archiving.OBJECT_PER_ORDER);
        Month batched = storage.month(12, QUARTER, Archiving.BATCHED_WITH_TTL);

        // At 100,000 orders a second an object per order costs more in PUTs and transitions than the table it frees
        assertThat(perOrder.total()).isGreaterThan(kept.total());
        assertThat(batched.total()).isLessThan(kept.total() / 2);
        assertThat(batched.tableDeletes()).isZero();
        assertThat(batched.archiveRequests()).isCloseTo(perOrder.archiveRequests() / 1_000, within(0.01));
    }
}
