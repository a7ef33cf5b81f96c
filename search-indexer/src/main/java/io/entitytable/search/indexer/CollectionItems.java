package io.entitytable.search.indexer;

import io.entitytable.model.OrderLine;
import java.util.List;

/** Where an order's lines come from: they are items of their own, so the order's stream image does not carry them. */
@FunctionalInterface
public interface OrderLines {
    /** The lines of an order, in line order; empty when the order (or its lines) is gone. */
    List<OrderLine> of(String orderId);

    static OrderLines none() {
        return orderId -> List.of();
    }
}
