package io.entitytable.capacity;

import io.entitytable.deployment.OrderArchiveBucket;
import java.time.Duration;

/**
 * What the table, the search index and an archive of finished orders in batches hold after some months of a workload,
 * and what holding them costs that month: every order kept in the table, beside a design the archive did not take
 * (objects of 1,000 orders, the items left to the table's time to live), kept for comparison with the archive as built
 * ({@link ArchiveModel}). Sizes are {@link StorageGrowth}'s; an archived order is as large as its object
 * ({@link OrderMoveCost#objectBytes}).
 *
 * <p>Orders are taken as finished when their workload's last status change is made, a moment after they are placed,
 * and as read no more once archived. Left out: backups other than point-in-time recovery, the archiving job's reads of
 * the orders it moves, and reads of the archive.
 */
public final class StorageModel {
    /** How an archive is written and how the table lets go of what it archived. */
    public enum Archiving {
        /** Every order in the table for good. */
        NONE(0),
        /**
         * Objects of 1,000 orders (a business's finished orders of a while, read by byte range through an index), and
         * the items left to the table's time to live, whose deletes DynamoDB does not charge. Their expiry is taken as
         * written by writes made anyway (the status change that finishes an order; its lines and tag copies would
         * need theirs from their own writes): a design the archive did not take.
         */
        BATCHED_WITH_TTL(1_000);

        private final int ordersPerObject;

        Archiving(int ordersPerObject) {
            this.ordersPerObject = ordersPerObject;
        }
    }

    /** A month of holding the data, in dollars, and the sizes it was worked out from. */
    public record Month(
            Archiving archiving, Holding held, double archiveGb, double archiveStorage, double archiveRequests) {
        public double total() {
            return held.total() + archiveStorage + archiveRequests;
        }
    }

    /** How long an archived object stays in S3 Standard before the bucket's lifecycle rule moves it to the colder class. */
    static final Duration STANDARD_DAYS = Duration.ofDays(OrderArchiveBucket.COLDER_AFTER_DAYS);

    /** How long DynamoDB takes to delete an expired item (typically within two days, its guide says). */
    static final Duration TTL_DELAY = Duration.ofDays(2);

    static final double GB = 1e9;

    private final StorageGrowth.Rates growth;
    private final Prices prices;
    private final double orderBytes;

    public StorageModel(CapacityModel model, Prices prices) {
        this(new StorageGrowth(model), prices);
    }

    StorageModel(StorageGrowth growth, Prices prices) {
        this.growth = growth.rates();
        this.prices = prices;
        this.orderBytes = OrderMoveCost.of(growth).objectBytes();
    }

    /** The month {@code months} after the workload started, finished orders kept hot for {@code retention}. */
    public Month month(int months, Duration retention, Archiving archiving) {
        double seconds = months * CostModel.SECONDS_A_MONTH;
        boolean archives = archiving != Archiving.NONE;
        double hot = archives ? Math.min(seconds, retention.toSeconds() + TTL_DELAY.toSeconds()) : seconds;
        double archivedSeconds = archives ? Math.max(0, seconds - retention.toSeconds()) : 0;
        double orderTable = growth.orderTableBytes();
        double orderSearch = growth.orderSearchBytes();
        double tableGb = ((growth.tableBytes() - orderTable) * seconds + orderTable * hot) / GB;
        double searchedOrders = archives ? Math.min(seconds, retention.toSeconds()) : seconds;
        double searchGb = ((growth.searchBytes() - orderSearch) * seconds + orderSearch * searchedOrders) / GB;
        double archiveGb = growth.orders() * orderBytes * archivedSeconds / GB;
        double recentGb = growth.orders() * orderBytes * Math.min(archivedSeconds, STANDARD_DAYS.toSeconds()) / GB;
        // Once archiving runs, each month archives a month of orders and moves a month of objects to the colder class.
        double ordersArchived = archivedSeconds > 0 ? growth.orders() * CostModel.SECONDS_A_MONTH : 0;
        double objects = archives ? ordersArchived / archiving.ordersPerObject : 0;
        double transitions = archivedSeconds > STANDARD_DAYS.toSeconds() ? objects : 0;
        return new Month(
                archiving,
                Holding.of(tableGb, searchGb, prices),
                archiveGb,
                recentGb * prices.s3StandardGbMonth()
                        + (archiveGb - recentGb) * prices.s3GlacierInstantRetrievalGbMonth(),
                objects / 1_000 * prices.s3PutsPerThousand()
                        + transitions / 1_000 * prices.s3TransitionsToGlacierInstantRetrievalPerThousand());
    }
}
