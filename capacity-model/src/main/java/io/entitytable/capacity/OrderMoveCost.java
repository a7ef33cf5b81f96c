package io.entitytable.capacity;

import io.entitytable.archive.ArchivedOrder;
import io.entitytable.capacity.StorageGrowth.PlacedOrder;
import io.entitytable.model.ArchiveLease;
import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What moving one finished order to the archive takes, averaged over the orders the workload places, as the archive
 * job's {@code OrderMove} makes the move (docs/design.md §2, "Lifecycle"): its look reads the order in the status
 * index, the move reads its partition with one strongly consistent Query, takes its lease with an UpdateItem, puts
 * three objects in the archive, and deletes the order and its lines with one off its child counter in one transaction;
 * the fan-out then deletes its tag and SKU copies as for any deleted order. Each DynamoDB write is priced by the
 * model's own rule ({@link TableWrites}), index entries included.
 *
 * @param objectBytes the order's object, its order item and lines as {@link ArchivedOrder#toJson} writes them; the two
 *     listing objects are empty
 * @param readUnits the look's share of a status-index page (the order item, eventually consistent, read 100 to a page
 *     so nothing is rounded up per order) and the consistent Query of the order's partition
 * @param writeUnits the lease, the transaction (each action twice) and the copies' deletes, with their index writes
 */
public record OrderMoveCost(double objectBytes, double readUnits, double writeUnits) {
    /** {@code OrderArchive.put}: the order object, then its business's listing, then its customer's. */
    public static final int PUTS = 3;

    static OrderMoveCost of(StorageGrowth growth) {
        double objectBytes = 0;
        double readUnits = 0;
        double writeUnits = 0;
        for (PlacedOrder placed : growth.placedOrders()) {
            double weight = placed.perSecond() / growth.ordersPerSecond();
            List<Map<String, AttributeValue>> collection = placed.collection();
            objectBytes += weight * ArchivedOrder.of(collection, Samples.NOW).toJson().length;
            long collectionBytes =
                    collection.stream().mapToLong(ItemSize::bytes).sum();
            readUnits += weight
                    * (ItemSize.bytes(placed.order()) / (double) ItemSize.READ_UNIT_BYTES / 2
                            + ItemSize.readUnits(collectionBytes, true));
            writeUnits += weight
                    * growth.model().accesses(writes(placed)).stream()
                            .mapToDouble(Access::writeUnits)
                            .sum();
        }
        return new OrderMoveCost(objectBytes, readUnits, writeUnits);
    }

    /** The move's writes of one order, and the fan-out's deletes of its copies that follow the order's delete. */
    private static List<ItemWrite> writes(PlacedOrder placed) {
        Map<String, AttributeValue> order = placed.order();
        Map<String, AttributeValue> leased = Values.newItem();
        leased.putAll(order);
        leased.put(
                Attributes.ARCHIVING,
                ArchiveLease.startingAt(Values.number(order, Attributes.VERSION), Samples.NOW)
                        .toAttribute());
        List<ItemWrite> writes = new ArrayList<>();
        writes.add(ItemWrite.update(order, leased, false));
        writes.add(ItemWrite.delete(leased, true));
        placed.of(ItemKind.LINE).forEach(line -> writes.add(ItemWrite.delete(line.after(), true)));
        // The create added one to its child counter; the move takes it off again.
        placed.of(ItemKind.COUNTER).forEach(added -> writes.add(ItemWrite.update(added.after(), added.before(), true)));
        placed.writes().stream()
                .filter(write -> write.after() != null
                        && StorageGrowth.kindOf(write.after()).isKeyedCopy())
                .forEach(copy -> writes.add(ItemWrite.delete(copy.after(), false)));
        return writes;
    }
}
