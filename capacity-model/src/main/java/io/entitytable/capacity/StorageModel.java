package io.entitytable.capacity;

import io.entitytable.deployment.OrderArchiveBucket;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.search.client.SearchDocument;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the table, the search index and an archive of finished orders hold after some months of a workload, and what
 * holding them costs that month: every order kept in the table, beside finished orders moved to an archive once a
 * retention has passed. Sizes come from the items the capacity model's requests write ({@link CapacityModel#requests}):
 * each item and index entry as DynamoDB bills it, each search document as the indexer builds it, each archived order as
 * its order and lines.
 *
 * <p>Orders are taken as finished when their workload's last status change is made, a moment after they are placed,
 * and as read no more once archived. Left out: the search collection's compute units that grow with its data (no
 * published ratio), backups other than point-in-time recovery, the archiving job's reads of the orders it moves, and
 * reads of the archive.
 */
public final class StorageModel {
    /** How an archive is written and how the table lets go of what it archived. */
    public enum Archiving {
        /** Every order in the table for good. */
        NONE(0, false),
        /** An object per order, and each of its items deleted from the table with DeleteItem. */
        OBJECT_PER_ORDER(1, false),
        /**
         * Objects of 1,000 orders (a business's finished orders of a while, read by byte range through an index), and
         * the items left to the table's time to live, whose deletes DynamoDB does not charge. Their expiry is taken as
         * written by writes made anyway (the status change that finishes an order; its lines and tag copies would
         * need theirs from their own writes): a design the archive has yet to settle.
         */
        BATCHED_WITH_TTL(1_000, true);

        private final int ordersPerObject;
        private final boolean timeToLive;

        Archiving(int ordersPerObject, boolean timeToLive) {
            this.ordersPerObject = ordersPerObject;
            this.timeToLive = timeToLive;
        }
    }

    /** A month of holding the data, in dollars, and the sizes it was worked out from. */
    public record Month(
            Archiving archiving,
            double tableGb,
            double searchGb,
            double archiveGb,
            double tableStorage,
            double pointInTimeRecovery,
            double searchStorage,
            double archiveStorage,
            double archiveRequests,
            double tableDeletes) {
        public double total() {
            return tableStorage + pointInTimeRecovery + searchStorage + archiveStorage + archiveRequests + tableDeletes;
        }
    }

    /** How long an archived object stays in S3 Standard before the bucket's lifecycle rule moves it to the colder class. */
    static final Duration STANDARD_DAYS = Duration.ofDays(OrderArchiveBucket.COLDER_AFTER_DAYS);

    /** How long DynamoDB takes to delete an expired item (typically within two days, its guide says). */
    static final Duration TTL_DELAY = Duration.ofDays(2);

    private static final double GB = 1e9;

    /** The items that leave the table with an archived order. */
    private static final Set<ItemKind> LEAVES = EnumSet.of(ItemKind.CORE, ItemKind.LINE, ItemKind.TAG, ItemKind.SKU);

    /** Bytes a second of the workload that the table and the search index gain. */
    private record Growth(double table, double search) {
        Growth plus(double tableBytes, double searchBytes) {
            return new Growth(table + tableBytes, search + searchBytes);
        }
    }

    /** What an order takes: its bytes in the archive, and its items and their index entries in the table. */
    private record OrderShape(double archivedBytes, double items, double indexEntries) {
        OrderShape plus(double bytes, double itemCount, double entries) {
            return new OrderShape(archivedBytes + bytes, items + itemCount, indexEntries + entries);
        }

        OrderShape per(double orders) {
            return new OrderShape(archivedBytes / orders, items / orders, indexEntries / orders);
        }
    }

    private final CapacityModel model;
    private final Prices prices;
    /** Everything the workload's writes add a second, and of it what its orders add. */
    private Growth all = new Growth(0, 0);

    private Growth orders = new Growth(0, 0);
    private double ordersPlaced;
    private OrderShape order = new OrderShape(0, 0, 0);

    public StorageModel(CapacityModel model, Prices prices) {
        this.model = model;
        this.prices = prices;
        measure();
    }

    /** The month {@code months} after the workload started, finished orders kept hot for {@code retention}. */
    public Month month(int months, Duration retention, Archiving archiving) {
        double seconds = months * CostModel.SECONDS_A_MONTH;
        double hot = archiving == Archiving.NONE
                ? seconds
                : Math.min(seconds, retention.toSeconds() + (archiving.timeToLive ? TTL_DELAY.toSeconds() : 0));
        double archivedSeconds = archiving == Archiving.NONE ? 0 : Math.max(0, seconds - retention.toSeconds());
        double tableGb = ((all.table() - orders.table()) * seconds + orders.table() * hot) / GB;
        double searchedOrders = archiving == Archiving.NONE ? seconds : Math.min(seconds, retention.toSeconds());
        double searchGb = ((all.search() - orders.search()) * seconds + orders.search() * searchedOrders) / GB;
        double archiveGb = ordersPlaced * order.archivedBytes() * archivedSeconds / GB;
        double recentGb =
                ordersPlaced * order.archivedBytes() * Math.min(archivedSeconds, STANDARD_DAYS.toSeconds()) / GB;
        // Once archiving runs, each month archives a month of orders and moves a month of objects to the colder class.
        boolean archivingRuns = archivedSeconds > 0;
        double ordersArchived = archivingRuns ? ordersPlaced * CostModel.SECONDS_A_MONTH : 0;
        double objects = archiving == Archiving.NONE ? 0 : ordersArchived / archiving.ordersPerObject;
        double transitions = archivedSeconds > STANDARD_DAYS.toSeconds() ? objects : 0;
        double deletes =
                archiving == Archiving.OBJECT_PER_ORDER ? ordersArchived * (order.items() + order.indexEntries()) : 0;
        return new Month(
                archiving,
                tableGb,
                searchGb,
                archiveGb,
                tableGb * prices.tableStorageGbMonth(),
                tableGb * prices.pointInTimeRecoveryGbMonth(),
                searchGb * prices.searchStorageGbMonth(),
                recentGb * prices.s3StandardGbMonth()
                        + (archiveGb - recentGb) * prices.s3GlacierInstantRetrievalGbMonth(),
                objects / 1_000 * prices.s3PutsPerThousand()
                        + transitions / 1_000 * prices.s3TransitionsToGlacierInstantRetrievalPerThousand(),
                deletes / 1e6 * prices.writeRequestUnitsPerMillion());
    }

    /** The bytes each of the workload's write requests adds, averaged over the capacity model's samples. */
    private void measure() {
        for (Operation operation : model.requests()) {
            if (operation.itemWrites() == null) {
                continue;
            }
            double perSecond = operation.systemPerSecond();
            int samples = operation.samples();
            for (int i = 0; i < samples; i++) {
                List<ItemWrite> writes = operation.itemWrites().apply(i);
                double table = 0;
                double search = 0;
                boolean placesOrder = false;
                List<Map<String, AttributeValue>> lines = new ArrayList<>();
                for (ItemWrite write : writes) {
                    table += bytes(write.after()) - bytes(write.before());
                    Map<String, AttributeValue> item = write.after() != null ? write.after() : write.before();
                    if (kindOf(item) == ItemKind.LINE && write.after() != null) {
                        lines.add(write.after());
                    }
                }
                for (ItemWrite write : writes) {
                    if (write.before() == null && write.after() != null && kindOf(write.after()) == ItemKind.CORE) {
                        search += documentBytes(write.after(), lines);
                        // An order is the subject placed with lines in its item collection: what an archive keeps.
                        if (!lines.isEmpty()) {
                            placesOrder = true;
                            order = order.plus(archivedBytes(write.after(), lines) * perSecond / samples, 0, 0);
                        }
                    }
                }
                if (placesOrder) {
                    // What leaves the table with the order: its item, its lines and its tag copies, each with the
                    // index entries it has (a delete of each is a write of its own).
                    for (ItemWrite write : writes) {
                        if (write.before() == null && write.after() != null && LEAVES.contains(kindOf(write.after()))) {
                            order = order.plus(
                                    0, perSecond / samples, model.indexEntriesOf(write.after()) * perSecond / samples);
                        }
                    }
                }
                double share = perSecond / samples;
                all = all.plus(table * share, search * share);
                if (placesOrder) {
                    orders = orders.plus(table * share, search * share);
                    ordersPlaced += share;
                }
            }
        }
        // Summed over the orders placed a second: per order from here on.
        order = order.per(ordersPlaced);
    }

    private long bytes(Map<String, AttributeValue> item) {
        return item == null ? 0 : model.storedBytes(item);
    }

    private static long documentBytes(Map<String, AttributeValue> item, List<Map<String, AttributeValue>> lines) {
        return SearchDocument.of(item, lines)
                .map(document -> (long) document.toJson().getBytes(StandardCharsets.UTF_8).length)
                .orElse(0L);
    }

    /** An order and its lines as the archive keeps them: about their items' size. */
    private static long archivedBytes(Map<String, AttributeValue> order, List<Map<String, AttributeValue>> lines) {
        long bytes = ItemSize.bytes(order);
        for (Map<String, AttributeValue> line : lines) {
            bytes += ItemSize.bytes(line);
        }
        return bytes;
    }

    private static ItemKind kindOf(Map<String, AttributeValue> item) {
        return ItemKind.fromValue(item.get(Attributes.KIND).s());
    }
}
