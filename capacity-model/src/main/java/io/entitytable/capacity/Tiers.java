package io.entitytable.capacity;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;

/**
 * A price that falls with a month's volume, as a pricing page quotes it: each tier's price for the next so many units,
 * the last tier's for everything past them. The units are the price's own (a million requests, a GB-second, a GB).
 *
 * @param tiers in the page's order; every tier but the last names how many units it covers
 */
public record Tiers(List<Tier> tiers) {
    /**
     * @param next the units this tier prices, after those of the tiers before it; none on the last tier
     * @param price a unit's price within the tier
     */
    public record Tier(Double next, double price) {}

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public Tiers {
        if (tiers.isEmpty()) {
            throw new IllegalArgumentException("a price needs at least one tier");
        }
        for (int i = 0; i < tiers.size(); i++) {
            Double next = tiers.get(i).next();
            boolean last = i == tiers.size() - 1;
            if (last != (next == null)
                    || (next != null && next <= 0)
                    || tiers.get(i).price() < 0) {
                throw new IllegalArgumentException(
                        "every tier but the last covers some units, the last all the rest: " + tiers);
            }
        }
        tiers = List.copyOf(tiers);
    }

    /** The first tier's price: what a small stage pays for each unit. */
    public double first() {
        return tiers.get(0).price();
    }

    /** What a month of {@code units} costs, each tier charging the units that fall in it. */
    public double cost(double units) {
        double cost = 0;
        double left = units;
        for (Tier tier : tiers) {
            double inTier = tier.next() == null ? left : Math.min(left, tier.next());
            cost += inTier * tier.price();
            left -= inTier;
        }
        return cost;
    }

    /**
     * What each of a month's {@code units} costs on average. The tiers count an account's month as a whole, so every
     * part of it (an operation, a function) pays this price for its units.
     */
    public double averagePrice(double units) {
        return units <= 0 ? first() : cost(units) / units;
    }
}
