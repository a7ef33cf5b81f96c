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
                finished orders kept hot for %d days: every order kept in the table; archived as an object per order, \
                each item deleted from the table; archived in objects of 1,000 orders, the items left to the table's \
                time to live (whose deletes DynamoDB does not charge; the table holds them up to %d days longer). \
                Storage is not in the request bill above.

                | | every order kept | an object per order, deleted | objects of 1,000, time to live |
                |---|---|---|---|
                """,
                MONTHS, MONTHS, RETENTION.toDays(), StorageModel.TTL_DELAY.toDays()));
        row(out, "table and its indexes (TB)", months, month -> month.tableGb() / 1000, "%,.0f");
        row(out, "search index, managed storage (TB)", months, month -> month.searchGb() / 1000, "%,.0f");
        row(out, "archive (TB)", months, month -> month.archiveGb() / 1000, "%,.0f");
        row(out, "table storage", months, Month::tableStorage, "$%,.0f");
        row(out, "point-in-time recovery", months, Month::pointInTimeRecovery, "$%,.0f");
        row(out, "search index storage", months, Month::searchStorage, "$%,.0f");
        row(
                out,
                "archive storage (S3 Standard 90 days, then Glacier Instant Retrieval)",
                months,
                Month::archiveStorage,
                "$%,.0f");
        row(out, "archive requests (PUTs, lifecycle transitions)", months, Month::archiveRequests, "$%,.0f");
        row(out, "deletes from the table", months, Month::tableDeletes, "$%,.0f");
        row(out, "**a month**", months, Month::total, "**$%,.0f**");
        double kept = months.get(0).total();
        out.append("| difference |");
        for (Month month : months) {
            out.append(String.format(Locale.ROOT, " %s |", month == months.get(0) ? "" : money(month.total() - kept)));
        }
        out.append("\n\nThe time-to-live column takes each item's expiry as written by a write made anyway (the status"
                + " change that finishes the order; its lines and tag copies need theirs too). Left out: the search"
                + " collection's compute units that grow with its data (no published ratio), the archiving job's reads"
                + " of the orders it moves, reads of the archive, and backups besides point-in-time recovery.\n");
        return out.toString();
    }

    private static void row(
            StringBuilder out, String name, List<Month> months, ToDoubleFunction<Month> value, String format) {
        out.append("| ").append(name).append(" |");
        for (Month month : months) {
            out.append(' ')
                    .append(String.format(Locale.ROOT, format, value.applyAsDouble(month)))
                    .append(" |");
        }
        out.append('\n');
    }

    private static String money(double dollars) {
        return String.format(Locale.ROOT, "%s$%,.0f", dollars < 0 ? "−" : "+", Math.abs(dollars));
    }
}
