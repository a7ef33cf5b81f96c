package io.entitytable.api.response;

import io.entitytable.model.OrderLine;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One line of an order. */
@Schema(name = "OrderLine")
public record OrderLineResponse(int lineNo, String sku, String description, int quantity, long unitPriceCents) {

    public static OrderLineResponse from(OrderLine line) {
        return new OrderLineResponse(
                line.lineNo(), line.sku(), line.description(), line.quantity(), line.unitPriceCents());
    }
}
