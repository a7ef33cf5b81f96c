package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.entitytable.capacity.ArchiveModel.Month;
import io.entitytable.model.Entity;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The archive's arithmetic on rates small enough to check by hand: a month is {@link CostModel#SECONDS_A_MONTH}, the
 * table gains 2 GB a month of which orders 1.5, the search index 0.2 GB of which orders 0.15, and 1,000 orders are
 * placed a month; each price is a round number of dollars.
 */
class ArchiveModelTest {
    private static final double MONTH = CostModel.SECONDS_A_MONTH;
    private static final Duration ONE_MONTH = Duration.ofSeconds((long) MONTH);
    private static final StorageGrowth.Rates RATES =
            new StorageGrowth.Rates(2e9 / MONTH, 0.2e9 / MONTH, 1.5e9 / MONTH, 0.15e9 / MONTH, 1_000 / MONTH);
    /** A megabyte an order (above the 128 KB S3 moves to the colder class), 1 read unit and 2 write units a move. */
    private static final OrderMoveCost LARGE = new OrderMoveCost(1e6, 1, 2);
    /** Schedules that cost one write unit a month. */
    private static final ArchiveModel.Schedules ONE_UNIT_A_MONTH = new ArchiveModel.Schedules() {
        @Override
        public double readUnitsPerSecond(double finishesPerSecond, Duration retention) {
            return 0;
        }

        @Override
        public double writeUnitsPerSecond(double finishesPerSecond, Duration retention) {
            return 1 / MONTH;
        }
    };

    @Test
    void kept_shouldHoldEveryMonthsGrowth_andCostItsStorageAndSearchUnits() {
        // WHEN
        Month three = model(LARGE).kept(3);

        // THEN 6 GB of table at $1 and $0.5, 0.6 GB of index at $0.1, and 2 search units (one, and its replica)
        assertThat(three.held().stored().tableGb()).isCloseTo(6, within(1e-9));
        assertThat(three.held().stored().searchGb()).isCloseTo(0.6, within(1e-9));
        assertThat(three.held().searchOcus()).isEqualTo(2);
        assertThat(three.total()).isCloseTo(6 + 3 + 0.06 + 2, within(1e-9));
        assertThat(three.archiveGb() + three.ordersMoved() + three.schedules()).isZero();
    }

    @Test
    void growth_shouldBeLinearKept_andStopGrowingByOrdersOnceTheRetentionHasPassed() {
        ArchiveModel model = model(LARGE);
        IntStream.rangeClosed(1, 12).forEach(months -> {
            // Kept: 2 GB a month. Archived after a month: 0.5 GB a month of what is not orders, and a month of orders
            assertThat(model.kept(months).held().stored().tableGb()).isCloseTo(2.0 * months, within(1e-9));
            assertThat(model.archived(months, ONE_MONTH).held().stored().tableGb())
                    .isCloseTo(0.5 * months + 1.5, within(1e-9));
            assertThat(model.archived(months, ONE_MONTH).archiveGb()).isCloseTo(months - 1, within(1e-9));
        });
    }

    @Test
    void retentionLongerThanTheHorizon_shouldArchiveNothing_andCostOnlyTheSchedules() {
        ArchiveModel model = model(LARGE);

        // WHEN twelve months with the default retention of 400 days
        Duration retention = Entity.ORDER.lifecycle().orElseThrow().defaultRetention();
        Month kept = model.kept(12);
        Month archived = model.archived(12, retention);

        // THEN the table and the index hold everything, nothing moved, and only the schedules cost: $1
        assertThat(archived.held().stored().tableGb())
                .isEqualTo(kept.held().stored().tableGb());
        assertThat(archived.held().stored().searchGb())
                .isEqualTo(kept.held().stored().searchGb());
        assertThat(archived.archiveGb() + archived.ordersMoved() + archived.archivePuts() + archived.moveUnits())
                .isZero();
        assertThat(archived.total() - kept.total()).isCloseTo(1, within(1e-9));
    }

    @Test
    void archived_shouldChargeAMonthsMovesAndItsObjects_once_theRetentionHasPassed() {
        // WHEN three months kept one month each
        Month three = model(LARGE).archived(3, ONE_MONTH);

        // THEN the table holds 3 GB (1.5 GB of other items, a month of orders), the index 0.3 GB, the archive 2 GB
        assertThat(three.held().stored().tableGb()).isCloseTo(3, within(1e-9));
        assertThat(three.held().stored().searchGb()).isCloseTo(0.3, within(1e-9));
        assertThat(three.archiveGb()).isCloseTo(2, within(1e-9));
        // AND the month moved 1,000 orders: 3,000 PUTs at $1 a thousand, 1,000 × (2 + 1) units at $1, no object older
        // than 90 days yet (2 GB in S3 Standard at $0.01)
        assertThat(three.ordersMoved()).isCloseTo(1_000, within(1e-9));
        assertThat(three.archivePuts()).isCloseTo(3, within(1e-9));
        assertThat(three.moveUnits()).isCloseTo(3_000, within(1e-6));
        assertThat(three.archiveStorage()).isCloseTo(0.02, within(1e-9));
        assertThat(three.transitions()).isZero();
        // AND a tombstone a move, at 1,000 documents a second per indexing unit, is 1,000 / MONTH / 1,000 units
        assertThat(three.tombstones()).isCloseTo(1 / MONTH, within(1e-12));
    }

    @Test
    void objectsOlderThanTheStandardDays_shouldMoveToTheColderClass_onlyWhenAt128KbOrMore() {
        double standardSeconds = ArchiveModel.STANDARD_DAYS.toSeconds();
        // WHEN five months kept one month each: four months of objects, the oldest past 90 days for longer than a month
        Month large = model(LARGE).archived(5, ONE_MONTH);
        Month small = model(new OrderMoveCost(2_000, 1, 2)).archived(5, ONE_MONTH);

        // THEN a megabyte object moves: a month of them (1,000) at $2 a thousand, the rest of 90 days in Standard
        double colderGb = 1_000 / MONTH * (4 * MONTH - standardSeconds) * 1e6 / 1e9;
        assertThat(large.transitions()).isCloseTo(2, within(1e-9));
        assertThat(large.archiveStorage()).isCloseTo((4 - colderGb) * 0.01 + colderGb * 0.001, within(1e-9));
        // AND a 2,000-byte object stays in S3 Standard, as S3 moves nothing under 128 KB without a size filter
        assertThat(small.transitions()).isZero();
        assertThat(small.archiveStorage()).isCloseTo(4 * 2_000 / 1e6 * 0.01, within(1e-12));
        // AND moved, it would be billed as 128 KB: 4,000 objects × 131,072 bytes at $0.001
        assertThat(model(new OrderMoveCost(2_000, 1, 2)).archiveInColderClassMonthly(small))
                .isCloseTo(4_000 * 131_072 / 1e9 * 0.001, within(1e-12));
    }

    @Test
    void archivedReads_shouldCostAGetAndAnEmptyConsistentQueryEach() {
        // WHEN one read a month: a GET at $0.1 a thousand and one read unit at $1
        double monthly = model(LARGE).archivedReadsMonthly(1 / MONTH);

        // THEN
        assertThat(monthly).isCloseTo(0.0001 + 1, within(1e-12));
    }

    private static ArchiveModel model(OrderMoveCost move) {
        return new ArchiveModel(RATES, move, ONE_UNIT_A_MONTH, roundPrices(), CostAssumptions.DEPLOYED);
    }

    private static final Tiers FREE = new Tiers(List.of(new Tiers.Tier(null, 0)));

    /** A dollar a unit of DynamoDB, a GB-month of table and an OCU-month; the rest round fractions of it. */
    private static Prices roundPrices() {
        return new Prices(
                "test",
                "never",
                "round prices",
                Map.of(),
                1e6,
                1e6,
                FREE,
                0,
                FREE,
                0,
                1 / 730.0,
                FREE,
                0,
                0,
                0,
                1,
                0.5,
                0.1,
                0.01,
                0.001,
                1,
                1,
                0.1,
                2);
    }
}
