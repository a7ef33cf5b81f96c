package io.entitytable.archive;

import io.entitytable.model.Attributes;
import io.entitytable.model.DeclaredItem;
import io.entitytable.model.Entity;
import io.entitytable.model.Keys;
import io.entitytable.model.Values;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An order that left the table for the archive: its item collection exactly as the table held it, so that repair and
 * import can put it back unchanged, and the fields that place it (whose it is, when it was created) beside it.
 *
 * @param version the order item's version when it was archived
 * @param items the order item first, then the rest of its collection (its lines) in sort-key order, as stored
 */
public record ArchivedOrder(
        String businessId,
        String customerId,
        String orderId,
        Instant createdAt,
        long version,
        Instant archivedAt,
        List<Map<String, AttributeValue>> items) {

    public ArchivedOrder {
        Objects.requireNonNull(businessId, "businessId");
        Objects.requireNonNull(customerId, "customerId");
        Objects.requireNonNull(orderId, "orderId");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(archivedAt, "archivedAt");
        if (items.isEmpty() || !orderId.equals(Values.string(items.get(0), Attributes.ID))) {
            throw new IllegalArgumentException("archived order " + orderId + " without its order item first");
        }
        items = items.stream().map(Map::copyOf).toList();
    }

    /**
     * The archived form of the items a strongly consistent Query {@code id = <orderId>} returns: the order item is the
     * one whose type is an order's; the rest, its lines, follow it in sort-key order.
     */
    public static ArchivedOrder of(List<Map<String, AttributeValue>> orderAndLines, Instant archivedAt) {
        List<Map<String, AttributeValue>> orderItems = orderAndLines.stream()
                .filter(item -> Values.string(item, Attributes.TYPE).startsWith(Keys.typePrefix(Entity.ORDER)))
                .toList();
        if (orderItems.size() != 1) {
            throw new IllegalArgumentException("an order's collection holds one order item, not " + orderItems.size());
        }
        Map<String, AttributeValue> orderItem = orderItems.get(0);
        String orderId = Values.string(orderItem, Attributes.ID);
        List<Map<String, AttributeValue>> items = new ArrayList<>(orderAndLines.size());
        items.add(orderItem);
        orderAndLines.stream()
                .filter(item -> item != orderItem)
                .sorted(Comparator.comparing(item -> Values.string(item, Attributes.TYPE)))
                .forEach(items::add);
        for (Map<String, AttributeValue> item : items) {
            if (!orderId.equals(Values.string(item, Attributes.ID))) {
                throw new IllegalArgumentException("an item of another partition, " + Values.string(item, Attributes.ID)
                        + ", among order " + orderId + "'s");
            }
        }
        return new ArchivedOrder(
                Values.string(orderItem, Attributes.BUSINESS_ID),
                Values.string(orderItem, Attributes.CUSTOMER_ID),
                orderId,
                Values.instant(orderItem, Attributes.CREATED_AT),
                Values.number(orderItem, Attributes.VERSION),
                archivedAt,
                items);
    }

    /** The order with its lines, as its entity reads a live one's items ({@link Entity#read}). */
    public DeclaredItem subject() {
        return Entity.ORDER.read(items.get(0)).withCollection(items.subList(1, items.size()));
    }

    /** Where the order stands in its business's and its customer's lists. */
    public ArchivePosition position() {
        return new ArchivePosition(createdAt, orderId);
    }

    /** The object's content: JSON of {@link ArchivedOrderJson#FORMAT the current format}. */
    public byte[] toJson() {
        return ArchivedOrderJson.write(this);
    }

    /**
     * The order an object holds.
     *
     * @param name what names the object in errors (its key)
     * @throws UnknownArchiveFormatException when it is of a format this code does not read
     */
    public static ArchivedOrder fromJson(String name, byte[] json) {
        return ArchivedOrderJson.read(name, json);
    }
}
