package io.entitytable.capacity;

import io.entitytable.deployment.OrderArchiveBucket;
import java.time.Duration;

/**
 * What the table, the search index and the order archive hold some months into a workload, with finished orders moved
 * to the archive as it is built (an object per order and two empty listings, the order deleted from the table and the
 * search index) or every order kept, and what the last of those months costs.
 *
 * <p>Orders are taken as finished a moment after they are placed (the workload's last status change) and as moved the
 * moment their retention has passed (the job looks at a business daily, so they stay up to a day longer). What they
 * take is {@link StorageGrowth}'s; what a move takes, {@link OrderMoveCost}'s; keeping the businesses' schedules,
 * {@link ArchiveSchedulingLoad}'s. A deleted order leaves a search tombstone that is taken as purged (design §11).
 *
 * <p>The bucket's lifecycle rule moves objects to Glacier Instant Retrieval after {@link #STANDARD_DAYS}, but S3 moves
 * no object smaller than {@link #SMALLEST_MOVED} unless the rule says so with a size filter (its default since
 * September 2024), and the deployed rule has none. An archived order is far smaller: it stays in S3 Standard, and no
 * transition is charged. Were it moved, Glacier Instant Retrieval would bill it as {@link #SMALLEST_MOVED}.
 *
 * @param move what one order's move takes
 * @see <a href="https://docs.aws.amazon.com/AmazonS3/latest/userguide/lifecycle-transition-general-considerations.html">
 *     Transitioning objects using S3 Lifecycle</a>
 */
public record ArchiveModel(
        StorageGrowth.Rates growth, OrderMoveCost move, Schedules scheduling, Prices prices, CostAssumptions assumed) {
    /** Days an archived object spends in S3 Standard before the bucket's rule would move it. */
    static final Duration STANDARD_DAYS = Duration.ofDays(OrderArchiveBucket.COLDER_AFTER_DAYS);

    /**
     * The smallest object S3 Lifecycle moves to Glacier Instant Retrieval by default, and the size Glacier Instant
     * Retrieval bills a smaller object at: 128 KB.
     */
    static final long SMALLEST_MOVED = 128 * 1024;

    private static final double MONTH = CostModel.SECONDS_A_MONTH;

    /**
     * What the table and the search index hold at a month's end, their storage's cost, and the search compute units
     * their data needs.
     *
     * @param searchOcus the search compute units the index's data needs, standby replicas included
     */
    public record Held(Holding stored, double searchOcus, double searchCapacity) {
        double total() {
            return stored.total() + searchCapacity;
        }
    }

    /**
     * One month's holdings and their cost, in dollars. Without archiving every archive field is 0 and {@code
     * retention} is null.
     *
     * @param ordersMoved the orders moved to the archive in the month
     * @param archiveStorage the archive's objects, in the classes they are in
     * @param archivePuts three PUTs an order moved
     * @param transitions the lifecycle rule's moves to Glacier Instant Retrieval in the month
     * @param moveUnits the moves' reads and writes of the table: the status index, the order's partition, the lease,
     *     the transaction and the copies' deletes
     * @param tombstones the indexing compute units that write each moved order's search tombstone
     * @param schedules keeping the businesses' archive schedules, from the first month
     */
    public record Month(
            Duration retention,
            Held held,
            double archiveGb,
            double ordersMoved,
            double archiveStorage,
            double archivePuts,
            double transitions,
            double moveUnits,
            double tombstones,
            double schedules) {
        public double total() {
            return held.total() + archiveStorage + archivePuts + transitions + moveUnits + tombstones + schedules;
        }
    }

    /** The DynamoDB units a second that keeping the businesses' archive schedules takes. */
    interface Schedules {
        double readUnitsPerSecond(double finishesPerSecond, Duration retention);

        double writeUnitsPerSecond(double finishesPerSecond, Duration retention);
    }

    public ArchiveModel(CapacityModel model, Prices prices, CostAssumptions assumed) {
        this(new StorageGrowth(model), prices, assumed);
    }

    ArchiveModel(StorageGrowth growth, Prices prices, CostAssumptions assumed) {
        this(
                growth.rates(),
                OrderMoveCost.of(growth),
                new ArchiveSchedulingLoad(growth.model(), assumed),
                prices,
                assumed);
    }

    /** The orders a second that finish, and so, once their retention has passed, move. */
    double ordersPerSecond() {
        return growth.orders();
    }

    /** Month {@code months} of the workload with every order kept in the table and the search index. */
    public Month kept(int months) {
        double seconds = months * MONTH;
        double tableGb = growth.tableBytes() * seconds / StorageModel.GB;
        double searchGb = growth.searchBytes() * seconds / StorageModel.GB;
        return new Month(null, held(tableGb, searchGb), 0, 0, 0, 0, 0, 0, 0, 0);
    }

    /** Month {@code months} of the workload with finished orders moved to the archive {@code retention} after. */
    public Month archived(int months, Duration retention) {
        double seconds = months * MONTH;
        double orders = growth.orders();
        double hot = Math.min(seconds, retention.toSeconds());
        // How long orders have been moving by the month's end, and the share of the month they moved in.
        double moving = Math.max(0, seconds - retention.toSeconds());
        double movedInMonth = orders * Math.min(moving, MONTH);
        double orderTable = growth.orderTableBytes();
        double orderSearch = growth.orderSearchBytes();
        double tableGb = ((growth.tableBytes() - orderTable) * seconds + orderTable * hot) / StorageModel.GB;
        double searchGb = ((growth.searchBytes() - orderSearch) * seconds + orderSearch * hot) / StorageModel.GB;
        double archiveGb = orders * moving * move.objectBytes() / StorageModel.GB;
        boolean moved = move.objectBytes() >= SMALLEST_MOVED;
        double colderSeconds = moved ? Math.max(0, moving - STANDARD_DAYS.toSeconds()) : 0;
        double standardGb = orders * (moving - colderSeconds) * move.objectBytes() / StorageModel.GB;
        double colderGb = orders * colderSeconds * move.objectBytes() / StorageModel.GB;
        double archiveStorage =
                standardGb * prices.s3StandardGbMonth() + colderGb * prices.s3GlacierInstantRetrievalGbMonth();
        double transitions = orders
                * Math.min(colderSeconds, MONTH)
                / 1_000
                * prices.s3TransitionsToGlacierInstantRetrievalPerThousand();
        double moveUnits = movedInMonth
                * (move.writeUnits() / 1e6 * prices.writeRequestUnitsPerMillion()
                        + move.readUnits() / 1e6 * prices.readRequestUnitsPerMillion());
        double tombstones = movedInMonth / MONTH / assumed.documentsPerOcuSecond() * ocuMonth();
        double schedules = MONTH
                * (scheduling.writeUnitsPerSecond(orders, retention) / 1e6 * prices.writeRequestUnitsPerMillion()
                        + scheduling.readUnitsPerSecond(orders, retention) / 1e6 * prices.readRequestUnitsPerMillion());
        return new Month(
                retention,
                held(tableGb, searchGb),
                archiveGb,
                movedInMonth,
                archiveStorage,
                movedInMonth * OrderMoveCost.PUTS / 1_000 * prices.s3PutsPerThousand(),
                transitions,
                moveUnits,
                tombstones,
                schedules);
    }

    /**
     * What a month of {@code readsPerSecond} reads of archived orders by id adds: the API's consistent Query of the
     * table, which finds nothing, then one GET of the object.
     */
    public double archivedReadsMonthly(double readsPerSecond) {
        double reads = readsPerSecond * MONTH;
        return reads / 1_000 * prices.s3GetsPerThousand()
                + reads * ItemSize.readUnits(0, true) / 1e6 * prices.readRequestUnitsPerMillion();
    }

    /** What the same archive would cost a month in Glacier Instant Retrieval, were its objects moved there. */
    public double archiveInColderClassMonthly(Month month) {
        double objects = month.archiveGb() * StorageModel.GB / move.objectBytes();
        return objects
                * Math.max(move.objectBytes(), SMALLEST_MOVED)
                / StorageModel.GB
                * prices.s3GlacierInstantRetrievalGbMonth();
    }

    /** What the table and the search index cost for what they hold. */
    private Held held(double tableGb, double searchGb) {
        double searchOcus = Math.ceil(searchGb / assumed.searchGbPerOcu()) * assumed.searchDataCopies();
        return new Held(Holding.of(tableGb, searchGb, prices), searchOcus, searchOcus * ocuMonth());
    }

    private double ocuMonth() {
        return prices.searchOcuHour() * MONTH / 3600;
    }
}
