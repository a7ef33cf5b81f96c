package io.entitytable.capacity;

import io.entitytable.capacity.ArchiveModel.Month;
import io.entitytable.model.Entity;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The report's archive section: the table, the search index and the order archive after a year of the workload, every
 * order kept beside finished orders archived as built, at the default retention and at a shorter one, and what the
 * twelfth month costs each way.
 */
final class ArchiveReport {
    /** The retentions the section prints: the lifecycle's default, then a business that keeps orders a quarter. */
    static final List<Duration> RETENTIONS =
            List.of(Entity.ORDER.lifecycle().orElseThrow().defaultRetention(), StorageReport.RETENTION);

    private static final String DOLLARS = "$%,.0f";

    private ArchiveReport() {}

    static String markdown(ArchiveModel archive, ArchiveSchedulingLoad scheduling, int months) {
        List<Month> columns = new ArrayList<>();
        columns.add(archive.kept(months));
        RETENTIONS.forEach(retention -> columns.add(archive.archived(months, retention)));
        StringBuilder out = new StringBuilder();
        out.append(CostReport.text(
                """
                ## The order archive after %d months

                Finished orders archived as built: after their business's retention the job puts each in the archive \
                (an object of its order and lines, and two empty listing objects: 3 PUTs) and deletes it from the \
                table with its lines and tag and SKU copies, and from the search index. Beside every order kept, at \
                the default retention of %d days (after %d months nothing is old enough to move yet: only keeping \
                the schedules costs) and at %d days. Sizes at the end of month %d; dollars for that month.

                | | every order kept | archived after %d days (the default) | archived after %d days |
                |---|---|---|---|
                """,
                months,
                RETENTIONS.get(0).toDays(),
                months,
                RETENTIONS.get(1).toDays(),
                months,
                RETENTIONS.get(0).toDays(),
                RETENTIONS.get(1).toDays()));
        StorageReport.row(
                out,
                "table and its indexes (TB)",
                columns,
                month -> month.held().stored().tableGb() / 1000,
                "%,.0f");
        StorageReport.row(
                out,
                "search index (TB)",
                columns,
                month -> month.held().stored().searchGb() / 1000,
                "%,.0f");
        StorageReport.row(
                out,
                "search compute units for that data (OCUs)",
                columns,
                month -> month.held().searchOcus(),
                "%,.0f");
        StorageReport.row(out, "archive (TB)", columns, month -> month.archiveGb() / 1000, "%,.0f");
        StorageReport.row(
                out, "orders moved in the month (millions)", columns, month -> month.ordersMoved() / 1e6, "%,.0f");
        StorageReport.row(
                out,
                "table storage (Standard class)",
                columns,
                month -> month.held().stored().tableStorage(),
                DOLLARS);
        StorageReport.row(
                out,
                "point-in-time recovery",
                columns,
                month -> month.held().stored().pointInTimeRecovery(),
                DOLLARS);
        StorageReport.row(
                out,
                "search index storage",
                columns,
                month -> month.held().stored().searchStorage(),
                DOLLARS);
        StorageReport.row(
                out,
                "search compute units for the data",
                columns,
                month -> month.held().searchCapacity(),
                DOLLARS);
        StorageReport.row(out, "archive storage", columns, Month::archiveStorage, DOLLARS);
        StorageReport.row(out, "archive PUTs (3 an order)", columns, Month::archivePuts, DOLLARS);
        StorageReport.row(out, "transitions to Glacier Instant Retrieval", columns, Month::transitions, DOLLARS);
        StorageReport.row(out, "the moves' reads and writes of the table", columns, Month::moveUnits, DOLLARS);
        StorageReport.row(out, "indexing the moved orders' search tombstones", columns, Month::tombstones, DOLLARS);
        StorageReport.row(out, "keeping the archive schedules", columns, Month::schedules, DOLLARS);
        StorageReport.row(out, "**a month**", columns, Month::total, "**$%,.0f**");
        StorageReport.differences(out, "difference from every order kept", columns, Month::total);
        out.append('\n');
        out.append(notes(archive, scheduling, columns));
        return out.toString();
    }

    private static String notes(ArchiveModel archive, ArchiveSchedulingLoad scheduling, List<Month> columns) {
        OrderMoveCost move = archive.move();
        Month shortest = columns.get(columns.size() - 1);
        return CostReport.text(
                """

                - **An order's move**: its object is %,.0f bytes (the order and its lines as `ArchivedOrder.toJson` \
                writes them), the listings 0; %.2f read units (its share of a status-index page, and the consistent \
                Query of its partition) and %.1f write units (the lease, the transaction of the order, its lines and \
                its counter, each action twice, and the fan-out's deletes of its copies, with every index entry).
                - **Storage classes**: the bucket's rule moves objects to Glacier Instant Retrieval after %d days, but \
                S3 moves no object under 128 KB without a size filter in the rule (its default since September \
                2024), and the deployed rule has none: every archived order stays in S3 Standard and no transition \
                is charged. Moved, each would be billed as 128 KB there: %s a month instead of %s at %d days' \
                retention. Versioning adds nothing to objects written once.
                - **Schedules**: the fan-out reads a business and writes its schedule once per instance and five \
                minutes in which one of its orders finishes: %,.0f of each a second with finishes spread evenly over \
                %,d businesses and %,d instances (one a stream shard), the spread that makes the most such pairs. An \
                instance then sees %,.0f businesses in five minutes but remembers %,d, so it forgets some within the \
                window and reads and writes them again, which this does not count. The job looks at each business \
                once a day.
                - **Search capacity**: a search compute unit holds %.0f GB of the index, and %d hold each piece of \
                it with standby replicas, as deployed (`CostAssumptions`); the index's storage is billed besides.
                - **Not counted**: reads of archived orders (the workload reads orders as they are placed, none of \
                them archived; every 1,000 reads a second by id of archived ones would add %s a month: the table's \
                Query that finds nothing, then a GET); the job's pace and its lag of up to a day; the stream records \
                of the deletes in the fan-out's and the indexer's Lambda time; S3's cheaper tiers above 50 TB a month.
                """,
                move.objectBytes(),
                move.readUnits(),
                move.writeUnits(),
                ArchiveModel.STANDARD_DAYS.toDays(),
                dollars(archive.archiveInColderClassMonthly(shortest)),
                dollars(shortest.archiveStorage()),
                shortest.retention().toDays(),
                scheduling.fanoutWritesPerSecond(archive.ordersPerSecond()),
                scheduling.workload().businesses(),
                archive.assumed().streamShards(),
                scheduling.businessesSeenPerWindow(archive.ordersPerSecond()),
                ArchiveSchedulingLoad.REMEMBERED,
                archive.assumed().searchGbPerOcu(),
                archive.assumed().searchDataCopies(),
                dollars(archive.archivedReadsMonthly(1_000)));
    }

    private static String dollars(double amount) {
        return CostReport.text(DOLLARS, amount);
    }
}
