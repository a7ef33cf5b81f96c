package io.entitytable.capacity;

import java.util.List;
import java.util.Locale;

/**
 * A month of a workload's requests, in dollars: by resource and by operation, each beside its floor (the DynamoDB
 * units the data itself needs), with the prices and assumptions it was worked out from.
 *
 * @param operations by operation, in the capacity model's order, and last what the stage costs whatever its load
 */
public record Bill(
        String workload,
        double requestsPerSecond,
        List<Row> resources,
        List<Row> operations,
        Prices prices,
        CostAssumptions assumed) {

    /** A month of one resource or one operation, and of it the floor's part. */
    public record Row(String name, double monthly, double floor) {
        /** The row's share of {@code bill}. */
        public double shareOf(Bill bill) {
            return monthly / bill.monthly();
        }

        /** How many times its floor the row costs; infinite where it has none. */
        public double ratio() {
            return floor == 0 ? Double.POSITIVE_INFINITY : monthly / floor;
        }
    }

    public double monthly() {
        return resources.stream().mapToDouble(Row::monthly).sum();
    }

    public double floor() {
        return resources.stream().mapToDouble(Row::floor).sum();
    }

    public double ratio() {
        return monthly() / floor();
    }

    /** {@code cost: $<bill> a month, floor $<floor>, <ratio>x}: the figure the product is held to. */
    public String summary() {
        return String.format(Locale.ROOT, "cost: $%,.0f a month, floor $%,.0f, %.2fx", monthly(), floor(), ratio());
    }
}
