package io.entitytable.search.indexer.rebuild;

import io.entitytable.model.Attributes;
import io.entitytable.model.CoreItem;
import io.entitytable.model.Entity;
import io.entitytable.model.ItemKind;
import io.entitytable.model.OrderLine;
import io.entitytable.model.SearchDocument;
import io.entitytable.model.Values;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The search documents of one Scan segment's items, as they are read. Customers and stores give their document at
 * once. An order needs its lines, which are items of their own under the order's partition key: a parallel Scan never
 * splits a partition key across segments, so they come in the same segment, normally right before the order
 * ({@code line#…} sorts before {@code order#…}). An order is held until as many lines as its {@code lineCount} are
 * seen; whatever is still held at the segment's end (lines written after the Scan passed them, an order and lines
 * split oddly) is handed back for one Query each. Holding only incomplete orders keeps memory to a few items per
 * segment instead of every line of the table.
 */
final class ScannedDocuments {
    private final Map<String, List<OrderLine>> lines = new HashMap<>();
    private final Map<String, Map<String, AttributeValue>> waiting = new HashMap<>();

    /** The documents {@code item} completes: none, its own, or its order's. */
    List<SearchDocument> add(Map<String, AttributeValue> item) {
        String kind = Values.string(item, Attributes.KIND);
        if (ItemKind.LINE.value().equals(kind)) {
            String orderId = Values.string(item, Attributes.ID);
            lines.computeIfAbsent(orderId, id -> new ArrayList<>()).add(OrderLine.from(item));
            Map<String, AttributeValue> order = waiting.get(orderId);
            return order != null && complete(order) ? List.of(release(order)) : List.of();
        }
        if (!CoreItem.isCore(item)) {
            return List.of();
        }
        Entity entity = CoreItem.entityOf(item);
        if (!entity.isSearchable()) {
            return List.of();
        }
        if (entity != Entity.ORDER) {
            return SearchDocument.of(item, List.of()).stream().toList();
        }
        if (complete(item)) {
            return List.of(release(item));
        }
        waiting.put(Values.string(item, Attributes.ID), item);
        return List.of();
    }

    /** The orders still held at the segment's end: their lines must be queried. */
    List<Map<String, AttributeValue>> incompleteOrders() {
        return List.copyOf(waiting.values());
    }

    private boolean complete(Map<String, AttributeValue> order) {
        long lineCount = Values.number(order, Attributes.LINE_COUNT);
        return lines.getOrDefault(Values.string(order, Attributes.ID), List.of())
                        .size()
                >= lineCount;
    }

    private SearchDocument release(Map<String, AttributeValue> order) {
        String id = Values.string(order, Attributes.ID);
        waiting.remove(id);
        List<Map<String, AttributeValue>> orderLines = Optional.ofNullable(lines.remove(id)).orElse(List.of()).stream()
                .sorted(Comparator.comparingInt(OrderLine::lineNo))
                .map(line -> line.toItem(id))
                .toList();
        return SearchDocument.of(order, orderLines).orElseThrow();
    }
}
