package io.entitytable.api.response;

import io.entitytable.model.Entity;
import io.entitytable.model.Order;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * An order as the API returns it: what the client chose and what the order keeps of the customer, never how it is
 * stored (its status index shard, its line count). {@code lines} are there when one order is read and absent in
 * lists, which read only the order items. Read from a tag copy it has no {@code businessId} or {@code customerId},
 * because copies never carry index attributes and filling them would cost a read per order. {@code archived} is true
 * for an order read from the archive (docs/design.md, "Lifecycle") and absent for one read from the table.
 */
@Schema(name = "Order", description = "An order of a customer, with the customer's name and ship-to as they were")
public record OrderResponse(
        @Schema(enumeration = "order") String entity,
        String id,
        @Schema(description = FieldDocs.BUSINESS_ID) String businessId,
        @Schema(description = "The customer who placed the order; absent when read from a copy") String customerId,
        String status,
        long totalCents,
        String paymentCard,
        @Schema(description = "The customer's name when the order was placed") CustomerNameResponse customer,
        @Schema(description = "The ship-to address when the order was placed") AddressResponse shipTo,
        @Schema(description = "Every line when one order is read; absent in lists") List<OrderLineResponse> lines,
        Set<String> tags,
        @Schema(description = FieldDocs.VERSION) long version,
        Instant createdAt,
        Instant updatedAt,
        @Schema(
                        description = "True when the order is finished and was read from the archive, where it no"
                                + " longer changes (a change of it is a 409); absent for an order read from the table")
                Boolean archived)
        implements SubjectResponse {

    /** An order read from the table. */
    public static OrderResponse from(Order order) {
        return from(order, false);
    }

    /** An order read from the table, or from the archive when {@code archived}. */
    public static OrderResponse from(Order order, boolean archived) {
        return new OrderResponse(
                Entity.ORDER.keyName(),
                order.id(),
                order.businessId(),
                order.customerId(),
                order.status(),
                order.totalCents(),
                order.paymentCard(),
                CustomerNameResponse.from(order.customer()),
                AddressResponse.from(order.shipTo()),
                order.lines() == null
                        ? null
                        : order.lines().stream().map(OrderLineResponse::from).toList(),
                order.tags(),
                order.version(),
                order.createdAt(),
                order.updatedAt(),
                archived ? Boolean.TRUE : null);
    }
}
