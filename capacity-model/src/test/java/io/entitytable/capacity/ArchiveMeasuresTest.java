package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.entitytable.capacity.ArchiveModel.Month;
import io.entitytable.capacity.StorageGrowth.PlacedOrder;
import io.entitytable.model.ItemKind;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What the archive model measures from the capacity model's own orders, at the small workload's rates. */
class ArchiveMeasuresTest {
    private static CapacityModel model;
    private static StorageGrowth growth;

    @BeforeAll
    static void measure() {
        model = new CapacityModel(TestWorkloads.small(), ModelledLayout.CURRENT);
        growth = new StorageGrowth(model);
    }

    @Test
    void orderMove_shouldWeighTheArchivedObject_andChargeEveryWriteOfTheMove() {
        // WHEN
        OrderMoveCost move = OrderMoveCost.of(growth);

        // THEN the typed JSON of an order and its lines is larger than their items, and far under 128 KB
        PlacedOrder first = growth.placedOrders().get(0);
        long itemBytes = first.collection().stream().mapToLong(ItemSize::bytes).sum();
        assertThat(move.objectBytes()).isGreaterThan(itemBytes).isLessThan(ArchiveModel.SMALLEST_MOVED);
        // AND at least each of the order's items deleted in a transaction (2 units a started KB), and the lease
        int items = first.collection().size();
        assertThat(move.writeUnits()).isGreaterThan(2.0 * items + 1);
        // AND the consistent Query of the partition (1 unit a started 4 KB) and a share of a status page
        assertThat(move.readUnits()).isGreaterThan(1).isLessThan(2);
        assertThat(first.of(ItemKind.LINE)).hasSize(TestWorkloads.small().linesPerOrder());
    }

    @Test
    void archivedAfterAQuarter_shouldLeaveTheTableAQuartersOrders_andTheReferenceRetentionNothingAfterAYear() {
        ArchiveModel archive = new ArchiveModel(growth, Prices.usEast1(), CostAssumptions.DEPLOYED);

        Month kept = archive.kept(12);
        Month quarter = archive.archived(12, Duration.ofDays(90));
        Month byDefault = archive.archived(12, Duration.ofDays(400));

        assertThat(byDefault.held().stored().tableGb())
                .isEqualTo(kept.held().stored().tableGb());
        assertThat(byDefault.ordersMoved()).isZero();
        assertThat(quarter.held().stored().tableGb())
                .isLessThan(kept.held().stored().tableGb() / 2);
        assertThat(quarter.held().searchOcus()).isLessThan(kept.held().searchOcus() / 2);
        // A month of the workload's orders moved: its rate times a month
        assertThat(quarter.ordersMoved()).isCloseTo(growth.ordersPerSecond() * CostModel.SECONDS_A_MONTH, within(1.0));
        assertThat(quarter.transitions()).isZero();
    }

    @Test
    void fanoutSchedules_shouldBeAWriteAFinish_whenFew_andAWriteAPairAWindow_whenMany() {
        ArchiveSchedulingLoad load = new ArchiveSchedulingLoad(model, CostAssumptions.DEPLOYED);
        double pairs = 20_000.0 * CostAssumptions.DEPLOYED.streamShards();

        assertThat(load.fanoutWritesPerSecond(0.001)).isCloseTo(0.001, within(1e-7));
        assertThat(load.fanoutWritesPerSecond(1e12)).isCloseTo(pairs / 300, within(1e-6));
    }
}
