package io.entitytable.model;

import io.entitytable.model.access.PartitionQuery;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** One line of an order, stored as {@code id = <orderId>, type = line#0001} beside the order item. */
public record OrderLine(int lineNo, String sku, String description, int quantity, long unitPriceCents) {

    public long amountCents() {
        return quantity * unitPriceCents;
    }

    public Map<String, AttributeValue> toItem(String orderId) {
        Map<String, AttributeValue> item = Values.newItem();
        item.put(Attributes.ID, Values.s(orderId));
        item.put(Attributes.TYPE, Values.s(Keys.lineType(lineNo)));
        item.put(Attributes.KIND, Values.s(ItemKind.LINE.value()));
        item.put(Attributes.LINE_NO, Values.n(lineNo));
        item.put(Attributes.SKU, Values.s(sku));
        Values.putString(item, Attributes.DESCRIPTION, description);
        item.put(Attributes.QUANTITY, Values.n(quantity));
        item.put(Attributes.UNIT_PRICE_CENTS, Values.n(unitPriceCents));
        return item;
    }

    /**
     * The strongly consistent Query of an order's lines: {@code id = <orderId>, begins_with(type, line#)}, in line
     * order (for the search indexer and the index rebuild).
     */
    public static QueryRequest linesQuery(String tableName, String orderId) {
        return PartitionQuery.sortBeginsWith(null, orderId, Keys.lineTypePrefix())
                .consistentRead()
                .toRequest(tableName);
    }

    public static OrderLine from(Map<String, AttributeValue> item) {
        return new OrderLine(
                (int) Values.number(item, Attributes.LINE_NO),
                Values.string(item, Attributes.SKU),
                Values.string(item, Attributes.DESCRIPTION),
                (int) Values.number(item, Attributes.QUANTITY),
                Values.number(item, Attributes.UNIT_PRICE_CENTS));
    }
}
