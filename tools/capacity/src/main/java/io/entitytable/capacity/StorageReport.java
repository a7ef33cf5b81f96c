package io.entitytable.capacity;

import io.entitytable.capacity.StorageModel.Archiving;
import io.entitytable.capacity.StorageModel.Month;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The report's storage section: what a year of the workload leaves in the table, the search index and an archive, and
 * what holding it costs in the twelfth month, with every order kept and with finished orders archived two ways.
 */
final class StorageReport {
    static final int MONTHS = 12;
    /** A business that keeps its finished orders hot for a quarter. */
    static final Duration RETENTION = Duration.ofDays(90);

    private StorageReport() {}

    static String markdown(StorageModel storage) {
        List<Month> months = Arrays.stream(Archiving.values())
                .map(archiving -> storage.month(MONTHS, RETENTION, archiving))
                .toList();
        StringBuilder out = new StringBuilder();
        out.append(CostReport.text(
                """
                ## Storage after %d months

                What the workload's writes leave after %d months, and what holding it costs in the last of them, with \
                finished orders kept hot for %d days: every order kept in the table; archived in objects of 1,000 \
                orders, the items left to the table's time to live (whose deletes DynamoDB does not charge; the table \
                holds them up to %d days longer), a design the archive did not take, for comparison with the archive \
                as built (next section). Storage is not in the request bill above.

                | | every order kept | objects of 1,000, time to live |
                |---|---|---|
                """,
                MONTHS, MONTHS, RETENTION.toDays(), StorageModel.TTL_DELAY.toDays()));
        row(out, "table and its indexes (TB)", months, month -> month.held().tableGb() / 1000, "%,.0f");
        row(
                out,
                "search index, managed storage (TB)",
                months,
                month -> month.held().searchGb() / 1000,
                "%,.0f");
        row(out, "archive (TB)", months, month -> month.archiveGb() / 1000, "%,.0f");
        row(out, "table storage", months, month -> month.held().tableStorage(), "$%,.0f");
        row(out, "point-in-time recovery", months, month -> month.held().pointInTimeRecovery(), "$%,.0f");
        row(out, "search index storage", months, month -> month.held().searchStorage(), "$%,.0f");
        row(
                out,
                "archive storage (S3 Standard 90 days, then Glacier Instant Retrieval)",
                months,
                Month::archiveStorage,
                "$%,.0f");
        row(out, "archive requests (PUTs, lifecycle transitions)", months, Month::archiveRequests, "$%,.0f");
        row(out, "**a month**", months, Month::total, "**$%,.0f**");
        differences(out, "difference", months, Month::total);
        out.append("\n\nThe time-to-live column takes each item's expiry as written by a write made anyway (the status"
                + " change that finishes the order; its lines and tag copies need theirs too). Left out: the search"
                + " collection's compute units that grow with its data (next section), the archiving job's reads of the"
                + " orders it moves, reads of the archive, and backups besides point-in-time recovery.\n");
        return out.toString();
    }

    /** A row of a table with a column per month: the name, then each month's value. */
    static <T> void row(StringBuilder out, String name, List<T> months, ToDoubleFunction<T> value, String format) {
        out.append("| ").append(name).append(" |");
        for (T month : months) {
            out.append(' ')
                    .append(String.format(Locale.ROOT, format, value.applyAsDouble(month)))
                    .append(" |");
        }
        out.append('\n');
    }

    /** A row of each month's total less the first month's: the first column is what the others are compared with. */
    static <T> void differences(StringBuilder out, String name, List<T> months, ToDoubleFunction<T> total) {
        double first = total.applyAsDouble(months.get(0));
        out.append("| ").append(name).append(" |");
        for (T month : months) {
            out.append(String.format(
                    Locale.ROOT, " %s |", month == months.get(0) ? "" : money(total.applyAsDouble(month) - first)));
        }
    }

    /** A difference in dollars, signed. */
    static String money(double dollars) {
        return String.format(Locale.ROOT, "%s$%,.0f", dollars < 0 ? "−" : "+", Math.abs(dollars));
    }
}
