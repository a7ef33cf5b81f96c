package io.entitytable.model;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An order with its lines. The order item carries an immutable snapshot of the customer's name and ship-to address
 * as they were when the order was placed, so a later change of the customer never rewrites its orders; its lines are
 * separate items in the same item collection, so one Query returns the order and every line.
 *
 * @param lines the lines, or null when only the order item was read (lists)
 * @param lineCount how many lines the order has; kept on the order item so a delete knows every line key
 * @param skus the distinct SKUs of its lines, fixed with them when the order is placed; kept on the order item, so an
 *     order read without its lines still has them (access pattern 15 reads its SKU copies)
 */
public record Order(
        String id,
        String businessId,
        String customerId,
        String status,
        long totalCents,
        String paymentCard,
        CustomerSnapshot customer,
        Address shipTo,
        List<OrderLine> lines,
        int lineCount,
        Set<String> skus,
        CoreFields common,
        Shard shard)
        implements CoreItem {

    public Order {
        skus = Set.copyOf(skus);
    }

    /** An order with its lines, its SKUs theirs; without lines (null), none. */
    public Order(
            String id,
            String businessId,
            String customerId,
            String status,
            long totalCents,
            String paymentCard,
            CustomerSnapshot customer,
            Address shipTo,
            List<OrderLine> lines,
            int lineCount,
            CoreFields common,
            Shard shard) {
        this(
                id,
                businessId,
                customerId,
                status,
                totalCents,
                paymentCard,
                customer,
                shipTo,
                lines,
                lineCount,
                skusOf(lines),
                common,
                shard);
    }

    /** Reads the order item; its lines come from {@link OrderLine#from} and are added with {@link #withLines}. */
    public static Order from(Map<String, AttributeValue> item) {
        return new Order(
                Values.string(item, Attributes.ID),
                Values.string(item, Attributes.BUSINESS_ID),
                Values.string(item, Attributes.CUSTOMER_ID),
                Values.string(item, Attributes.STATUS),
                Values.number(item, Attributes.TOTAL_CENTS),
                Values.string(item, Attributes.PAYMENT_CARD),
                CustomerSnapshot.from(Values.map(item, Attributes.CUSTOMER_SNAPSHOT)),
                Address.from(Values.map(item, Attributes.SHIP_TO)),
                null,
                (int) Values.number(item, Attributes.LINE_COUNT),
                Values.set(item, Attributes.SKUS),
                CoreFields.of(item),
                Shard.of(item));
    }

    public String type() {
        return Keys.orderType(createdAt());
    }

    /** The order item itself; {@link #lineItems()} are written beside it. */
    @Override
    public Map<String, AttributeValue> toItem() {
        Map<String, AttributeValue> item = CoreItem.base(this, type(), businessId, shard);
        item.put(Attributes.CUSTOMER_ID, Values.s(customerId));
        item.put(Attributes.STATUS, Values.s(status));
        item.put(Attributes.TOTAL_CENTS, Values.n(totalCents));
        Values.putString(item, Attributes.PAYMENT_CARD, paymentCard);
        item.put(Attributes.CUSTOMER_SNAPSHOT, customer.toAttributeValue());
        item.put(Attributes.SHIP_TO, shipTo.toAttributeValue());
        item.put(Attributes.LINE_COUNT, Values.n(lineCount));
        if (!skus.isEmpty()) {
            item.put(Attributes.SKUS, Values.ss(skus));
        }
        item.put(
                Attributes.GSI1_PK,
                Values.s(shard.groupPartition(Entity.ORDER, Attributes.STATUS, businessId, status)));
        item.put(Attributes.GSI1_SK, Values.s(Keys.createdSk(createdAt(), id)));
        return item;
    }

    private static Set<String> skusOf(List<OrderLine> lines) {
        return lines == null
                ? Set.of()
                : lines.stream().map(OrderLine::sku).collect(Collectors.toCollection(TreeSet::new));
    }

    public List<Map<String, AttributeValue>> lineItems() {
        return lines.stream().map(line -> line.toItem(id)).toList();
    }

    /** Its lines' items, when this record holds them. */
    @Override
    public List<Map<String, AttributeValue>> collectionItems() {
        return lines == null ? List.of() : lineItems();
    }

    /** The keys of its lines, {@code line#0001} to its {@code lineCount}th. */
    @Override
    public List<ItemKey> collectionKeys() {
        List<ItemKey> keys = new ArrayList<>(lineCount);
        for (int lineNo = 1; lineNo <= lineCount; lineNo++) {
            keys.add(new ItemKey(id, Keys.lineType(lineNo)));
        }
        return keys;
    }

    /** This order with the lines among {@code items}, in line order. */
    @Override
    public Order withCollection(List<Map<String, AttributeValue>> items) {
        return withLines(items.stream()
                .filter(item -> Keys.isLineType(Values.string(item, Attributes.TYPE)))
                .map(OrderLine::from)
                .sorted(Comparator.comparingInt(OrderLine::lineNo))
                .toList());
    }

    /** {@link CoreItem#withShard}, keeping the lines this record holds (its item does not). */
    @Override
    public Order withShard(Shard newShard) {
        Order placed = from(CoreItem.super.withShard(newShard).toItem());
        return lines == null ? placed : placed.withLines(lines);
    }

    /** This order with {@code newLines}, and so their SKUs. */
    public Order withLines(List<OrderLine> newLines) {
        return changed(status, paymentCard, List.copyOf(newLines), common);
    }

    public Order withStatusAndCard(String newStatus, String newPaymentCard) {
        return changed(newStatus, newPaymentCard, lines, common);
    }

    @Override
    public Entity entity() {
        return Entity.ORDER;
    }

    @Override
    public Order withTags(Set<String> newTags) {
        return changed(status, paymentCard, lines, common.withTags(newTags));
    }

    @Override
    public Order withVersion(long newVersion, Instant changedAt) {
        return changed(status, paymentCard, lines, common.withVersion(newVersion, changedAt));
    }

    /** This order with every field that may change replaced; the rest is fixed when the order is placed. */
    private Order changed(String newStatus, String newPaymentCard, List<OrderLine> newLines, CoreFields newCommon) {
        return new Order(
                id,
                businessId,
                customerId,
                newStatus,
                totalCents,
                newPaymentCard,
                customer,
                shipTo,
                newLines,
                lineCount,
                newLines == null ? skus : skusOf(newLines),
                newCommon,
                shard);
    }
}
