package io.entitytable.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class TiersTest {
    /** CloudWatch Logs' tiers for Lambda's lines: 10 TB at $0.50, 20 at $0.25, 20 at $0.10, the rest at $0.05. */
    private static final Tiers LOGS = new Tiers(List.of(
            new Tiers.Tier(10_000.0, 0.50),
            new Tiers.Tier(20_000.0, 0.25),
            new Tiers.Tier(20_000.0, 0.10),
            new Tiers.Tier(null, 0.05)));

    @Test
    void cost_shouldChargeEachTierForTheUnitsThatFallInIt() {
        assertThat(LOGS.cost(0)).isZero();
        assertThat(LOGS.cost(4_000)).isCloseTo(2_000, within(1e-9));
        assertThat(LOGS.cost(10_000)).isCloseTo(5_000, within(1e-9));
        // 60 TB: 5,000 + 5,000 + 2,000 + 10,000 × 0.05
        assertThat(LOGS.cost(60_000)).isCloseTo(12_500, within(1e-9));
    }

    @Test
    void averagePrice_shouldBeTheFirstTiersUntilItIsPassed_thenFall() {
        assertThat(LOGS.averagePrice(0)).isEqualTo(0.50);
        assertThat(LOGS.averagePrice(5_000)).isCloseTo(0.50, within(1e-12));
        assertThat(LOGS.averagePrice(60_000)).isCloseTo(12_500.0 / 60_000, within(1e-12));
        assertThat(LOGS.averagePrice(1e9)).isGreaterThan(0.05).isLessThan(0.0501);
    }

    @Test
    void tiers_shouldRefuseALastTierWithABoundOrAnEarlierOneWithout() {
        assertThatThrownBy(() -> new Tiers(List.of(new Tiers.Tier(300.0, 1.0))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Tiers(List.of(new Tiers.Tier(null, 1.0), new Tiers.Tier(null, 0.9))))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Tiers(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void shippedPrices_shouldReadEveryTieredPriceWithItsTiers() {
        Prices prices = Prices.usEast1();

        assertThat(prices.httpApiRequestsPerMillion().tiers()).hasSize(2);
        assertThat(prices.lambdaArmGbSecond().tiers()).hasSize(3);
        assertThat(prices.lambdaLogIngestionPerGb().tiers()).hasSize(4);
        assertThat(prices.lambdaLogIngestionPerGb().cost(60_000)).isCloseTo(LOGS.cost(60_000), within(1e-9));
    }
}
