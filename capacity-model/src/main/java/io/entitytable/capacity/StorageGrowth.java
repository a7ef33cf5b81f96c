package io.entitytable.capacity;

import io.entitytable.model.Attributes;
import io.entitytable.model.ItemKind;
import io.entitytable.search.client.SearchDocument;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What the workload's writes add a second to the table and to the search index, and how much of it its orders add,
 * measured once from the items the capacity model's requests write ({@link CapacityModel#requests}): each item and
 * index entry as DynamoDB bills storage, each search document as the indexer builds it. Every storage and archive
 * figure of the report is a multiple of these rates, so they are measured in one place.
 *
 * <p>An order is the subject placed with lines in its item collection: what the archive takes. Each placed order is
 * kept with its share of the rate, so what moving it costs can be worked out from the very items that placed it.
 */
final class StorageGrowth {
    /**
     * One sampled order as its create wrote it.
     *
     * @param perSecond the orders a second this sample stands for
     * @param writes every item the create and its fan-out wrote: the order, its lines, its counter, its copies
     */
    record PlacedOrder(double perSecond, Map<String, AttributeValue> order, List<ItemWrite> writes) {
        /** The items of the order's own partition (the order and its lines), as a Query of it returns them. */
        List<Map<String, AttributeValue>> collection() {
            String id = order.get(Attributes.ID).s();
            return writes.stream()
                    .map(ItemWrite::after)
                    .filter(item ->
                            item != null && id.equals(item.get(Attributes.ID).s()))
                    .toList();
        }

        /** What the create put of one kind. */
        List<ItemWrite> of(ItemKind kind) {
            return writes.stream()
                    .filter(write -> write.after() != null && kindOf(write.after()) == kind)
                    .toList();
        }
    }

    /**
     * The rates themselves, bytes and orders a second.
     *
     * @param orderTableBytes of {@code tableBytes}, what orders placed (their items, lines, copies and index entries) add
     * @param orderSearchBytes of {@code searchBytes}, what orders' documents add
     */
    record Rates(
            double tableBytes, double searchBytes, double orderTableBytes, double orderSearchBytes, double orders) {}

    private final CapacityModel model;
    private double tableBytes;
    private double searchBytes;
    private double orderTableBytes;
    private double orderSearchBytes;
    private double ordersPerSecond;
    private final List<PlacedOrder> placed = new ArrayList<>();

    StorageGrowth(CapacityModel model) {
        this.model = model;
        measure();
    }

    CapacityModel model() {
        return model;
    }

    Rates rates() {
        return new Rates(tableBytes, searchBytes, orderTableBytes, orderSearchBytes, ordersPerSecond);
    }

    double ordersPerSecond() {
        return ordersPerSecond;
    }

    /** Every sampled order placed, each with the share of {@link #ordersPerSecond} it stands for. */
    List<PlacedOrder> placedOrders() {
        return placed;
    }

    private void measure() {
        for (Operation operation : model.requests()) {
            if (operation.itemWrites() == null) {
                continue;
            }
            double share = operation.systemPerSecond() / operation.samples();
            for (int i = 0; i < operation.samples(); i++) {
                List<ItemWrite> writes = operation.itemWrites().apply(i);
                double table = 0;
                List<Map<String, AttributeValue>> lines = new ArrayList<>();
                for (ItemWrite write : writes) {
                    table += bytes(write.after()) - bytes(write.before());
                    if (write.after() != null && kindOf(write.after()) == ItemKind.LINE) {
                        lines.add(write.after());
                    }
                }
                double search = 0;
                Map<String, AttributeValue> order = null;
                for (ItemWrite write : writes) {
                    if (write.before() == null && write.after() != null && kindOf(write.after()) == ItemKind.CORE) {
                        search += documentBytes(write.after(), lines);
                        if (!lines.isEmpty()) {
                            order = write.after();
                        }
                    }
                }
                tableBytes += table * share;
                searchBytes += search * share;
                if (order != null) {
                    orderTableBytes += table * share;
                    orderSearchBytes += search * share;
                    ordersPerSecond += share;
                    placed.add(new PlacedOrder(share, order, writes));
                }
            }
        }
    }

    private long bytes(Map<String, AttributeValue> item) {
        return item == null ? 0 : model.storedBytes(item);
    }

    private static long documentBytes(Map<String, AttributeValue> item, List<Map<String, AttributeValue>> lines) {
        return SearchDocument.of(item, lines)
                .map(document -> (long) document.toJson().getBytes(StandardCharsets.UTF_8).length)
                .orElse(0L);
    }

    static ItemKind kindOf(Map<String, AttributeValue> item) {
        return ItemKind.fromValue(item.get(Attributes.KIND).s());
    }
}
